/**
 * The example app against a running Moneta server: real deliveries keep its
 * local copy of wire transfer statuses in step with the API, and every event
 * is handled once, even when Moneta sends it again.
 */
import { describe, expect, it } from "@effect/vitest"
import { RoutingNumber } from "@moneta/domain/RoutingNumber"
import { AssociatedObject, Deduplication } from "@moneta/receiver"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Layer, Option } from "effect"
import * as Consumer from "../src/Consumer.js"
import { LocalCopy } from "../src/LocalCopy.js"
import { eventually, expectTrue } from "./support/Eventually.js"
import { listen } from "./support/Listen.js"
import * as MonetaServer from "./support/MonetaServer.js"

const secret = "the consumer's shared secret"

for (const kind of TestDatabase.testDatabases) {
  describe(`webhook consumer (${kind})`, () => {
    it.live(
      "keeps a local copy of wire transfer statuses from real deliveries, each event handled once",
      () =>
        Effect.gen(function*() {
          const moneta = yield* MonetaServer.start(kind)
          yield* Effect.gen(function*() {
            const localCopy = new LocalCopy()
            const consumerUrl = yield* listen(yield* Consumer.make({ secrets: [secret], localCopy }))
            const client = yield* AssociatedObject.MonetaClient
            const subscription = yield* client.eventSubscriptions.create({
              payload: { url: `${consumerUrl}/webhooks`, shared_secret: secret }
            })

            const [account] = (yield* client.accounts.list({ query: {} })).data
            if (account === undefined) return yield* Effect.die(new Error("the first run seeds an account"))
            const transfer = yield* client.wireTransfers.create({
              payload: {
                account_id: account.id,
                amount: 12_345,
                creditor: { name: "Ada Lovelace" },
                remittance: { category: "unstructured", unstructured: { message: "Invoice 42" } },
                account_number: "987654321",
                routing_number: RoutingNumber.make("101050001"),
                require_approval: true
              }
            })
            yield* eventually(
              expectTrue(
                () => localCopy.transfer(transfer.id)?.status === "pending_approval",
                "not yet pending_approval"
              )
            )

            yield* client.wireTransfers.approve({ params: { wire_transfer_id: transfer.id } })
            yield* client.wireTransferSimulations.submit({ params: { wire_transfer_id: transfer.id } })
            const latest = yield* client.wireTransfers.retrieve({ params: { wire_transfer_id: transfer.id } })
            expect(latest.status).not.toBe("pending_approval")
            yield* eventually(
              expectTrue(() => localCopy.transfer(transfer.id)?.status === latest.status, `not yet ${latest.status}`)
            )

            // The app's own page shows the same.
            const page = yield* Effect.promise(() =>
              fetch(`${consumerUrl}/wire_transfers`).then((response) => response.json())
            )
            expect(page).toEqual({
              data: [{ id: transfer.id, status: latest.status, amount: 12_345, account_id: account.id }]
            })

            // Every wire transfer event arrived and was handled exactly once.
            const events = (yield* client.events.list({ query: { associated_object_id: transfer.id } })).data
            expect(events.length).toBeGreaterThanOrEqual(3)
            yield* eventually(
              expectTrue(() => events.every((event) => localCopy.eventCounts().has(event.id)), "events missing")
            )

            // Moneta sends one of them again: acknowledged (2xx), not handled again.
            const [resent] = events
            if (resent === undefined) {
              return
            }
            yield* client.eventSubscriptions.resend({
              params: { event_subscription_id: subscription.id },
              payload: { event_id: resent.id }
            })
            const attempts = yield* eventually(
              Effect.flatMap(
                client.eventSubscriptions.listAttempts({
                  params: { event_subscription_id: subscription.id },
                  query: { event_id: resent.id }
                }),
                (page) => page.data.length >= 2 ? Effect.succeed(page.data) : Effect.fail("resend not attempted yet")
              )
            )
            expect(attempts.map((attempt) => attempt.status)).toEqual(["succeeded", "succeeded"])
            expect(Option.fromNullishOr(attempts[0]?.response_body).pipe(Option.getOrElse(() => ""))).toContain(
              "duplicate"
            )
            expect([...localCopy.eventCounts().values()].every((count) => count === 1)).toBe(true)
          }).pipe(Effect.provide(Layer.merge(MonetaServer.clientLayer(moneta), Deduplication.layerMemory())))
        }).pipe(Effect.scoped),
      180_000
    )
  })
}
