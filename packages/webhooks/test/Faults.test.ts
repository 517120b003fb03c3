/**
 * Injected webhook faults, against a real local receiver in real time, on
 * both databases: a `status` or `timeout` fault records its attempt without
 * calling the endpoint; `duplicate` sends twice with one `webhook-id`;
 * `reorder` lets the next delivery go first; `delay` sends later; each
 * attempt a fault shaped says so (`injected_fault`); and a fault is used
 * exactly `count` times, also by two dispatchers sharing the database.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import type { WebhookAttempt } from "@moneta/domain/WebhookAttempt"
import type { CreateWebhookFault } from "@moneta/domain/WebhookFault"
import { faultFields } from "@moneta/domain/WebhookFault"
import * as TestDatabase from "@moneta/store/testing"
import { WebhookFaultStore } from "@moneta/store/WebhookFaults"
import { DateTime, Effect, Layer } from "effect"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const dispatcher = Layer.build(
  Dispatcher.layer({ environment: "sandbox" }).pipe(
    Layer.provide(Transport.layer("sandbox")),
    Layer.provide(Seed.LoopbackAllowed)
  )
)

const addFault = (owner: TenantShape, subscriptionId: EventSubscriptionId, fault: CreateWebhookFault) =>
  Effect.gen(function*() {
    yield* (yield* WebhookFaultStore).insert(owner, subscriptionId, faultFields(fault), yield* DateTime.now)
  })

/** Waits (polling the log, a minute at most) until the subscription has `count` attempts. */
const attemptsReach = (owner: TenantShape, subscriptionId: EventSubscriptionId, count: number) =>
  Effect.gen(function*() {
    for (let round = 0; round < 3_000; round++) {
      const attempts: ReadonlyArray<WebhookAttempt> = yield* Seed.attempts(owner, subscriptionId)
      if (attempts.length >= count) return attempts
      yield* Effect.sleep("20 millis")
    }
    return yield* Effect.die(new Error(`fewer than ${count} attempts after a minute`))
  })

const injected = (attempts: ReadonlyArray<WebhookAttempt>) =>
  attempts.flatMap((attempt) => attempt.injected_fault === undefined ? [] : [attempt])

