/**
 * Groups (customers) and their API keys. Keys are stored only as a hash. A
 * key is found with its group's sandbox clock offset (`groups.clock_offset_ms`,
 * `SandboxClockStore`): a request needs both, and one statement reads them.
 */
import { Environment } from "@moneta/domain/Environment"
import { ApiKeyId, GroupId } from "@moneta/domain/Ids"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

const KeyRow = Schema.Struct({
  id: ApiKeyId,
  description: Schema.NullOr(Schema.String),
  group_id: GroupId,
  environment: Environment,
  revoked_at: Schema.NullOr(Schema.Date),
  clock_offset: Schema.NumberFromString
})

export interface StoredKey {
  readonly id: ApiKeyId
  readonly description: string | null
  readonly groupId: GroupId
  readonly environment: Environment
  readonly revoked: boolean
  /** The group's sandbox clock offset in milliseconds when the key was read (the group's, whatever the key's environment). */
  readonly clockOffsetMillis: number
}

export class ApiKeyStore extends Context.Service<ApiKeyStore>()("@moneta/store/ApiKeyStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const decodeKeys = Schema.decodeUnknownEffect(Schema.Array(KeyRow))

    const insertGroup = (id: GroupId, name: string, createdAt: DateTime.Utc) =>
      sql`INSERT INTO groups (id, name, created_at) VALUES (${id}, ${name}, ${DateTime.toDate(createdAt)})`.pipe(
        Effect.asVoid,
        Effect.orDie
      )

    /** The first group created, if any: the one a fresh server seeds. */
    const firstGroup = sql`SELECT id FROM groups ORDER BY created_at, id LIMIT 1`.pipe(
      Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ id: GroupId })))),
      Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (row) => row.id)),
      Effect.orDie
    )

    const insertKey = (key: {
      readonly id: ApiKeyId
      readonly groupId: GroupId
      readonly environment: Environment
      readonly hash: string
      /** The start of the secret, shown by lists of keys. */
      readonly prefix: string | null
      readonly description: string | null
      readonly createdAt: DateTime.Utc
    }) =>
      sql`INSERT INTO api_keys (id, group_id, environment, key_hash, key_prefix, description, created_at)
        VALUES (${key.id}, ${key.groupId}, ${key.environment}, ${key.hash}, ${key.prefix}, ${key.description}, ${
        DateTime.toDate(key.createdAt)
      })
        ON CONFLICT (key_hash) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie)

    const findByHash = (hash: string) =>
      sql`SELECT api_keys.id, api_keys.description, api_keys.group_id, api_keys.environment, api_keys.revoked_at,
          groups.clock_offset_ms::text AS clock_offset
        FROM api_keys JOIN groups ON groups.id = api_keys.group_id
        WHERE api_keys.key_hash = ${hash}`.pipe(
        Effect.flatMap(decodeKeys),
        Effect.map((rows) =>
          Option.map(Option.fromNullishOr(rows[0]), (row): StoredKey => ({
            id: row.id,
            description: row.description,
            groupId: row.group_id,
            environment: row.environment,
            revoked: row.revoked_at !== null,
            clockOffsetMillis: row.clock_offset
          }))
        ),
        Effect.orDie
      )

    /** Serializes first runs of several server processes starting on one empty database. */
    const lockFirstRun = sql`SELECT pg_advisory_xact_lock(4010)`.pipe(Effect.asVoid, Effect.orDie)

    return { insertGroup, firstGroup, lockFirstRun, insertKey, findByHash } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
