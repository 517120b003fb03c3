/**
 * Postgres LISTEN / NOTIFY, on the embedded database and on real Postgres.
 *
 * `notify` runs `pg_notify` through the current `SqlClient`, so inside
 * `sql.withTransaction` it is part of the transaction: listeners receive it on
 * commit and never on rollback. (sql-pg 0.53's `PgClient.notify` sends the
 * payload as a bind parameter, which Postgres rejects for NOTIFY.)
 *
 * `listen` delivers payloads from the moment LISTEN has taken effect (shortly
 * after the stream starts; there is no signal) until the stream ends, so pair
 * it with polling where a missed wake-up matters. Channels are case-sensitive
 * names (quoted, as `pg_notify` takes them). Empty payloads are not delivered
 * (sql-pg drops them; the embedded database does the same for parity).
 * On real Postgres the LISTEN connection is re-established after it is lost
 * (`ListenConnection`); the stream keeps running across the loss, and what was
 * sent meanwhile is missed.
 * On the embedded database LISTEN waits for an open transaction to finish, so
 * start listening before a transaction, not from inside one you then wait in.
 */
import type { SqlClient, SqlError } from "@effect/sql"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Context, Duration, Effect, Layer, RcMap, Redacted, Stream } from "effect"
import type Pg from "pg"
import * as ListenConnection from "./ListenConnection.js"
import { PgliteClient } from "./PgliteClient.js"

export class Notifications extends Context.Tag("@moneta/store/Notifications")<Notifications, {
  readonly notify: (channel: string, payload: string) => Effect.Effect<void, SqlError.SqlError>
  readonly listen: (channel: string) => Stream.Stream<string, SqlError.SqlError>
}>() {}

// One LISTEN per channel, shared by every subscriber of this process: sql-pg
// runs UNLISTEN when any one of its listen streams ends, which would silence
// the other subscribers of that channel. A channel stays LISTENed to for a
// while after its last subscriber leaves: real-time decisions subscribe one
// after another, and a LISTEN and UNLISTEN each time cost two statements (on
// the embedded database, two turns of its only connection) per decision.
const make = (sql: SqlClient.SqlClient, listen: (channel: string) => Stream.Stream<string, SqlError.SqlError>) =>
  Effect.map(
    RcMap.make({
      lookup: (channel: string) => Stream.broadcastDynamic(listen(channel), { capacity: "unbounded" }),
      idleTimeToLive: Duration.minutes(1)
    }),
    (channels) =>
      Notifications.of({
        notify: (channel, payload) => Effect.asVoid(sql`SELECT pg_notify(${channel}, ${payload})`),
        listen: (channel) => Stream.unwrapScoped(RcMap.get(channels, channel))
      })
  )

/** Over the embedded database (PGlite delivers the notifications its own session sends). */
export const layerPglite: Layer.Layer<Notifications, never, PgliteClient> = Layer.scoped(
  Notifications,
  Effect.flatMap(
    PgliteClient,
    (client) => make(client, (channel) => Stream.filter(client.listen(channel), (payload) => payload !== ""))
  )
)

// The LISTEN connection goes where the pool goes, under a name of its own.
const listenConnectionConfig = (config: PgClient.PgClientConfig): Pg.ClientConfig => ({
  ...(config.url === undefined ? {} : { connectionString: Redacted.value(config.url) }),
  ...(config.host === undefined ? {} : { host: config.host }),
  ...(config.port === undefined ? {} : { port: config.port }),
  ...(config.database === undefined ? {} : { database: config.database }),
  ...(config.username === undefined ? {} : { user: config.username }),
  ...(config.password === undefined ? {} : { password: Redacted.value(config.password) }),
  ...(config.ssl === undefined ? {} : { ssl: config.ssl }),
  application_name: ListenConnection.applicationName,
  keepAlive: true,
  connectionTimeoutMillis: 10_000
})

/**
 * Over real Postgres: LISTEN on a connection of this process's own, made again
 * whenever it is lost (`ListenConnection`).
 */
export const layerPg: Layer.Layer<Notifications, never, PgClient.PgClient> = Layer.scoped(
  Notifications,
  Effect.gen(function*() {
    const client = yield* PgClient.PgClient
    const connection = yield* ListenConnection.make({ connection: listenConnectionConfig(client.config) })
    return yield* make(client, connection.listen)
  })
)
