/**
 * Moneta's database over a Postgres client of the application's own
 * (`PgClient` of @effect/sql-pg) instead of `Database.layer`: Moneta's
 * notifications (a LISTEN connection of their own, to where the client
 * connects) and its tables, migrated when the layer is built. Moneta's tables
 * go into the client's database: give Moneta a database of its own.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Database from "@moneta/store/Database"
import * as Migrations from "@moneta/store/Migrations"
import * as Notifications from "@moneta/store/Notifications"
import { Effect, Layer, type Redacted } from "effect"
import type { SqlClient } from "effect/sql"

/** The application's client, configured as it likes, with Moneta's types (64-bit integers read as text). */
export const client = (url: Redacted.Redacted) => PgClient.layer({ url, types: Database.postgresTypes })

/** What `Mount` takes as `database`, over `client`: `Mount.api({ database: monetaDatabase(client(url)), … })`. */
export const monetaDatabase = <E, R>(client: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R>) =>
  Notifications.layerPg.pipe(
    Layer.provideMerge(client),
    Layer.tap((context) => Effect.provideContext(Migrations.run, context))
  )
