/**
 * What the real-time decision tests of the bank share: a token request to
 * ask about, and a tenant of its own for each test under a fresh `TestClock`
 * (the database keeps real time).
 */
import { CardId } from "@moneta/domain/Ids"
import type { Request } from "@moneta/domain/RealTimeDecision"
import { defaultTimeoutWindows } from "@moneta/domain/RealTimeDecision"
import { Tenant } from "@moneta/domain/Tenant"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import { newId } from "@moneta/store/IdGenerator"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"

export const tokenRequest: Request = {
  category: "digital_wallet_token_requested",
  digital_wallet_token: {
    card_id: CardId.make("card_test"),
    decision: null,
    device: { identifier: null },
    digital_wallet: "wallet_a"
  }
}

export const window = defaultTimeoutWindows.digital_wallet_token_requested

/** A group of its own for each test, as the tenant. */
export const asNewTenant = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const groupId = yield* newId("group")
    yield* (yield* ApiKeyStore).insertGroup(groupId, "Decisions", yield* DateTime.now)
    return yield* Effect.provideService(effect, Tenant, {
      groupId,
      environment: "sandbox",
      apiKeyId: "api_key_test",
      apiKeyDescription: null
    })
  })

/** The test body as a new tenant under a fresh `TestClock`. */
export const underTestClock = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.scoped(asNewTenant(effect)).pipe(Effect.provide(TestClock.layer()))

/** Lets pending I/O callbacks run (not a timer: the TestClock is not involved). */
export const yieldToEventLoop = Effect.callback<void>((resume) => {
  const handle = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(handle))
})
