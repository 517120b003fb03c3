/**
 * The reference page (`/docs`): Scalar's API reference over an OpenAPI
 * document of the API, one page that loads nothing from another host.
 * `moneta` serves it prepared and compressed (server's `ReferenceDocuments`);
 * a host app can serve `html(document)` of its own document. Scalar is set up
 * for this sandbox (docs/operations.md, "The reference page"):
 *
 * - bearer authentication is selected, with `YOUR_API_KEY` in the auth box
 *   and the code samples for the user to replace: the page never carries a key;
 * - no developer toolbar: Scalar shows it on localhost unless told
 *   (`showDeveloperTools`), and its "Share" and "Deploy on Scalar" upload the
 *   document to scalar.com on a click; no "Open API Client" button either
 *   (`hideClientButton`: a link to client.scalar.com); no telemetry;
 * - the code samples leave out the optional parameters without a value: the
 *   `Idempotency-Key` header, and query parameters such as `cursor` and
 *   `limit`. Scalar (1.43) writes every parameter declared with a `schema`
 *   into its samples, optional or not, with the schema's default or example
 *   or an empty value, and an empty key or `?cursor=` is refused (400). In the
 *   page's copy of the document an optional header or query parameter without
 *   an example is declared by `content` instead (its `text/plain`
 *   schema, the same thing in OpenAPI's other form), which Scalar lists as
 *   before and leaves out of the samples. `/openapi.json` is unchanged;
 * - no outside fonts: Scalar's default fonts are off (`withDefaultFonts`),
 *   and the `url(https://fonts.scalar.com/…)` sources of their stylesheet,
 *   still in Scalar's script, become empty `data:` URLs, so that even if that
 *   stylesheet were applied the browser would stay on this server (and fall
 *   back to system fonts).
 */
import { Effect, Predicate } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { HttpApi, HttpApiScalar, type OpenApi } from "effect/http-api"

const outsideUrl = /url\((["']?)https?:\/\/[^)"']*\1\)/g

/** `text` with every CSS `url()` of another host replaced by an empty `data:` URL. */
export const withoutOutsideUrls = (text: string): string => text.replace(outsideUrl, "url(data:,)")

/** What the auth box and the code samples show for the key until the user types theirs. */
export const apiKeyPlaceholder = "YOUR_API_KEY"

/** The id of the page's JSON element holding Scalar's configuration (the document included). */
export const configurationElementId = "api-reference-configuration"

type Node = { [key: string]: unknown }

const isNode = (value: unknown): value is Node => Predicate.isObject(value) && !Array.isArray(value)

const nodes = (value: unknown): ReadonlyArray<Node> =>
  Array.isArray(value) ? value.filter(isNode) : isNode(value) ? Object.values(value).filter(isNode) : []

const hasExample = (parameter: Node) => "example" in parameter || "examples" in parameter

const leftOutWithoutValue = new Set(["header", "query"])

/**
 * Declares an optional header or query parameter without an example by `content`, so that Scalar's samples
 * leave it out.
 */
const outOfSamples = (parameter: Node): void => {
  const schema = parameter["schema"]
  if (!leftOutWithoutValue.has(String(parameter["in"]))) return
  if (parameter["required"] === true || hasExample(parameter) || !isNode(schema)) return
  // A default is what the API uses anyway: only an example is worth showing in a sample.
  if (hasExample(schema)) return
  delete parameter["schema"]
  parameter["content"] = { "text/plain": { schema } }
}

/** The page's copy of `document`: see the module's comment. */
export const pageDocument = (document: OpenApi.OpenAPISpec): OpenApi.OpenAPISpec => {
  const copy = structuredClone(document)
  for (const pathItem of nodes(copy.paths)) {
    for (const operation of nodes(pathItem)) {
      for (const parameter of nodes(operation["parameters"])) outOfSamples(parameter)
    }
  }
  return copy
}

/** The name of the document's bearer security scheme, if it has one. */
export const bearerScheme = (document: OpenApi.OpenAPISpec): string | undefined =>
  Object.entries(document.components.securitySchemes).find(([, scheme]) =>
    scheme.type === "http" && scheme.scheme.toLowerCase() === "bearer"
  )?.[0]

/** Scalar's configuration for `document` (Scalar 1.43's option names, as its bundle reads them). */
export const configuration = (document: OpenApi.OpenAPISpec): Record<string, unknown> => {
  const scheme = bearerScheme(document)
  return {
    withDefaultFonts: false,
    favicon: "/favicon.ico",
    showDeveloperTools: "never",
    hideClientButton: true,
    telemetry: false,
    ...(scheme === undefined ? {} : {
      authentication: {
        preferredSecurityScheme: scheme,
        securitySchemes: { [scheme]: { token: apiKeyPlaceholder } }
      }
    }),
    content: pageDocument(document)
  }
}

/** JSON that may stand inside a `<script>` element: no `<` (so no `</script>`), no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const scriptStart = "<script>"
const scriptEnd = "</script>"

/**
 * Scalar's standalone script as effect carries it. effect exports it only
 * inside the page `HttpApiScalar` serves, as that page's first `<script>`
 * element: it is taken from the page served for an empty API.
 */
const scalarScript: Effect.Effect<string> = Effect.gen(function*() {
  const app = yield* HttpRouter.toHttpEffect(HttpApiScalar.layer(HttpApi.make("scalar"), { path: "/" }))
  const response = yield* app.pipe(
    Effect.provideService(HttpServerRequest.HttpServerRequest, HttpServerRequest.fromWeb(new Request("http://x/")))
  )
  const served = response.body._tag === "Uint8Array" ? new TextDecoder().decode(response.body.body) : ""
  const start = served.indexOf(scriptStart)
  const end = served.indexOf(scriptEnd, start)
  const script = start < 0 || end < 0 ? "" : served.slice(start + scriptStart.length, end)
  if (!script.includes("createApiReference")) {
    return yield* Effect.die(new Error("HttpApiScalar's page no longer begins with Scalar's script"))
  }
  return script
}).pipe(Effect.scoped, Effect.orDie)

// Names a file this server does not have (a browser's developer tools would ask for it).
const sourceMapComment = /\n\/\/# sourceMappingURL=\S*\s*$/

// Not "api-reference": Scalar's script would mount a second reference on an element of that id by itself.
const page = (document: OpenApi.OpenAPISpec, script: string) => {
  const title = escapeHtml(`${document.info.title} reference`)
  const description = document.info.description === undefined
    ? ""
    : `\n    <meta name="description" content="${escapeHtml(document.info.description)}" />`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>${description}
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="api-reference-container"></div>
    <script type="application/json" id="${configurationElementId}">${scriptJson(configuration(document))}</script>
    <script>${withoutOutsideUrls(script).replace(sourceMapComment, "")}</script>
    <script>
      window.Scalar.createApiReference(
        document.getElementById("api-reference-container"),
        JSON.parse(document.getElementById("${configurationElementId}").textContent)
      )
    </script>
  </body>
</html>
`
}

/**
 * The page for `document`. Taking Scalar's script and building the page hold
 * the main thread for a moment (0.1 to 0.5 s, more on a loaded machine), each
 * step after a yield so that requests interleave.
 */
export const html = (document: OpenApi.OpenAPISpec): Effect.Effect<string> =>
  Effect.gen(function*() {
    yield* Effect.yieldNow
    const script = yield* scalarScript
    yield* Effect.yieldNow
    return page(document, script)
  })
