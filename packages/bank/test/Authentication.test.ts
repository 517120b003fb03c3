/**
 * The API key cache keeps only keys it found (issue 9, item 7): a lookup that
 * failed (the database was down) or found nothing (the key is registered a
 * moment later) is made again on the next request; a found key is trusted for
 * `keyCacheTimeToLive`.
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
  revoked: false
}

/** Answers for successive lookups: "down" (a database failure), "missing" or "found"; the last repeats. */
const scriptedKeys = (script: ReadonlyArray<"down" | "missing" | "found">) => {
  let lookups = 0
  const findByHash = (hash: string) =>
    Effect.suspend(() => {
      const answer = script[Math.min(lookups, script.length - 1)]
      lookups++
      if (hash !== hashKey(key)) return Effect.succeed(Option.none())
      return answer === "down"
        ? Effect.die(new Error("connection refused"))
        : Effect.succeed(answer === "found" ? Option.some(stored) : Option.none())
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
    Layer.provide(Layer.succeed(ServerEnvironment, "sandbox"))
  )
  return { layer, lookups: () => lookups }
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
})