for (const kind of TestDatabase.testDatabases) {
  describe(`webhook faults (${kind})`, () => {
    layer(
      Layer.mergeAll(Seed.StoreLive, WebhookFaultStore.Default).pipe(Layer.provideMerge(TestDatabase.layerFor(kind))),
      { timeout: TestDatabase.timeout, excludeTestServices: true }
    )((it) => {
      it.effect("status and timeout faults record their attempts without calling the endpoint, count times each", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const tenant = yield* Seed.tenant("sandbox")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "faults" })
          yield* addFault(tenant, subscription.id, { kind: "status", status: 503, count: 2 })
          yield* addFault(tenant, subscription.id, { kind: "timeout" })
          yield* dispatcher
          const emitted = yield* Seed.emit(tenant, [
            "wire_transfer.created",
            "wire_transfer.updated",
            "card_payment.created",
            "lockbox.created"
          ])
          const [request] = yield* Receiver.take(receiver, 1)
          const attempts = yield* attemptsReach(tenant, subscription.id, emitted.length)
          const faulted = injected(attempts)
          expect(faulted.map((attempt) => attempt.injected_fault).sort()).toEqual([
            "status 503",
            "status 503",
            "timeout"
          ])
          for (const attempt of faulted) {
            expect(attempt.status).toBe("failed")
            expect(attempt.response_body).toBe(`moneta: injected ${attempt.injected_fault}`)
            if (attempt.injected_fault === "timeout") {
              expect(attempt).toMatchObject({
                failure_reason: "timed_out",
                response_status_code: null,
                duration_ms: 10_000
              })
            } else {
              expect(attempt).toMatchObject({ failure_reason: "non_2xx_response", response_status_code: 503 })
            }
          }
          // The one delivery left over went to the endpoint, and only it.
          const real = attempts.filter((attempt) => attempt.injected_fault === undefined)
          expect(real.map((attempt) => attempt.event_id)).toEqual([request?.headers["webhook-id"]])
          expect(real[0]).toMatchObject({ status: "succeeded", response_status_code: 204 })
          expect(receiver.all()).toHaveLength(1)
          expect(yield* (yield* WebhookFaultStore).list(tenant, subscription.id)).toEqual([])
        }))

      it.effect("a duplicate fault sends the delivery twice with the same webhook-id", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const tenant = yield* Seed.tenant("sandbox")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "faults" })
          yield* addFault(tenant, subscription.id, { kind: "duplicate" })
          yield* dispatcher
          const [event] = yield* Seed.emit(tenant, ["wire_transfer.created"])
          const requests = yield* Receiver.take(receiver, 2)
          expect(requests.map((request) => request.headers["webhook-id"])).toEqual([event?.id, event?.id])
          expect(requests[0]?.body).toBe(requests[1]?.body)
          const attempts = yield* attemptsReach(tenant, subscription.id, 2)
          expect(attempts.map((attempt) => [attempt.injected_fault, attempt.status])).toEqual([
            ["duplicate", "succeeded"],
            ["duplicate", "succeeded"]
          ])
          // The next event is sent once: the fault covered one delivery.
          const [next] = yield* Seed.emit(tenant, ["wire_transfer.updated"])
          const [third] = yield* Receiver.take(receiver, 1)
          expect(third?.headers["webhook-id"]).toBe(next?.id)
          const all = yield* attemptsReach(tenant, subscription.id, 3)
          expect(all).toHaveLength(3)
          expect(all[2]?.injected_fault).toBeUndefined()
        }))

      it.effect("a reorder fault holds a delivery until the next one has gone; a delay fault sends it later", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const tenant = yield* Seed.tenant("sandbox")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "faults" })
          yield* addFault(tenant, subscription.id, { kind: "reorder" })
          yield* dispatcher
          const [first] = yield* Seed.emit(tenant, ["wire_transfer.created"])
          // The first delivery is held before the second is even written (the dispatcher took its fault).
          yield* Effect.gen(function*() {
            for (let round = 0; round < 3_000; round++) {
              if ((yield* (yield* WebhookFaultStore).list(tenant, subscription.id)).length === 0) return
              yield* Effect.sleep("20 millis")
            }
          })
          const [second] = yield* Seed.emit(tenant, ["wire_transfer.updated"])
          const requests = yield* Receiver.take(receiver, 2)
          expect(requests.map((request) => request.headers["webhook-id"])).toEqual([second?.id, first?.id])
          const attempts = yield* attemptsReach(tenant, subscription.id, 2)
          expect(attempts.find((attempt) => attempt.event_id === first?.id)?.injected_fault).toBe("reorder")

          yield* addFault(tenant, subscription.id, { kind: "delay", seconds: 1 })
          const [late] = yield* Seed.emit(tenant, ["card_payment.created"])
          const [request] = yield* Receiver.take(receiver, 1)
          expect(request?.headers["webhook-id"]).toBe(late?.id)
          const delayed = (yield* attemptsReach(tenant, subscription.id, 3)).find((attempt) =>
            attempt.event_id === late?.id
          )
          expect(delayed?.injected_fault).toBe("delay 1s")
          if (late === undefined || delayed === undefined) return yield* Effect.die(new Error("no delayed attempt"))
          expect(DateTime.toEpochMillis(delayed.created_at) - DateTime.toEpochMillis(late.created_at))
            .toBeGreaterThanOrEqual(1_000)
        }))

      it.effect("two dispatchers sharing the database use a fault exactly count times", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const tenant = yield* Seed.tenant("sandbox")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "faults" })
          yield* addFault(tenant, subscription.id, { kind: "status", status: 500, count: 5 })
          yield* dispatcher
          yield* dispatcher
          const categories = ["wire_transfer.created", "wire_transfer.updated", "card_payment.created"] as const
          for (let batch = 0; batch < 4; batch++) yield* Seed.emit(tenant, categories)
          const attempts = yield* attemptsReach(tenant, subscription.id, 12)
          expect(attempts).toHaveLength(12)
          expect(injected(attempts)).toHaveLength(5)
          yield* Receiver.take(receiver, 7)
          expect(receiver.all()).toHaveLength(7)
        }))
    })
  })
}
