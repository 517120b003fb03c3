/**
 * The control API's reads and writes of groups and API keys (the tables of
 * `ApiKeys`, which serves authentication and the first run). Groups and keys
 * belong to no tenant: only the admin key reaches these.
 */
import { Environment } from "@moneta/domain/Environment"
import { ApiKeyId, GroupId } from "@moneta/domain/Ids"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

const GroupRow = Schema.Struct({ id: GroupId, name: Schema.String, created_at: Schema.Date })

const KeyRow = Schema.Struct({
  id: ApiKeyId,
  group_id: GroupId,
  environment: Environment,
  description: Schema.NullOr(Schema.String),
  key_prefix: Schema.NullOr(Schema.String),
  key_hash: Schema.String,
  created_at: Schema.Date,
  revoked_at: Schema.NullOr(Schema.Date)
})

export interface StoredGroup {
  readonly id: GroupId
  readonly name: string
  readonly createdAt: DateTime.Utc
}

export interface StoredApiKey {
  readonly id: ApiKeyId
  readonly groupId: GroupId
  readonly environment: Environment
  readonly name: string | null
  readonly prefix: string | null
  readonly hash: string
  readonly createdAt: DateTime.Utc
  readonly revokedAt: DateTime.Utc | null
}

const toGroup = (row: typeof GroupRow.Type): StoredGroup => ({
  id: row.id,
  name: row.name,
  createdAt: DateTime.fromDateUnsafe(row.created_at)
})

const toKey = (row: typeof KeyRow.Type): StoredApiKey => ({
  id: row.id,
  groupId: row.group_id,
  environment: row.environment,
  name: row.description,
  prefix: row.key_prefix,
  hash: row.key_hash,
  createdAt: DateTime.fromDateUnsafe(row.created_at),
  revokedAt: row.revoked_at === null ? null : DateTime.fromDateUnsafe(row.revoked_at)
})

export class ControlPlaneStore extends Context.Service<ControlPlaneStore>()("@moneta/store/ControlPlaneStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const decodeGroups = Schema.decodeUnknownEffect(Schema.Array(GroupRow))
    const decodeKeys = Schema.decodeUnknownEffect(Schema.Array(KeyRow))
    const keyColumns = sql`id, group_id, environment, description, key_prefix, key_hash, created_at, revoked_at`

    const insertGroup = (group: StoredGroup) =>
      sql`INSERT INTO groups (id, name, created_at)
        VALUES (${group.id}, ${group.name}, ${DateTime.toDate(group.createdAt)})`.pipe(Effect.asVoid, Effect.orDie)

    const listGroups = sql`SELECT id, name, created_at FROM groups ORDER BY created_at, id`.pipe(
      Effect.flatMap(decodeGroups),
      Effect.map((rows) => rows.map(toGroup)),
      Effect.orDie
    )

    const findGroup = (id: GroupId) =>
      sql`SELECT id, name, created_at FROM groups WHERE id = ${id}`.pipe(
        Effect.flatMap(decodeGroups),
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toGroup)),
        Effect.orDie
      )

    const insertKey = (key: StoredApiKey) =>
      sql`INSERT INTO api_keys (id, group_id, environment, key_hash, key_prefix, description, created_at)
        VALUES (${key.id}, ${key.groupId}, ${key.environment}, ${key.hash}, ${key.prefix}, ${key.name}, ${
        DateTime.toDate(key.createdAt)
      })`.pipe(Effect.asVoid, Effect.orDie)

    const listKeys = (groupId: Option.Option<GroupId>) =>
      (Option.isSome(groupId)
        ? sql`SELECT ${keyColumns} FROM api_keys WHERE group_id = ${groupId.value} ORDER BY created_at, id`
        : sql`SELECT ${keyColumns} FROM api_keys ORDER BY created_at, id`).pipe(
          Effect.flatMap(decodeKeys),
          Effect.map((rows) => rows.map(toKey)),
          Effect.orDie
        )

    /** The key, locked until the transaction ends (a revocation reads, decides and writes it). */
    const lockKey = (id: ApiKeyId) =>
      sql`SELECT ${keyColumns} FROM api_keys WHERE id = ${id} FOR UPDATE`.pipe(
        Effect.flatMap(decodeKeys),
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toKey)),
        Effect.orDie
      )

    const setRevokedAt = (id: ApiKeyId, at: DateTime.Utc) =>
      sql`UPDATE api_keys SET revoked_at = ${DateTime.toDate(at)} WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    return { insertGroup, listGroups, findGroup, insertKey, listKeys, lockKey, setRevokedAt } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
