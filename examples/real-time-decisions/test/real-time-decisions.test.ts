/**
 * The example app against a running Moneta server: card authorizations under
 * the spending limit are approved by the app (`actioner: user`), larger ones
 * declined with its reason, each answered before the webhook is.
 */
import { describe, expect, it } from "@effect/vitest"
import { AssociatedObject, Deduplication } from "@moneta/receiver"
import { listen, start } from "@moneta/server/testing"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Decisions from "../src/Decisions.js"

const secret = "the app's shared secret"

for (const kind of TestDatabase.testDatabases) {
  describe(`real-time decisions app (${kind})`, () => {
    it.live("approves authorizations within the spending limit and declines the others", () =>
      Effect.gen(function*() {
        const moneta = yield* start(kind)
        yield* Effect.gen(function*() {
          const appUrl = yield* listen(yield* Decisions.make({ secrets: [secret], spendingLimit: 5_000 }))
          const client = yield* AssociatedObject.MonetaClient
          yield* client.eventSubscriptions.create({
            payload: {
              url: `${appUrl}/webhooks`,
              shared_secret: secret,
              selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
            }
          })
          const [card] = (yield* client.cards.list({ query: {} })).data
          if (card === undefined) return yield* Effect.die(new Error("the first run seeds a card"))

          const within = yield* client.cardSimulations.authorize({ payload: { amount: 4_999, card_id: card.id } })
          expect(within.pending_transaction?.source).toMatchObject({
            card_authorization: { actioner: "user", amount: 4_999 }
          })

          const beyond = yield* client.cardSimulations.authorize({ payload: { amount: 5_001, card_id: card.id } })
          expect(beyond.pending_transaction).toBeNull()
          expect(beyond.declined_transaction?.source).toMatchObject({
            card_decline: { reason: "webhook_declined", real_time_decision_reason: "exceeds_approval_limit" }
          })
        }).pipe(Effect.provide(Layer.merge(
          AssociatedObject.layerClient(moneta).pipe(Layer.provide(FetchHttpClient.layer)),
          Deduplication.layerMemory()
        )))
      }).pipe(Effect.scoped), 180_000)
  })
}
