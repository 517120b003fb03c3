/**
 * The endpoints of the contract that declare no query parameters (retrieves,
 * creates, actions). Lists refuse unknown parameters through their schema;
 * these have no schema to do it, so a query string sent to one of them is
 * refused here instead of silently ignored. Read from the contract itself, so
 * endpoints added later are covered without a list to maintain.
 */
import { HttpApi } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Option } from "effect"

interface EndpointPattern {
  readonly method: string
  readonly path: RegExp
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** `/accounts/:account_id/balance` → a pattern matching one non-empty segment per parameter. */
const patternOf = (path: string): RegExp =>
  new RegExp(`^${path.split("/").map((segment) => segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)).join("/")}$`)

const querylessEndpoints = (): ReadonlyArray<EndpointPattern> => {
  const patterns: Array<EndpointPattern> = []
  HttpApi.reflect(MonetaApi, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint }) => {
      if (Option.isNone(endpoint.urlParamsSchema)) patterns.push({ method: endpoint.method, path: patternOf(endpoint.path) })
    }
  })
  return patterns
}

const patterns = querylessEndpoints()

/** Whether `method path` is served by an endpoint that takes no query parameters. */
export const takesNoQuery = (method: string, path: string): boolean =>
  patterns.some((pattern) => pattern.method === method && pattern.path.test(path))
