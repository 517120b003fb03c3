/**
 * A host application: an Effect HTTP server with routes of its own, which
 * mounts Moneta under `/moneta` with its webhook dispatcher, its real-time
 * decision sweeper and its reference page. Requests under the prefix reach
 * Moneta with the prefix taken off (`/moneta/accounts` is Moneta's
 * `/accounts`); every other request stays with the app.
 */
import * as Mount from "@moneta/http/Mount"
import { Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"

/** Where Moneta lives inside the app. */
export const monetaPrefix = "/moneta"

/** The app's own routes, as they were before Moneta came along. */
export const routes = Layer.mergeAll(
  HttpRouter.add("GET", "/", HttpServerResponse.text("Hello from the host app. Moneta's API is under /moneta.")),
  HttpRouter.add("GET", "/health", HttpServerResponse.jsonUnsafe({ status: "ok" }))
)

/**
 * The app served: its routes and Moneta's sandbox on the same router. Needs the database, which `main.ts`
 * provides to the app and its first run alike (`Mount.providedDatabase`), and an `HttpServer`.
 */
export const layer = HttpRouter.serve(
  Layer.merge(
    routes,
    Mount.apiWithBackgroundAndDocs({
      database: Mount.providedDatabase,
      environment: "sandbox",
      prefix: monetaPrefix
    })
  ),
  { disableListenLog: true }
)
