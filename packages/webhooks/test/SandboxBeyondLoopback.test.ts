/**
 * Issue 28 (SSRF): a sandbox server listening beyond loopback (`HOST=0.0.0.0`)
 * must not deliver to its own host's ports, or anyone with a key could scan
 * them and read the first KB of each answer in the delivery log. The listen
 * address decides, through `Destinations.layer`; the delivery is refused
 * whether the URL names the loopback address (in any form) or a name that
 * resolves to it at delivery time, and the receiver is never contacted.
 * `MONETA_WEBHOOK_ALLOWED_HOSTS` still lets the operator name one.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { WebhookDestinations } from "@moneta/domain/WebhookDestination"
import * as TestDatabase from "@moneta/store/testing"
import { ConfigProvider, Effect, Layer, Schedule } from "effect"
import * as Destinations from "../src/Destinations.js"
import type { ResolveAll } from "../src/Destinations.js"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

/** The server's configuration as the environment gives it. */
const configured = (env: Record<string, string>) => ConfigProvider.layer(ConfigProvider.fromEnv({ env }))

/** A name that resolves to the loopback address: what a hostile DNS server answers at delivery time. */
const rebinding: ResolveAll = (hostname, _options, callback) => {
  if (hostname === "rebind.example.com") callback(null, [{ address: "127.0.0.1", family: 4 }])
  else if (hostname === "mapped.example.com") callback(null, [{ address: "::ffff:127.0.0.1", family: 6 }])
  else callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), [])
}

/** A sandbox dispatcher configured by `env`, its destinations read by `Destinations.layer`. */
const sandboxDispatcher = (env: Record<string, string>) =>
  Layer.build(
    Dispatcher.layer({ environment: "sandbox" }).pipe(
      Layer.provide(Transport.layer("sandbox", rebinding)),
      Layer.provide(Destinations.layer),
      Layer.provide(configured(env))
    )
  )

/** The subscription's first attempt, once recorded (checked every 20 ms, up to 10 s). */
const firstAttempt = (owner: TenantShape, subscriptionId: EventSubscriptionId) =>
  Seed.attempts(owner, subscriptionId).pipe(
    Effect.flatMap((attempts) =>
      attempts[0] === undefined ? Effect.fail("no attempt yet" as const) : Effect.succeed(attempts[0])
    ),
    Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 })
  )

describe("where the server listens decides whether the sandbox reaches loopback", () => {
  it.effect("HOST on loopback (or unset) allows it; any other address does not", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [Record<string, string>, boolean]> = [
        [{}, true],
        [{ HOST: "127.0.0.1" }, true],
        [{ HOST: "127.0.0.53" }, true],
        [{ HOST: "::1" }, true],
        [{ HOST: "localhost" }, true],
        [{ HOST: "0.0.0.0" }, false],
        [{ HOST: "::" }, false],
        [{ HOST: "192.168.1.10" }, false]
      ]
      for (const [env, expected] of cases) {
        const destinations = yield* Effect.provide(
          Effect.gen(function*() {
            return yield* WebhookDestinations
          }),
          Destinations.layer.pipe(Layer.provide(configured(env)))
        )
        expect([env, destinations.loopbackInSandbox]).toEqual([env, expected])
      }
    }))
})

for (const kind of TestDatabase.testDatabases) {
  describe(`a sandbox listening beyond loopback (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect(
        "refuses loopback receivers in every form and shows nothing of their answers",
        () =>
          Effect.gen(function*() {
            const receiver = yield* Receiver.make(() => 200)
            const port = new URL(receiver.url).port
            const tenant = yield* Seed.tenant("sandbox")
            const urls = [
              receiver.url,
              `http://localhost:${port}/webhooks`,
              `http://[::ffff:127.0.0.1]:${port}/webhooks`,
              `http://2130706433:${port}/webhooks`,
              `https://rebind.example.com:${port}/webhooks`,
              `https://mapped.example.com:${port}/webhooks`
            ]
            // Written as a subscription made while the server listened on loopback: the store does not judge.
            const subscriptions = yield* Effect.forEach(urls, (url) => Seed.subscribe(tenant, { url, secret: "scan" }))
            yield* sandboxDispatcher({ HOST: "0.0.0.0" })
            yield* Seed.emit(tenant, ["wire_transfer.created"])
            for (const [index, subscription] of subscriptions.entries()) {
              const attempt = yield* firstAttempt(tenant, subscription.id)
              expect([urls[index], attempt]).toMatchObject([urls[index], {
                status: "failed",
                failure_reason: "destination_refused",
                response_status_code: null,
                response_body: null
              }])
            }
            expect(receiver.all()).toEqual([])
          }),
        180_000
      )

      it.effect("delivers to a loopback receiver the operator allows", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 200)
          const allowed = yield* Seed.tenant("sandbox")
          const allowedSubscription = yield* Seed.subscribe(allowed, { url: receiver.url, secret: "allowed" })
          yield* sandboxDispatcher({ HOST: "0.0.0.0", MONETA_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" })
          yield* Seed.emit(allowed, ["wire_transfer.created"])
          expect(yield* firstAttempt(allowed, allowedSubscription.id)).toMatchObject({
            status: "succeeded",
            response_status_code: 200,
            response_body: "ok"
          })
        }), 180_000)

      it.effect("a loopback-only sandbox delivers to loopback as before", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 200)
          const tenant = yield* Seed.tenant("sandbox")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "local" })
          yield* sandboxDispatcher({ HOST: "127.0.0.1" })
          yield* Seed.emit(tenant, ["wire_transfer.created"])
          expect(yield* firstAttempt(tenant, subscription.id)).toMatchObject({
            status: "succeeded",
            response_status_code: 200
          })
        }), 180_000)
    })
  })
}
