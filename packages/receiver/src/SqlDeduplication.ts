/**
 * Deduplication in a table of the host app's own database, on any
 * `effect/sql` client: shared by every process of the app, kept across
 * restarts.
 *
 * The handling of a delivery runs inside a transaction that first records its
 * `webhook-id`:
 * - a duplicate finds the id recorded (committed) and is acknowledged;
 * - two deliveries of one id at once: the second one's insert waits for the
 *   first transaction; if that commits, the second finds the id; if it rolls
 *   back (the handler failed), the second handles the delivery itself;
 * - a handler that writes with the same SQL client writes inside that
 *   transaction, so its changes and the record of the id commit together:
 *   a crash in between leaves neither, and the sender's retry redoes both.
 *
 * The table is created by `migrate` (idempotent: `CREATE TABLE IF NOT
 * EXISTS`), which `layer` runs at start; host apps with their own migrator can
 * call it from a migration instead and use `layerWithoutMigration`.
 */
import { Clock, Data, Duration, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql"
import { Deduplication, type DeduplicationShape } from "./Deduplication.js"
import { DeduplicationError } from "./ReceiverError.js"

export interface Options {
  /** The table's name; `moneta_received_webhooks` by default. */
  readonly table?: string
}

export const defaultTable = "moneta_received_webhooks"

/** The longest `webhook-id` the table stores (Moneta's ids are at most 200 characters). */
export const maxWebhookIdLength = 255

/**
 * Creates the table if it does not exist. Column types every SQL dialect
 * knows: the id as VARCHAR(255), the time it was handled as epoch
 * milliseconds (BIGINT), so that `prune` works the same everywhere.
 */
export const migrate = (options?: Options): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = options?.table ?? defaultTable
    const columns = sql.literal(
      `(webhook_id VARCHAR(${maxWebhookIdLength}) NOT NULL PRIMARY KEY, handled_at BIGINT NOT NULL)`
    )
    yield* sql.onDialectOrElse({
      // SQL Server has no CREATE TABLE IF NOT EXISTS.
      mssql: () => sql`IF OBJECT_ID(${table}, 'U') IS NULL CREATE TABLE ${sql(table)} ${columns}`,
      orElse: () => sql`CREATE TABLE IF NOT EXISTS ${sql(table)} ${columns}`
    })
  })

/** The insert of the id failed: most likely a concurrent delivery of the same id committed first. */
class ClaimConflict extends Data.TaggedError("ClaimConflict")<{ readonly cause: SqlError.SqlError }> {}

/** Keeps the handling's own failures apart from the store's (both may be SqlErrors). */
class HandlingFailed<E> {
  constructor(readonly error: E) {}
}

export const make = (options?: Options): Effect.Effect<DeduplicationShape, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = sql(options?.table ?? defaultTable)

    const claim = (webhookId: string) =>
      Effect.gen(function*() {
        const recorded = yield* sql`SELECT webhook_id FROM ${table} WHERE webhook_id = ${webhookId}`
        if (recorded.length > 0) return false
        const handledAt = yield* Clock.currentTimeMillis
        yield* sql`INSERT INTO ${table} (webhook_id, handled_at) VALUES (${webhookId}, ${handledAt})`.pipe(
          Effect.mapError((cause) => new ClaimConflict({ cause }))
        )
        return true
      })

    const once = <A, E, R>(
      webhookId: string,
      effect: Effect.Effect<A, E, R>
    ): Effect.Effect<Option.Option<A>, E | DeduplicationError, R> => {
      const storeFailure = (detail: string) => new DeduplicationError({ webhookId, detail })
      if (webhookId.length > maxWebhookIdLength) {
        return Effect.fail(storeFailure(`webhook-id is longer than ${maxWebhookIdLength} characters`))
      }
      const attempt = sql.withTransaction(
        Effect.flatMap(claim(webhookId), (claimed) =>
          claimed
            ? Effect.map(Effect.mapError(effect, (error) => new HandlingFailed(error)), Option.some)
            : Effect.succeedNone)
      )
      return attempt.pipe(
        // Once the conflicting transaction has committed, a second look finds the id recorded.
        Effect.retry({ times: 1, while: (error) => error instanceof ClaimConflict }),
        Effect.catch((error): Effect.Effect<never, E | DeduplicationError> => {
          if (error instanceof HandlingFailed) return Effect.fail(error.error)
          if (error instanceof ClaimConflict) {
            return Effect.fail(storeFailure(`could not record the webhook-id: ${error.cause.message}`))
          }
          return Effect.fail(storeFailure(error.message))
        })
      )
    }

    return { once }
  })

/**
 * Forgets ids handled longer ago than `olderThan`. Moneta retries a delivery
 * for up to three days after its event, so keep at least that (a week is a
 * comfortable margin).
 */
export const prune = (
  olderThan: Duration.Input,
  options?: Options
): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const cutoff = (yield* Clock.currentTimeMillis) - Duration.toMillis(olderThan)
    yield* sql`DELETE FROM ${sql(options?.table ?? defaultTable)} WHERE handled_at < ${cutoff}`
  })

/** The store, its table created first if needed. */
export const layer = (options?: Options): Layer.Layer<Deduplication, SqlError.SqlError, SqlClient.SqlClient> =>
  Layer.effect(Deduplication, Effect.andThen(migrate(options), make(options)))

/** The store, for apps that run `migrate` from their own migrations. */
export const layerWithoutMigration = (options?: Options): Layer.Layer<Deduplication, never, SqlClient.SqlClient> =>
  Layer.effect(Deduplication, make(options))
