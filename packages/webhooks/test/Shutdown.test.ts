/**
 * Graceful shutdown: the attempt under way finishes and is recorded; the
 * deliveries claimed but not started are handed back at once, and the next
 * dispatcher sends them without waiting for a lease to run out.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Duration, Effect, Exit, Layer, Schema, Scope } from "effect"
import { SqlClient } from "effect/sql"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const dispatcher = Dispatcher.layer({
  environment: "sandbox",
  concurrency: 1,
  batchSize: 5,
  lease: Duration.minutes(10)
}).pipe(
  Layer.provide(Transport.layer("sandbox"))
)

const ClaimRow = Schema.Struct({ claimed: Schema.Number, pending: Schema.Number })

for (const kind of TestDatabase.testDatabases) {
  describe(`graceful shutdown (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect(
        "finishes the attempt under way and releases the claims it did not start",
        () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const firstArrived = yield* Deferred.make<void>()
            const receiver = yield* Receiver.make((_request, count) => {
              if (count > 1) return 204
              Deferred.doneUnsafe(firstArrived, Effect.void)
              return new Promise((resolve) => setTimeout(() => resolve(200), 300))
            })
            const tenant = yield* Seed.tenant("sandbox")
            const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "shutdown" })
            yield* Seed.emit(tenant, [
              "wire_transfer.created",
              "wire_transfer.updated",
              "lockbox.created",
              "lockbox.updated"
            ])

            const scope = yield* Scope.make()
            yield* Layer.buildWithScope(dispatcher, scope)
            yield* Deferred.await(firstArrived)
            yield* Scope.close(scope, Exit.void)

            // The one under way was answered and recorded; nobody holds the other three.
            expect((yield* Seed.attempts(tenant, subscription.id)).map((attempt) => attempt.status)).toEqual([
              "succeeded"
            ])
            const [counts] = yield* Schema.decodeUnknownEffect(Schema.Array(ClaimRow))(
              yield* sql`SELECT count(*) FILTER (WHERE claim_token IS NOT NULL)::int AS claimed,
                count(*) FILTER (WHERE status = 'pending')::int AS pending
              FROM webhook_deliveries WHERE group_id = ${tenant.groupId}`
            )
            expect(counts).toEqual({ claimed: 0, pending: 3 })

            // A lease of 10 minutes would hold them; released, they go at once.
            yield* Layer.build(dispatcher)
            yield* Receiver.take(receiver, 4)
            for (let round = 0; round < 100 && (yield* Seed.attempts(tenant, subscription.id)).length < 4; round++) {
              yield* Effect.sleep("20 millis")
            }
            expect((yield* Seed.deliveries(tenant)).map((row) => row.status)).toEqual([
              "succeeded",
              "succeeded",
              "succeeded",
              "succeeded"
            ])
          }),
        180_000
      )
    })
  })
}
