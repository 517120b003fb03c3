/**
 * The API key cache keeps only keys it found (issue 9, item 7): a lookup that
 * failed (the database was down) or found nothing (the key is registered a
 * moment later) is made again on the next request; a found key is trusted for
 * `keyCacheTimeToLive`. The key comes with its group's sandbox clock offset,
 * cached with it until the group's clock moves (`forgetGroup`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Authentication, hashKey, keyCacheTimeToLive, ServerEnvironment } from "@moneta/bank/Authentication"
import { ApiKeyId, GroupId } from "@moneta/domain/Ids"
import { ApiKeyStore, type StoredKey } from "@moneta/store/ApiKeys"
import { Duration, Effect, Exit, Layer, Option, Redacted } from "effect"
import { TestClock } from "effect/testing"

const key = "moneta_sandbox_test"
const stored: StoredKey = {
  id: ApiKeyId.make("api_key_1"),
  description: null,
  groupId: GroupId.make("group_1"),
  environment: "sandbox",
  revoked: false,
  clockOffsetMillis: 0
}

/** Answers for successive lookups: "down" (a database failure), "missing" or "found"; the last repeats. */
const scriptedKeys = (script: ReadonlyArray<"down" | "missing" | "found">, found: StoredKey = stored) => {
  let lookups = 0
  let clockOffsetMillis = found.clockOffsetMillis
  const findByHash = (hash: string) =>
    Effect.suspend(() => {
      const answer = script[Math.min(lookups, script.length - 1)]
      lookups++
      if (hash !== hashKey(key)) return Effect.succeed(Option.none())
      return answer === "down"
        ? Effect.die(new Error("connection refused"))
        : Effect.succeed(answer === "found" ? Option.some({ ...found, clockOffsetMillis }) : Option.none())
    })
  const layer = Authentication.DefaultWithoutDependencies.pipe(
    Layer.provide(Layer.succeed(
      ApiKeyStore,
      ApiKeyStore.of({
        insertGroup: () => Effect.void,
        firstGroup: Effect.succeed(Option.none()),
        lockFirstRun: Effect.void,
        insertKey: () => Effect.void,
        findByHash
      })
    )),
    // The server serves the key's environment.
    Layer.provide(Layer.succeed(ServerEnvironment, found.environment))
  )
  return {
    layer,
    lookups: () => lookups,
    /** Moves the group's clock in the "database". */
    setOffset: (offsetMillis: number) => {
      clockOffsetMillis = offsetMillis
    }
  }
}

const authenticate = Effect.flatMap(
  Authentication,
  (authentication) => Effect.exit(authentication.authenticate(Redacted.make(key)))
)

describe("API key cache", () => {
  it.effect("a lookup that failed is not cached: the next request looks again", () => {
    const keys = scriptedKeys(["down", "found"])
    return Effect.gen(function*() {
      expect(Exit.isFailure(yield* authenticate)).toBe(true)
      expect(Exit.isSuccess(yield* authenticate)).toBe(true)
      expect(keys.lookups()).toBe(2)
    }).pipe(Effect.provide(keys.layer))
  })

  it.effect("a key not found is not cached: registered a moment later, it works at once", () => {
    const keys = scriptedKeys(["missing", "found"])
    return Effect.gen(function*() {
      const refused = yield* Effect.flip(
        Effect.flatMap(Authentication, (authentication) => authentication.authenticate(Redacted.make(key)))
      )
      expect(refused).toMatchObject({ _tag: "InvalidApiKeyError", reason: "no_credential" })
      expect(Exit.isSuccess(yield* authenticate)).toBe(true)
    }).pipe(Effect.provide(keys.layer))
  })

  it.effect("a found key is trusted for the time to live, then looked up again", () => {
    const keys = scriptedKeys(["found"])
    return Effect.gen(function*() {
      yield* authenticate
      yield* authenticate
      expect(keys.lookups()).toBe(1)
      yield* TestClock.adjust(Duration.sum(keyCacheTimeToLive, Duration.millis(1)))
      yield* authenticate
      expect(keys.lookups()).toBe(2)
    }).pipe(Effect.provide(keys.layer))
  })

  it.effect("the group's clock offset is cached with its key until the group's clock moves", () => {
    const keys = scriptedKeys(["found"], { ...stored, clockOffsetMillis: 5_000 })
    const offset = Effect.flatMap(
      Authentication,
      (authentication) => authentication.authenticate(Redacted.make(key))
    ).pipe(Effect.map((request) => request.clockOffsetMillis))
    return Effect.gen(function*() {
      expect(yield* offset).toBe(5_000)
      keys.setOffset(86_400_000)
      // Another group's clock moving drops nothing.
      yield* Effect.flatMap(Authentication, (authentication) => authentication.forgetGroup(GroupId.make("group_2")))
      expect(yield* offset).toBe(5_000)
      expect(keys.lookups()).toBe(1)
      yield* Effect.flatMap(Authentication, (authentication) => authentication.forgetGroup(stored.groupId))
      expect(yield* offset).toBe(86_400_000)
      expect(keys.lookups()).toBe(2)
    }).pipe(Effect.provide(keys.layer))
  })

  it.effect("a live key is served on real time, whatever its group's sandbox clock says", () => {
    const keys = scriptedKeys(["found"], { ...stored, environment: "live", clockOffsetMillis: 5_000 })
    return Effect.gen(function*() {
      const request = yield* Effect.flatMap(
        Authentication,
        (authentication) => authentication.authenticate(Redacted.make(key))
      )
      expect(request.clockOffsetMillis).toBe(0)
    }).pipe(Effect.provide(keys.layer))
  })
})
