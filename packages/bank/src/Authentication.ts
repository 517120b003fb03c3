/**
 * API keys: `Authorization: Bearer <key>`. Keys are stored as SHA-256 hashes;
 * a key resolves to its group and environment, and a key of the other
 * environment is refused with 403. A key revoked (`ControlPlane`) is
 * forgotten at once by every process on the database: the revocation is
 * notified on `revokedKeysChannel`.
 *
 * A key resolves with its group's sandbox clock offset (`SandboxClocks`),
 * cached with it: a request reads neither from the database while its key is
 * cached. An advance of the clock is notified on `clockMovedChannel`, and
 * every process drops the group's keys, so the next request reads the new
 * offset; a process whose notification connection is being re-established
 * is bounded by the cache's time to live, as for revocations.
 */
import { keyPrefix } from "@moneta/domain/ControlPlane"
import type { Environment } from "@moneta/domain/Environment"
import { EnvironmentMismatchError, InvalidApiKeyError } from "@moneta/domain/Errors"
import { GroupId } from "@moneta/domain/Ids"
import type { AuthenticatedTenant } from "@moneta/domain/Tenant"
import { ApiKeyStore, type StoredKey } from "@moneta/store/ApiKeys"
import { newId } from "@moneta/store/IdGenerator"
import { Notifications } from "@moneta/store/Notifications"
import { Cache, Context, Duration, Effect, Exit, Layer, Option, Redacted, Schedule, Stream } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { spanned } from "./OperationSpan.js"
import { now } from "./Time.js"

/** The environment this server serves. */
export class ServerEnvironment
  extends Context.Service<ServerEnvironment, Environment>()("@moneta/bank/ServerEnvironment")
{}

/** How long a resolved key is trusted before it is looked up again. */
export const keyCacheTimeToLive = Duration.seconds(5)

/** Where a revocation is announced, with the revoked key's hash: each process drops it from its cache. */
export const revokedKeysChannel = "moneta_api_key_revoked"

/** Where a moved sandbox clock is announced, with its group's id: each process drops the group's keys from its cache. */
export const clockMovedChannel = "moneta_group_clock_moved"

/** Who a request's key says it comes from, and the clock it is served on (0 for live). */
export interface AuthenticatedRequest {
  readonly tenant: AuthenticatedTenant
  readonly clockOffsetMillis: number
}

export const hashKey = (key: string): string => createHash("sha256").update(key, "utf8").digest("hex")

/** A new secret key: the environment in the prefix helps people tell keys apart. */
export const generateKey = (environment: Environment): string =>
  `moneta_${environment}_${randomBytes(24).toString("base64url")}`

export class Authentication extends Context.Service<Authentication>()("@moneta/bank/Authentication", {
  make: Effect.gen(function*() {
    const keys = yield* ApiKeyStore
    const environment = yield* ServerEnvironment
    // Every request resolves its key: a short-lived per-process cache saves that
    // query on the hot path. A key revoked in the database stops working within
    // the time to live. Only keys found are kept: a key registered a moment
    // after a refused attempt, or looked up while the database was failing,
    // is looked up again on the next request.
    const lookups = yield* Cache.make({
      capacity: 10_000,
      timeToLive: keyCacheTimeToLive,
      lookup: (hash: string) => keys.findByHash(hash)
    })
    /** Drops a key from this process's cache (the revoking process, before it answers). */
    const forget = (hash: string) => Cache.invalidate(lookups, hash)

    /** Drops the group's keys from this process's cache: their clock offset moved (the advancing process, before it answers). */
    const forgetGroup = (groupId: GroupId) =>
      Effect.flatMap(Cache.keys(lookups), (hashes) =>
        Effect.forEach(
          Array.from(hashes),
          (hash) =>
            Cache.invalidateWhen(lookups, hash, (found) => Option.isSome(found) && found.value.groupId === groupId),
          { discard: true }
        ))

    // A key revoked, or a clock moved, in another process is dropped as soon as its notification arrives (the
    // time to live bounds the rest: a LISTEN connection being re-established misses what is sent meanwhile).
    const notifications = yield* Effect.serviceOption(Notifications)
    if (Option.isSome(notifications)) {
      const dropOn = (channel: string, drop: (payload: string) => Effect.Effect<unknown>) =>
        Stream.runForEach(notifications.value.listen(channel), drop).pipe(
          Effect.retry(Schedule.spaced(Duration.seconds(1))),
          Effect.forkScoped
        )
      yield* dropOn(revokedKeysChannel, forget)
      yield* dropOn(clockMovedChannel, (groupId) => forgetGroup(GroupId.make(groupId)))
    }

    const lookUp = (hash: string) =>
      Cache.get(lookups, hash).pipe(
        Effect.onExit((exit) =>
          Exit.isSuccess(exit) && Option.isSome(exit.value) ? Effect.void : Cache.invalidate(lookups, hash)
        )
      )

    /** The request a stored key admits: none for a key unknown, revoked or of the other environment. */
    const admitted = (
      stored: Option.Option<StoredKey>
    ): Effect.Effect<AuthenticatedRequest, InvalidApiKeyError | EnvironmentMismatchError> => {
      if (Option.isNone(stored)) return Effect.fail(new InvalidApiKeyError({ reason: "no_credential" }))
      if (stored.value.revoked) return Effect.fail(new InvalidApiKeyError({ reason: "deleted_credential" }))
      if (stored.value.environment !== environment) {
        return Effect.fail(
          new EnvironmentMismatchError({
            detail: `This is a ${stored.value.environment} key; this server serves ${environment}.`
          })
        )
      }
      return Effect.succeed({
        tenant: {
          groupId: stored.value.groupId,
          environment: stored.value.environment,
          apiKeyId: stored.value.id,
          apiKeyDescription: stored.value.description
        },
        // Only the sandbox has a clock of its own.
        clockOffsetMillis: stored.value.environment === "sandbox" ? stored.value.clockOffsetMillis : 0
      })
    }

    // Combinators rather than Effect.gen: every authenticated request runs this (docs/benchmarks.md).
    const authenticate = (key: Redacted.Redacted<string>) =>
      Effect.suspend(() => {
        const value = Redacted.value(key).trim()
        return value.length === 0
          ? Effect.fail(new InvalidApiKeyError({ reason: "no_header" }))
          : Effect.flatMap(lookUp(hashKey(value)), admitted)
      })

    /** Registers a key (idempotent: a key already registered is left as it is). */
    const register = (groupId: GroupId, environment: Environment, key: string, description: string | null) =>
      Effect.gen(function*() {
        yield* keys.insertKey({
          id: yield* newId("api_key"),
          groupId,
          environment,
          hash: hashKey(key),
          prefix: keyPrefix(key),
          description,
          createdAt: yield* now
        })
      })

    return {
      authenticate: spanned("bank.Authentication.authenticate", authenticate),
      register: spanned(
        "bank.Authentication.register",
        register,
        (groupId, environment) => ({ "moneta.group_id": groupId, "moneta.environment": environment })
      ),
      forget: spanned("bank.Authentication.forget", forget),
      forgetGroup: spanned("bank.Authentication.forgetGroup", forgetGroup)
    } as const
  })
}) {
  static readonly DefaultWithoutDependencies = Layer.effect(this, this.make)
  static readonly Default = this.DefaultWithoutDependencies.pipe(Layer.provide(ApiKeyStore.Default))
}
