/**
 * How a host application mounts Moneta: one layer for each way, each given
 * the database and the environment it serves, each adding routes to the
 * host's `HttpRouter` (`HttpRouter.serve(…)` of an `effect/http` server, or
 * merged with the host's own route layers). docs/host-app.md is the guide.
 *
 * - `api`: the API alone. Webhook deliveries are queued in the database but
 *   not sent, and a real-time decision whose waiting process died is not timed
 *   out, until a dispatcher and a sweeper run on the same database (a `moneta`
 *   server, or `apiWithBackground` in another process); it says so in a log
 *   line at start.
 * - `apiWithBackground`: the API, the webhook dispatcher and the real-time
 *   decision sweeper, running as long as the layer (what `moneta` runs).
 * - `apiWithBackgroundAndDocs`: all that, and `/docs` and `/openapi.json`.
 *
 * Moneta's settings come from the environment as the server reads them
 * (README, "Configuration"): `MONETA_WEBHOOK_*`, `MONETA_RTD_*`, and `HOST`,
 * the address the application listens on (a sandbox listening beyond loopback
 * delivers webhooks to loopback addresses only when
 * `MONETA_WEBHOOK_ALLOWED_HOSTS` names them). With `prefix`, every route is
 * under it and Moneta sees the request without it.
 */
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { Idempotency } from "@moneta/bank/Idempotency"
import { RealTimeDecisions, timingFromConfig } from "@moneta/bank/RealTimeDecisions"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import type { Environment } from "@moneta/domain/Environment"
import * as ConfiguredDispatcher from "@moneta/webhooks/ConfiguredDispatcher"
import * as Destinations from "@moneta/webhooks/Destinations"
import { Effect, Layer } from "effect"
import * as MonetaHttp from "./MonetaHttp.js"
import * as ReferenceDocs from "./ReferenceDocs.js"

/**
 * What Moneta needs of the database: a `SqlClient` and its `Notifications`
 * (LISTEN / NOTIFY), migrated. `Database.layer` of `@moneta/store/Database`
 * provides them (the embedded database, or Postgres at `DATABASE_URL`); over
 * a client of the host's own, configured with `Database.postgresTypes`:
 * `Notifications.layerPg` and `Migrations.run` (docs/host-app.md).
 */
export type DatabaseServices = Exclude<MonetaHttp.Requirements, ServerEnvironment>

export interface Options<E, R> {
  /**
   * The database layer, built with the mounted layer. A layer is built once
   * per build however many layers it is given to, but `HttpRouter.serve`
   * builds what it serves apart from the rest: a host whose other layers use
   * the same database outside the served layer provides it itself, around
   * both, and passes `providedDatabase` here.
   */
  readonly database: Layer.Layer<DatabaseServices, E, R>
  /** The environment served: `"sandbox"` (with `/simulations/*`) or `"live"`. */
  readonly environment: Environment
  /** Where the routes go, e.g. `"/moneta"`; at the root when absent. */
  readonly prefix?: `/${string}` | undefined
}

/** The database the application provides itself: the mounted layer requires it. */
export const providedDatabase: Layer.Layer<DatabaseServices, never, DatabaseServices> = Layer.effectContext(
  Effect.context<DatabaseServices>()
)

/** The database, the environment, and the settings read from the environment, for everything mounted. */
const services = <E, R>(options: Options<E, R>) =>
  Layer.mergeAll(Layer.succeed(ServerEnvironment, options.environment), Destinations.layer, timingFromConfig).pipe(
    Layer.provideMerge(options.database)
  )

/** Routes added by `routes` go under the prefix, when there is one. */
const underPrefix = <A, E, R>(routes: Layer.Layer<A, E, R>, prefix: `/${string}` | undefined) =>
  prefix === undefined ? routes : routes.pipe(Layer.provide(MonetaHttp.prefixed(prefix)))

const sweeper = (environment: Environment) =>
  Layer.unwrap(
    Effect.map(
      RealTimeDecisionSweeper.intervalConfig,
      (interval) => RealTimeDecisionSweeper.layer({ environment, interval })
    )
  ).pipe(Layer.provide(Layer.merge(RealTimeDecisions.Default, Idempotency.Default)))

/** The webhook dispatcher and the real-time decision sweeper of `environment`, until the layer's scope closes. */
const backgroundWork = (environment: Environment) =>
  Layer.merge(ConfiguredDispatcher.layer(environment), sweeper(environment))

/** Said once at start by `api`: its subscriptions' deliveries wait for a dispatcher this process does not run. */
const noDispatcherNotice = Layer.effectDiscard(
  Effect.logInfo(
    "Moneta's API is mounted without its webhook dispatcher: deliveries wait in the database until a dispatcher on it sends them (Mount.apiWithBackground runs one)"
  )
)

/** The API alone: deliveries wait in the database for a dispatcher elsewhere. */
export const api = <E, R>(options: Options<E, R>) =>
  Layer.merge(underPrefix(MonetaHttp.layer, options.prefix), noDispatcherNotice).pipe(
    Layer.provide(services(options))
  )

/** The API with the webhook dispatcher and the real-time decision sweeper. */
export const apiWithBackground = <E, R>(options: Options<E, R>) =>
  Layer.merge(underPrefix(MonetaHttp.layer, options.prefix), backgroundWork(options.environment)).pipe(
    Layer.provide(services(options))
  )

/** The API, the webhook dispatcher and the real-time decision sweeper, `/docs` and `/openapi.json`. */
export const apiWithBackgroundAndDocs = <E, R>(options: Options<E, R>) =>
  Layer.mergeAll(
    underPrefix(Layer.merge(MonetaHttp.layer, ReferenceDocs.layer({ prefix: options.prefix })), options.prefix),
    backgroundWork(options.environment)
  ).pipe(Layer.provide(services(options)))
