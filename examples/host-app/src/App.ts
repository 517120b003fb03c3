/**
 * A host application: an `@effect/platform` server with routes of its own,
 * which mounts Moneta's API under `/moneta`. Requests under the prefix reach
 * Moneta with the prefix taken off (`/moneta/accounts` is Moneta's
 * `/accounts`); every other request stays with the app.
 *
 * `layer` needs what Moneta's API needs, a database (`SqlClient`, from
 * `@moneta/store/Database`) and the environment it serves
 * (`ServerEnvironment`), plus an `HttpServer`: `main.ts` provides them.
 */
import { HttpApiBuilder, HttpMiddleware, HttpRouter, HttpServer, HttpServerResponse } from "@effect/platform"
import * as MonetaHttp from "@moneta/http/MonetaHttp"
import { Effect, Layer } from "effect"

/** Where Moneta's API lives inside the app. */
export const monetaPrefix = "/moneta"

/** The app's own routes, as they were before Moneta came along. */
export const routes = HttpRouter.empty.pipe(
  HttpRouter.get("/", HttpServerResponse.text("Hello from the host app. Moneta's API is under /moneta.")),
  HttpRouter.get("/health", HttpServerResponse.json({ status: "ok" }))
)

/** The app served: its routes, and Moneta's API (`HttpApiBuilder.httpApp` over `MonetaHttp.layer`) mounted under the prefix. */
export const layer = Layer.unwrapEffect(
  Effect.map(
    HttpApiBuilder.httpApp,
    (moneta) => HttpServer.serve(routes.pipe(HttpRouter.mountApp(monetaPrefix, moneta)), HttpMiddleware.logger)
  )
).pipe(
  // What `HttpApiBuilder.serve` would provide, had Moneta been the whole server.
  Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer]),
  Layer.provide(MonetaHttp.layer)
)
