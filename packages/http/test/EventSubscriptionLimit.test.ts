/**
 * Issue 28: a group has at most `maxActiveSubscriptions` active event
 * subscriptions in an environment (one write fanned out to as many POSTs as a
 * client cared to create). Past it: 409 `invalid_operation_error`, also when
 * enabling a disabled one; disabled and deleted ones do not count; concurrent
 * creates never overshoot (a per-group lock). Each test uses a group of its own.
 */
import { describe, expect, layer } from "@effect/vitest"
import { maxActiveSubscriptions } from "@moneta/domain/EventSubscription"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import { type Answer, expectError, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const Identified = Schema.Struct({ id: Schema.String })
const idOf = (answer: Answer) => Schema.decodeUnknownSync(Identified)(answer.body).id

const Page = Schema.Struct({
  data: Schema.Array(Schema.Struct({ status: Schema.String })),
  next_cursor: Schema.NullOr(Schema.String)
})

const detail = `a group may have at most ${maxActiveSubscriptions} active event subscriptions in an environment; ` +
  "disable or delete one first"

/** Generous: the concurrent test sends dozens of requests at once on a small shared machine. */
const busyMachineTimeout = 120_000

for (const kind of TestDatabase.testDatabases) {
  describe(`the cap on active event subscriptions (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "409 past the cap; disabled and deleted ones do not count; enabling one counts",
        () =>
          Effect.gen(function*() {
            const server = yield* TestServer.TestServer
            const group = raw(server, (yield* server.newGroup()).apiKey)
            const create = (body: Record<string, unknown> = {}) =>
              group.post("/event_subscriptions", { url: "https://hooks.example.com/moneta", ...body })
            const active = yield* Effect.forEach(
              Array.from({ length: maxActiveSubscriptions }),
              () => Effect.map(create(), idOf)
            )
            const refused = yield* create()
            expect(expectError(refused, 409, "invalid_operation_error").detail).toBe(detail)

            // Disabled ones may be created; enabling one past the cap is refused the same way.
            const disabled = idOf(yield* create({ status: "disabled" }))
            const enabling = yield* group.patch(`/event_subscriptions/${disabled}`, { status: "active" })
            expect(expectError(enabling, 409, "invalid_operation_error").detail).toBe(detail)

            // An update that keeps one active is not refused (a secret rotation at the cap).
            expect((yield* group.patch(`/event_subscriptions/${active[0]}`, { shared_secret: "rotated" })).status)
              .toBe(200)

            // Deleting one makes room, for a new one or for enabling the disabled one.
            expect((yield* group.patch(`/event_subscriptions/${active[0]}`, { status: "deleted" })).status).toBe(200)
            expect((yield* group.patch(`/event_subscriptions/${disabled}`, { status: "active" })).status).toBe(200)
            expect((yield* create()).status).toBe(409)

            const listed = Schema.decodeUnknownSync(Page)((yield* group.get("/event_subscriptions?limit=100")).body)
            expect(listed.data.filter((subscription) => subscription.status === "active")).toHaveLength(
              maxActiveSubscriptions
            )
          }),
        busyMachineTimeout
      )

      it.effect("concurrent creates never overshoot the cap", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const group = raw(server, (yield* server.newGroup()).apiKey)
          const attempts = maxActiveSubscriptions + 10
          const answers = yield* Effect.all(
            Array.from(
              { length: attempts },
              (_, index) => group.post("/event_subscriptions", { url: `https://hooks.example.com/${index}` })
            ),
            { concurrency: "unbounded" }
          )
          const statuses = answers.map((answer) => answer.status)
          expect(statuses.filter((status) => status === 200)).toHaveLength(maxActiveSubscriptions)
          expect(statuses.filter((status) => status === 409)).toHaveLength(attempts - maxActiveSubscriptions)
          const listed = Schema.decodeUnknownSync(Page)((yield* group.get("/event_subscriptions?limit=100")).body)
          expect(listed.data).toHaveLength(maxActiveSubscriptions)
        }), busyMachineTimeout)

      it.effect("the cap is per group: another group's subscriptions leave room", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const full = raw(server, (yield* server.newGroup()).apiKey)
          yield* Effect.forEach(
            Array.from({ length: maxActiveSubscriptions }),
            () => full.post("/event_subscriptions", { url: "https://hooks.example.com/full" })
          )
          expect((yield* full.post("/event_subscriptions", { url: "https://hooks.example.com/full" })).status).toBe(409)
          const other = raw(server, (yield* server.newGroup()).apiKey)
          expect((yield* other.post("/event_subscriptions", { url: "https://hooks.example.com/other" })).status).toBe(
            200
          )
        }), busyMachineTimeout)
    })
  })
}
