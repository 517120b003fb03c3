/**
 * The context an HTTP server serves its requests in.
 *
 * A server's `serve` runs every request in the context it was called in: in a
 * layer, every service the layers around it were built with (in `moneta`
 * some thirty: the database's, the first run's, the command line's). Effect
 * copies a request's context whenever a context is merged into it (once per
 * request by `HttpApiBuilder` for the group's middleware, once per
 * transaction by `effect/sql`), so its size is paid on every request
 * (docs/benchmarks.md, "Requests served in a smaller context").
 *
 * Moneta's handlers take their services when they are built, and what they use
 * per request comes from the router's middleware (`MonetaHttp`'s request
 * services), so the services they are built with can be left out of the
 * serving context. Only services are left out, never references (a logger,
 * the log level, a tracer, a setting): a reference missing from a context
 * reads as its default, silently.
 */
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { WebhookDestinations } from "@moneta/domain/WebhookDestination"
import { Context, Effect, Layer, Scope } from "effect"
import { HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"

/** `server`, serving each request in the context `serve` is called in without the `omitted` services. */
export const without =
  (omitted: ReadonlyArray<Context.Key<unknown, unknown>>) =>
  (server: HttpServer.HttpServer["Service"]): HttpServer.HttpServer["Service"] =>
    HttpServer.make({
      address: server.address,
      serve: (app, middleware) =>
        Effect.updateContext(
          middleware === undefined ? server.serve(app) : server.serve(app, middleware),
          // The scope the server's finalizers go to stays, whatever `omitted` holds.
          (context: Context.Context<Scope.Scope>) =>
            Context.add(Context.omit(...omitted)(context), Scope.Scope, Context.get(context, Scope.Scope))
        )
    })

/** The `HttpServer` beneath, serving each request without the `omitted` services (`without`). */
export const layer = (
  omitted: ReadonlyArray<Context.Key<unknown, unknown>>
): Layer.Layer<HttpServer.HttpServer, never, HttpServer.HttpServer> =>
  Layer.effect(HttpServer.HttpServer, Effect.map(HttpServer.HttpServer, without(omitted)))

/** Services the API's layers are built with (`Mount`, `MonetaHttp.Requirements`) that no request reads from the serving context. */
export const apiBuiltWith: ReadonlyArray<Context.Key<unknown, unknown>> = [
  SqlClient.SqlClient,
  ServerEnvironment,
  WebhookDestinations
]
