/**
 * What the server serves over HTTP: the API, `/openapi.json`, the reference
 * page at `/docs` (bundled and without an outside font host, so it works
 * offline; compressed when the client accepts it), `/favicon.ico`, `/health`
 * and `/ready`, with one log line per request. Needs an `HttpServer`, the
 * database, `ServerEnvironment` and the webhook `Dispatcher` (for `/ready`).
 */
import { HttpApiBuilder } from "@effect/platform"
import * as MonetaHttp from "@moneta/http/MonetaHttp"
import { Layer } from "effect"
import * as Compression from "./Compression.js"
import * as DocsRoute from "./DocsRoute.js"
import * as Favicon from "./Favicon.js"
import * as Health from "./Health.js"
import * as OfflineDocs from "./OfflineDocs.js"
import * as OpenApiRoute from "./OpenApiRoute.js"
import * as RequestLog from "./RequestLog.js"

export const layer = HttpApiBuilder.serve((app) =>
  // OfflineDocs rewrites the page before Compression compresses it: its pre-response handler is appended first.
  RequestLog.middleware(OfflineDocs.middleware(Compression.middleware(app)))
).pipe(
  Layer.provide(DocsRoute.layer),
  Layer.provide(Favicon.layer),
  Layer.provide(Health.layer),
  Layer.provide(OpenApiRoute.layer),
  Layer.provide(MonetaHttp.layer)
)
