/**
 * What the contract says each endpoint takes, read from it once so that
 * endpoints added later are covered without a list to maintain:
 * - whether it declares query parameters (lists refuse unknown ones through
 *   their schema; the others have no schema to do it, so a query string sent
 *   to them is refused by the input guards instead of silently ignored);
 * - which body media types it declares besides JSON (file uploads take
 *   `multipart/form-data`), and whether it declares a body at all (actions
 *   such as an approval take none, so fields sent to them are refused rather
 *   than silently ignored).
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { HttpApi } from "effect/http-api"

interface EndpointShape {
  readonly method: string
  readonly path: RegExp
  readonly takesQuery: boolean
  readonly mediaTypes: ReadonlySet<string>
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** `/accounts/:account_id/balance` → a pattern matching one non-empty segment per parameter. */
const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path.split("/").map((segment) => segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)).join("/")}$`
  )

const readShapes = (): ReadonlyArray<EndpointShape> => {
  const shapes: Array<EndpointShape> = []
  HttpApi.reflect(MonetaApi, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint }) => {
      shapes.push({
        method: endpoint.method,
        path: patternOf(endpoint.path),
        takesQuery: endpoint.query !== undefined,
        mediaTypes: new Set([...endpoint.payload.keys()].map((type) => type.toLowerCase()))
      })
    }
  })
  return shapes
}

const shapes = readShapes()

const shapeOf = (method: string, path: string) =>
  shapes.find((shape) => shape.method === method && shape.path.test(path))

/** Whether `method path` is served by an endpoint that takes no query parameters. */
export const takesNoQuery = (method: string, path: string): boolean => shapeOf(method, path)?.takesQuery === false

/** Whether `method path` declares a body of `mediaType` (JSON is checked by the guards themselves). */
export const acceptsMediaType = (method: string, path: string, mediaType: string): boolean =>
  shapeOf(method, path)?.mediaTypes.has(mediaType) === true

/** The body media types `method path` declares (empty for an unknown route or one that takes no body). */
export const mediaTypesOf = (method: string, path: string): ReadonlyArray<string> =>
  Array.from(shapeOf(method, path)?.mediaTypes ?? [])

/** Whether `method path` is served by an endpoint that declares no body. */
export const takesNoBody = (method: string, path: string): boolean => shapeOf(method, path)?.mediaTypes.size === 0
