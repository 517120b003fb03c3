/**
 * Postgres LISTEN / NOTIFY, on the embedded database and on real Postgres.
 *
 * `notify` runs `pg_notify` through the current `SqlClient`, so inside
 * `sql.withTransaction` it is part of the transaction: listeners receive it on
 * commit and never on rollback. (sql-pg 4's `PgClient.notify` sends its
 * `pg_notify` on a connection of the pool, outside the caller's transaction.)
 *
 * `listen` delivers payloads from the moment LISTEN has taken effect (shortly
 * after the stream starts; there is no signal) until the stream ends, so pair
 * it with polling where a missed wake-up matters. Channels are case-sensitive
 * names (quoted, as `pg_notify` takes them). Empty payloads are not delivered
 * (on either database).
 * On real Postgres the LISTEN connection is re-established after it is lost
 * (`ListenConnection`); the stream keeps running across the loss, and what was
 * sent meanwhile is missed.
 * On the embedded database LISTEN waits for an open transaction to finish, so
 * start listening before a transaction, not from inside one you then wait in.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import type * as PgConnection from "@effect/sql-pg/PgConnection"
import { Context, Duration, Effect, Layer, RcMap, Stream } from "effect"
import type { SqlClient, SqlError } from "effect/sql"
import * as ListenConnection from "./ListenConnection.js"
import { PgliteClient } from "./PgliteClient.js"

export class Notifications extends Context.Service<Notifications, {
  readonly notify: (channel: string, payload: string) => Effect.Effect<void, SqlError.SqlError>
  readonly listen: (channel: string) => Stream.Stream<string, SqlError.SqlError>
}>()("@moneta/store/Notifications") {}

// One LISTEN per channel, shared by every subscriber of this process: ending
// one subscriber's stream must not UNLISTEN the channel under the others. A
// channel stays LISTENed to for a while after its last subscriber leaves:
// real-time decisions subscribe one after another, and a LISTEN and UNLISTEN
// each time cost two statements (on the embedded database, two turns of its
// only connection) per decision.
const make = (sql: SqlClient.SqlClient, listen: (channel: string) => Stream.Stream<string, SqlError.SqlError>) =>
  Effect.map(
    RcMap.make({
      lookup: (channel: string) => Stream.broadcast(listen(channel), { capacity: "unbounded" }),
      idleTimeToLive: Duration.minutes(1)
    }),
    (channels) =>
      Notifications.of({
        notify: (channel, payload) => Effect.asVoid(sql`SELECT pg_notify(${channel}, ${payload})`),
        listen: (channel) => Stream.unwrap(RcMap.get(channels, channel))
      })
  )

/** Over the embedded database (PGlite delivers the notifications its own session sends). */
export const layerPglite: Layer.Layer<Notifications, never, PgliteClient> = Layer.effect(
  Notifications,
  Effect.flatMap(
    PgliteClient,
    (client) => make(client, (channel) => Stream.filter(client.listen(channel), (payload) => payload !== ""))
  )
)

// The LISTEN connection goes where the pool goes, under a name of its own.
const listenConnectionConfig = (config: PgClient.PgClientConfig): PgConnection.Config => ({
  ...config,
  applicationName: ListenConnection.applicationName,
  // Its statements are a LISTEN per channel and the probe: nothing worth preparing.
  prepare: false,
  connectTimeout: Duration.seconds(10),
  keepAlive: ListenConnection.defaults.probeInterval
})

/**
 * Over real Postgres: LISTEN on a connection of this process's own, made again
 * whenever it is lost (`ListenConnection`).
 */
export const layerPg: Layer.Layer<Notifications, never, PgClient.PgClient> = Layer.effect(
  Notifications,
  Effect.gen(function*() {
    const client = yield* PgClient.PgClient
    const connection = yield* ListenConnection.make({ connection: listenConnectionConfig(client.config) })
    return yield* make(client, connection.listen)
  })
)
