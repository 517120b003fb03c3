/**
 * The control API's operations (docs/workbench.md): groups and API keys, for
 * an operator holding the admin key; the rules are the domain's
 * (`@moneta/domain/ControlPlane`). A revocation is committed with its
 * notification, so every process on the database drops the key from its
 * cache (`Authentication`), this one before it answers.
 */
import {
  type ApiKey,
  apiKey,
  apiKeyRefused,
  controlPlaneOff,
  type CreateApiKey,
  type CreateGroup,
  Group,
  looksLikeApiKey,
  newApiKey,
  newGroup,
  revoke
} from "@moneta/domain/ControlPlane"
import {
  InsufficientPermissionsError,
  InvalidApiKeyError,
  ObjectNotFoundError,
  PrivateFeatureError
} from "@moneta/domain/Errors"
import type { ApiKeyId, GroupId } from "@moneta/domain/Ids"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import { ControlPlaneStore, type StoredGroup } from "@moneta/store/ControlPlane"
import { newId } from "@moneta/store/IdGenerator"
import { Notifications } from "@moneta/store/Notifications"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { timingSafeEqual } from "node:crypto"
import { Authentication, generateKey, hashKey, revokedKeysChannel } from "./Authentication.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { always, runStep, type Step } from "./Step.js"
import { now } from "./Time.js"

/**
 * The admin key the server was started with (`MONETA_ADMIN_KEY`), read when
 * `ControlPlane` is built; none leaves the control API off.
 */
export const AdminKey = Context.Reference<Option.Option<Redacted.Redacted<string>>>("@moneta/bank/AdminKey", {
  defaultValue: () => Option.none()
})

const toGroup = (stored: StoredGroup) =>
  new Group({ id: stored.id, name: stored.name, created_at: stored.createdAt, type: "group" })

/** Equal texts, compared in time that does not depend on where they differ (through their hashes). */
const sameSecret = (left: string, right: string) =>
  timingSafeEqual(Buffer.from(hashKey(left), "hex"), Buffer.from(hashKey(right), "hex"))

export class ControlPlane extends Context.Service<ControlPlane>()("@moneta/bank/ControlPlane", {
  make: Effect.gen(function*() {
    const store = yield* ControlPlaneStore
    const keys = yield* ApiKeyStore
    const authentication = yield* Authentication
    const notifications = yield* Notifications
    const sql = yield* SqlClient.SqlClient
    const adminKey = yield* AdminKey
    /** A step in its own transaction on the control plane's database connection. */
    const runControlStep = <Loaded, Decision, A, EL, ED, EP>(
      step: Step<Loaded, Decision, A, EL, SqlClient.SqlClient, ED, EP, SqlClient.SqlClient>
    ) => Effect.provideService(runStep(step), SqlClient.SqlClient, sql)

    /**
     * Whether `presented` (the bearer credential, empty when none) opens the
     * control API: the admin key does; an API key never does (403), whatever
     * it is; anything else is a 401 as an unknown key is.
     */
    const authorize = (presented: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        if (Option.isNone(adminKey)) return yield* new PrivateFeatureError({ detail: controlPlaneOff })
        const value = Redacted.value(presented).trim()
        if (value.length === 0) return yield* new InvalidApiKeyError({ reason: "no_header" })
        if (sameSecret(value, Redacted.value(adminKey.value).trim())) return
        if (looksLikeApiKey(value) || Option.isSome(yield* keys.findByHash(hashKey(value)))) {
          return yield* new InsufficientPermissionsError({ detail: apiKeyRefused })
        }
        return yield* new InvalidApiKeyError({ reason: "no_credential" })
      })

    const existingGroup = (id: GroupId) =>
      Effect.flatMap(
        store.findGroup(id),
        Option.match({
          onNone: () => Effect.fail(new ObjectNotFoundError({ objectType: "group", id })),
          onSome: Effect.succeed
        })
      )

    const createGroup = (request: CreateGroup) =>
      runControlStep({
        load: Effect.gen(function*() {
          return { id: yield* newId("group"), body: request, createdAt: yield* now }
        }),
        decide: (input) => always(newGroup(input)),
        persist: (group) => Effect.as(store.insertGroup(group), toGroup(group))
      })

    const listGroups = Effect.map(store.listGroups, (groups) => ({ data: groups.map(toGroup), next_cursor: null }))

    const createKey = (request: CreateApiKey) =>
      runControlStep({
        load: Effect.gen(function*() {
          yield* existingGroup(request.group_id)
          const secret = generateKey(request.environment)
          return { id: yield* newId("api_key"), body: request, secret, hash: hashKey(secret), createdAt: yield* now }
        }),
        decide: (input) => always(newApiKey(input)),
        persist: ({ created, stored }) => Effect.as(store.insertKey(stored), created)
      })

    const listKeys = (groupId: Option.Option<GroupId>) =>
      Effect.gen(function*() {
        if (Option.isSome(groupId)) yield* existingGroup(groupId.value)
        const stored = yield* store.listKeys(groupId)
        return { data: stored.map(apiKey), next_cursor: null }
      })

    const revokeKey = (id: ApiKeyId): Effect.Effect<ApiKey, ObjectNotFoundError> =>
      Effect.gen(function*() {
        const revoked = yield* runControlStep({
          load: Effect.gen(function*() {
            const found = yield* store.lockKey(id)
            if (Option.isNone(found)) return yield* new ObjectNotFoundError({ objectType: "api_key", id })
            return { stored: found.value, at: yield* now }
          }),
          decide: ({ at, stored }) => always(revoke(apiKey(stored), at)),
          persist: ({ newly, revokedAt }, { stored }) =>
            Effect.gen(function*() {
              if (newly) {
                yield* store.setRevokedAt(id, revokedAt)
                // Sent on commit, to every process listening (this one too).
                yield* notifications.notify(revokedKeysChannel, stored.hash).pipe(Effect.orDie)
              }
              return { key: apiKey({ ...stored, revokedAt }), hash: stored.hash }
            })
        })
        yield* authentication.forget(revoked.hash)
        return revoked.key
      })

    return {
      authorize: spanned("bank.ControlPlane.authorize", authorize),
      createGroup: spanned("bank.ControlPlane.createGroup", createGroup),
      listGroups: withOperationSpan(listGroups, "bank.ControlPlane.listGroups", {}),
      createKey: spanned(
        "bank.ControlPlane.createKey",
        createKey,
        (request) => ({ "moneta.group_id": request.group_id })
      ),
      listKeys: spanned("bank.ControlPlane.listKeys", listKeys),
      revokeKey: spanned("bank.ControlPlane.revokeKey", revokeKey, (id) => ({ "moneta.api_key_id": id }))
    } as const
  })
}) {
  static readonly DefaultWithoutDependencies = Layer.effect(this, this.make)
  static readonly Default = this.DefaultWithoutDependencies.pipe(
    Layer.provide([ControlPlaneStore.Default, ApiKeyStore.Default, Authentication.Default])
  )
}
