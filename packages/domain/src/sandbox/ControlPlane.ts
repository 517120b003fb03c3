/**
 * The control plane (a Moneta extension, docs/workbench.md): an operator,
 * holding the admin key set at start (`MONETA_ADMIN_KEY`), creates groups and
 * API keys, lists and revokes keys. The rules live here:
 *
 * - a key's secret is `moneta_<environment>_<random>`; it is shown once, when
 *   the key is created, and stored only as a hash; lists show its `prefix`;
 * - revoking is final and idempotent: a revoked key keeps its `revoked_at`,
 *   and a request with it is a 401 `invalid_api_key_error` (reason
 *   `deleted_credential`), as an unknown key is;
 * - the admin key is no API key: an API key (sandbox or live) never opens the
 *   control API, and an admin key that could be taken for one is refused at start.
 */
import { type DateTime, Option, Schema } from "effect"
import { described } from "../core/Described.js"
import { Environment } from "../core/Environment.js"
import { ApiKeyId, GroupId } from "../core/Ids.js"
import { ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"

export class Group extends Schema.Class<Group>("Group")({
  id: described(GroupId, "The Group identifier."),
  name: described(Schema.String, "The name you chose for the Group."),
  created_at: described(Timestamp, "When the Group was created (ISO 8601, UTC)."),
  type: described(Schema.tag("group"), "Always `group`: the type of this object.")
}) {}

export const ApiKeyStatus = Schema.Literals(["active", "revoked"])
export type ApiKeyStatus = typeof ApiKeyStatus.Type

const apiKeyFields = {
  id: described(ApiKeyId, "The API key's identifier (not its secret)."),
  group_id: described(GroupId, "The Group whose objects the key reads and writes."),
  environment: described(Environment, "The environment the key works in: `sandbox` or `live`."),
  name: described(Schema.NullOr(Schema.String), "The name you chose for the key; null when none."),
  prefix: described(
    Schema.NullOr(Schema.String),
    "The first characters of the secret, to tell keys apart; null for keys registered before prefixes were kept."
  ),
  status: described(ApiKeyStatus, "`active`: requests with it are served. `revoked`: they are refused with 401."),
  created_at: described(Timestamp, "When the key was created (ISO 8601, UTC)."),
  revoked_at: described(Schema.NullOr(Timestamp), "When the key was revoked; null while it is active."),
  type: described(Schema.tag("api_key"), "Always `api_key`: the type of this object.")
}

/** A key as lists show it: never its secret. */
export class ApiKey extends Schema.Class<ApiKey>("ApiKey")(apiKeyFields) {}

/** A key just created: the one time its secret is shown. */
export class CreatedApiKey extends Schema.Class<CreatedApiKey>("CreatedApiKey")({
  ...apiKeyFields,
  secret: described(
    Schema.String,
    "The key itself, for `Authorization: Bearer <secret>`. Shown only in this response: keep it now."
  )
}) {}

/** `POST /moneta/groups`. */
export const CreateGroup = Schema.Struct({
  name: Schema.optionalKey(described(ShortText, "A name for the Group, 1 to 200 characters (default `Group`)."))
}).annotate({ identifier: "CreateGroup" })
export type CreateGroup = typeof CreateGroup.Type

/** `POST /moneta/api_keys`. */
export const CreateApiKey = Schema.Struct({
  group_id: described(GroupId, "The Group the key belongs to."),
  environment: described(Environment, "The environment the key works in: `sandbox` or `live`."),
  name: Schema.optionalKey(described(ShortText, "A name for the key, 1 to 200 characters."))
}).annotate({ identifier: "CreateApiKey" })
export type CreateApiKey = typeof CreateApiKey.Type

export const defaultGroupName = "Group"

const apiKeyPattern = /^moneta_(sandbox|live)_/

/** Whether `value` has the form of an API key (of either environment). */
export const looksLikeApiKey = (value: string): boolean => apiKeyPattern.test(value)

/** Characters of the random part a prefix shows: enough to tell keys apart, far too few to guess the rest. */
const shownRandomCharacters = 4

/** The shortest key of another form (`MONETA_API_KEY`) whose start is shown. */
const shortestKeyWithPrefix = 16

/** What lists show of `secret`: `moneta_sandbox_AbCd`; null when the key is too short to show any of it. */
export const keyPrefix = (secret: string): string | null => {
  const match = apiKeyPattern.exec(secret)
  if (match !== null) return secret.slice(0, match[0].length + shownRandomCharacters)
  return secret.length >= shortestKeyWithPrefix ? secret.slice(0, shownRandomCharacters) : null
}

/** The key as lists show it, from what is stored. */
export const apiKey = (stored: {
  readonly id: ApiKeyId
  readonly groupId: GroupId
  readonly environment: Environment
  readonly name: string | null
  readonly prefix: string | null
  readonly createdAt: DateTime.Utc
  readonly revokedAt: DateTime.Utc | null
}): ApiKey =>
  new ApiKey({
    id: stored.id,
    group_id: stored.groupId,
    environment: stored.environment,
    name: stored.name,
    prefix: stored.prefix,
    status: stored.revokedAt === null ? "active" : "revoked",
    created_at: stored.createdAt,
    revoked_at: stored.revokedAt,
    type: "api_key"
  })

/**
 * A revocation of `key` at `at`: the first revocation stands, so a key
 * already revoked keeps its time and is not revoked again (nothing to write,
 * nobody to tell).
 */
export const revoke = (key: ApiKey, at: DateTime.Utc): { readonly revokedAt: DateTime.Utc; readonly newly: boolean } =>
  key.revoked_at === null ? { revokedAt: at, newly: true } : { revokedAt: key.revoked_at, newly: false }

/** The shortest admin key accepted: it opens every group's keys. */
export const shortestAdminKey = 16

/**
 * Why `adminKey` cannot be the admin key, or undefined when it can: it must be
 * long enough and never usable as an API key (`apiKey`, the first run's
 * configured key, if any).
 */
export const adminKeyProblem = (adminKey: string, apiKey: string | undefined): string | undefined => {
  if (adminKey.trim().length < shortestAdminKey) return `must be at least ${shortestAdminKey} characters`
  if (looksLikeApiKey(adminKey)) return "must not look like an API key (moneta_sandbox_… or moneta_live_…)"
  if (apiKey !== undefined && adminKey.trim() === apiKey.trim()) return "must differ from MONETA_API_KEY"
  return undefined
}

/** What a control endpoint answers while no admin key is set. */
export const controlPlaneOff =
  "The control API is off: start the server with MONETA_ADMIN_KEY set (at least 16 characters) to use it."

/** What a control endpoint answers to an API key. */
export const apiKeyRefused =
  "API keys cannot use the control API: send the admin key (MONETA_ADMIN_KEY) as `Authorization: Bearer <admin key>`."

/** A group as written: its id, name and creation time. */
export interface NewGroup {
  readonly id: GroupId
  readonly name: string
  readonly createdAt: DateTime.Utc
}

/** `POST /moneta/groups`: the body's name, else `defaultGroupName`. */
export const newGroup = (input: {
  readonly id: GroupId
  readonly body: CreateGroup
  readonly createdAt: DateTime.Utc
}): NewGroup => ({ id: input.id, name: input.body.name ?? defaultGroupName, createdAt: input.createdAt })

/** A key as written (its secret only as `hash`) and as the create call answers (with the secret, this once). */
export interface NewApiKey {
  readonly stored: Parameters<typeof apiKey>[0] & { readonly hash: string }
  readonly created: CreatedApiKey
}

/** `POST /moneta/api_keys`: an active key of the body's group and environment, shown by its `keyPrefix`. */
export const newApiKey = (input: {
  readonly id: ApiKeyId
  readonly body: CreateApiKey
  readonly secret: string
  readonly hash: string
  readonly createdAt: DateTime.Utc
}): NewApiKey => {
  const stored = {
    id: input.id,
    groupId: input.body.group_id,
    environment: input.body.environment,
    name: input.body.name ?? null,
    prefix: keyPrefix(input.secret),
    hash: input.hash,
    createdAt: input.createdAt,
    revokedAt: null
  }
  return { stored, created: new CreatedApiKey({ ...apiKey(stored), secret: input.secret }) }
}

/** The name of the group a fresh database's first run creates. */
export const firstRunGroupName = "Sandbox group"

/** What a server's start does (decisions k). */
export interface FirstRun {
  /** The group the start's key belongs to: the first one, else a new one. */
  readonly groupId: GroupId
  /** A fresh database: the group is created now (`firstRunGroupName`). */
  readonly createsGroup: boolean
  /** A fresh sandbox: it is seeded (an entity, a funded account, a card, a lockbox address). */
  readonly seeds: boolean
}

/** A start on a database whose first group is `existingGroup` (none on a fresh one), in `environment`. */
export const firstRun = (input: {
  readonly existingGroup: Option.Option<GroupId>
  readonly newGroupId: GroupId
  readonly environment: Environment
}): FirstRun =>
  Option.match(input.existingGroup, {
    onSome: (groupId) => ({ groupId, createsGroup: false, seeds: false }),
    onNone: () => ({ groupId: input.newGroupId, createsGroup: true, seeds: input.environment === "sandbox" })
  })
