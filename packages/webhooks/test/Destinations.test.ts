/**
 * Issue 9 (SSRF) at delivery: the destination is judged again for every
 * attempt. A URL refused on its text is never contacted; a name that resolved
 * to a public address when the subscription was made but resolves to an
 * internal one now (DNS rebinding) is refused by the connection's lookup.
 * Either way the attempt is recorded as failed with `destination_refused`
 * and no answer.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { type Reach, WebhookDestinations } from "@moneta/domain/WebhookDestination"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Layer, Schedule } from "effect"
import type * as Dns from "node:dns"
import { guardedLookup, RefusedDestination, type ResolveAll } from "../src/Destinations.js"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Seed from "./support/Seed.js"

// A resolver with fixed answers: what a hostile DNS server could say at delivery time.
const fixedResolver =
  (answers: Record<string, ReadonlyArray<string>>): ResolveAll => (hostname, _options, callback) => {
    const addresses = answers[hostname]
    if (addresses === undefined) callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), [])
    else callback(null, addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })))
  }

const answers = {
  "rebind.example.com": ["10.0.0.7"],
  "hooks.example.com": ["93.184.216.34"],
  "mixed.example.com": ["93.184.216.34", "::1"]
}

const lookup = (reach: Reach, allowedHosts: ReadonlyArray<string>, hostname: string, all: boolean) =>
  Effect.callback<ReadonlyArray<Dns.LookupAddress> | string, unknown>((resume) => {
    guardedLookup(reach, allowedHosts, fixedResolver(answers))(hostname, { all }, (error, address) => {
      resume(error === null ? Effect.succeed(address) : Effect.fail(error))
    })
  })

describe("the delivery lookup", () => {
  it.effect("passes judged addresses on, in the form asked for, and refuses internal ones", () =>
    Effect.gen(function*() {
      expect(yield* lookup("public", [], "hooks.example.com", true)).toEqual([{ address: "93.184.216.34", family: 4 }])
      expect(yield* lookup("public", [], "hooks.example.com", false)).toBe("93.184.216.34")
      const rebound = yield* Effect.flip(lookup("public", [], "rebind.example.com", false))
      expect(rebound).toBeInstanceOf(RefusedDestination)
      expect(rebound instanceof RefusedDestination ? rebound.reason : "").toBe("resolves to a private address")
      // One internal address among public ones is enough to refuse.
      expect(yield* Effect.flip(lookup("public", [], "mixed.example.com", false))).toBeInstanceOf(RefusedDestination)
      expect(yield* lookup("public_and_loopback", [], "mixed.example.com", false)).toBe("93.184.216.34")
      expect(yield* lookup("public", ["rebind.example.com"], "rebind.example.com", false)).toBe("10.0.0.7")
    }))
})

/** The subscription's first attempt, once recorded (checked every 20 ms, up to 10 s). */
const firstAttempt = (owner: TenantShape, subscriptionId: EventSubscriptionId) =>
  Seed.attempts(owner, subscriptionId).pipe(
    Effect.flatMap((attempts) =>
      attempts[0] === undefined ? Effect.fail("no attempt yet" as const) : Effect.succeed(attempts[0])
    ),
    Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 })
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`refused destinations at delivery (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      const dispatcher = Dispatcher.layer({ environment: "live" }).pipe(
        Layer.provide(Transport.layer("live", fixedResolver(answers))),
        Layer.provide(
          Layer.succeed(WebhookDestinations, {
            allowedHosts: [],
            loopbackInSandbox: true,
            resolve: () => Effect.succeed([])
          })
        )
      )

      for (
        const [name, url] of [
          ["an internal IP literal", "https://169.254.169.254/latest/meta-data/"],
          ["a name that now resolves to an internal address", "https://rebind.example.com/hooks"],
          ["a URL with credentials", "https://user:hunter2@hooks.example.com/hooks"]
        ] as const
      ) {
        it.effect(`${name} is not contacted; the attempt fails with destination_refused`, () =>
          Effect.gen(function*() {
            const tenant = yield* Seed.tenant("live")
            // Written as an old row could be, before the rule: the store does not judge.
            const subscription = yield* Seed.subscribe(tenant, { url, secret: "ssrf" })
            yield* Layer.build(dispatcher)
            yield* Seed.emit(tenant, ["wire_transfer.created"])
            const attempt = yield* firstAttempt(tenant, subscription.id)
            expect(attempt).toMatchObject({
              status: "failed",
              failure_reason: "destination_refused",
              response_status_code: null,
              response_body: null
            })
            expect(attempt.url).not.toContain("hunter2")
          }), 180_000)
      }
    })
  })
}
