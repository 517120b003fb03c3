/**
 * What the server serves over HTTP: the API, `/openapi.json`, the reference
 * page at `/docs` (bundled and without an outside font host, so it works
 * offline; prepared and compressed once, `ReferenceDocuments`, which this
 * layer also provides), the dashboard at `/dashboard` (`DashboardRoute`),
 * `GET /` (pointing at those), `/favicon.ico`,
 * `/health` and `/ready`, with one log line per request. Needs an
 * `HttpServer`, the database, `ServerEnvironment` and the webhook
 * `Dispatcher` (for `/ready`).
 */
import * as MonetaHttp from "@moneta/http/MonetaHttp"
import { Layer } from "effect"
import { HttpMiddleware, HttpRouter } from "effect/http"
import * as DashboardAssets from "./DashboardAssets.js"
import * as DashboardRoute from "./DashboardRoute.js"
import * as DocsRoute from "./DocsRoute.js"
import * as Favicon from "./Favicon.js"
import * as Health from "./Health.js"
import * as OpenApiRoute from "./OpenApiRoute.js"
import * as ReferenceDocuments from "./ReferenceDocuments.js"
import * as RequestLog from "./RequestLog.js"
import * as RootRoute from "./RootRoute.js"

// Every path is the API's or its documents': a request no route takes gets the API's 404 too (layerUnroutable).
const routes = Layer.mergeAll(
  MonetaHttp.layer,
  MonetaHttp.layerUnroutable,
  DocsRoute.layer,
  DashboardRoute.layer,
  Favicon.layer,
  Health.layer,
  OpenApiRoute.layer,
  RootRoute.layer,
  RequestLog.layer
).pipe(Layer.provide(RequestLog.recordRoute))

/** Spans keep the name they had before Effect 4 (`http.server GET`), which traces are searched by. */
const spanNames = Layer.succeed(
  HttpMiddleware.SpanNameGenerator,
  (request) => `http.server ${request.method}`
)

export const layer = HttpRouter.serve(routes, {
  // RequestLog writes the one line per request; the server's banner says where it listens.
  disableLogger: true,
  disableListenLog: true
}).pipe(
  Layer.provide(spanNames),
  Layer.provideMerge(ReferenceDocuments.layer),
  Layer.provide(DashboardAssets.layer)
)
