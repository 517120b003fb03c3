/**
 * A host application: an Effect HTTP server with routes of its own, which
 * mounts Moneta's API under `/moneta`. Requests under the prefix reach
 * Moneta with the prefix taken off (`/moneta/accounts` is Moneta's
 * `/accounts`); every other request stays with the app.
 *
 * `layer` needs what Moneta's API needs, a database (`SqlClient`, from
 * `@moneta/store/Database`) and the environment it serves
 * (`ServerEnvironment`), plus an `HttpServer`: `main.ts` provides them.
 */
import * as MonetaHttp from "@moneta/http/MonetaHttp"
import { Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"

/** Where Moneta's API lives inside the app. */
export const monetaPrefix = "/moneta"

/** The app's own routes, as they were before Moneta came along. */
export const routes = Layer.mergeAll(
  HttpRouter.add("GET", "/", HttpServerResponse.text("Hello from the host app. Moneta's API is under /moneta.")),
  HttpRouter.add("GET", "/health", HttpServerResponse.jsonUnsafe({ status: "ok" }))
)

/**
 * The app served: its routes, and Moneta's API (`MonetaHttp.layer`) added to the same router under the
 * prefix; a log line per request, and none for the address (`main.ts` announces it).
 */
export const layer = HttpRouter.serve(
  Layer.merge(routes, MonetaHttp.layer.pipe(Layer.provide(MonetaHttp.prefixed(monetaPrefix)))),
  { disableListenLog: true }
)
