/**
 * The sandbox clock through the real server, on both databases: advancing
 * moves `created_at` of new objects and expires an authorization once its 7
 * days have passed; another group's clock does not move; another server on
 * the database reads the same clock; a live key and a bad duration are refused.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { MonetaApi } from "@moneta/api/MonetaApi"
import * as Database from "@moneta/store/Database"
import { Notifications } from "@moneta/store/Notifications"
import * as TestDatabase from "@moneta/store/testing"
import { Context, DateTime, Effect, Layer } from "effect"
import { OpenApi } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { approvedHold, cardOnFundedAccount, cardPaymentIdOf } from "./support/Cards.js"
import { expectError, expectInvalidParameters, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

interface ClockBody {
  readonly current_time: string
  readonly real_time: string
  readonly offset_ms: number
  readonly group_id: string
}

const clockOf = (body: unknown): ClockBody => body as ClockBody

const day = 86_400_000

for (const kind of TestDatabase.testDatabases) {
  describe(`the sandbox clock (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("advancing 7 days expires an authorization, and new objects are created on the group's clock", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const group = yield* server.newGroup()
          const client = yield* server.clientFor(group.apiKey)
          const api = raw(server, group.apiKey)
          const before = clockOf((yield* api.get("/moneta/clock")).body)
          expect(before).toMatchObject({ group_id: group.groupId, offset_ms: 0, type: "sandbox_clock" })

          const { cardId } = yield* cardOnFundedAccount(client, 10_000)
          const hold = approvedHold(
            yield* client.cardSimulations.authorize({ payload: { amount: 1_000, card_id: cardId } })
          )
          const paymentId = cardPaymentIdOf(hold)

          // Six days: not yet due.
          const sixDays = yield* api.post("/moneta/clock/advance", { duration: "6d" })
          expect(sixDays.status).toBe(200)
          expect(sixDays.body).toMatchObject({
            offset_ms: 6 * day,
            advanced_by_ms: 6 * day,
            fired: { card_authorizations_expired: 0 },
            type: "sandbox_clock_advance"
          })
          expect((yield* client.pendingTransactions.retrieve({ params: { pending_transaction_id: hold.id } })).status)
            .toBe("pending")

          // One more day (ISO 8601): the authorization's expires_at has passed.
          const seventh = yield* api.post("/moneta/clock/advance", { duration: "P1D" })
          expect(seventh.status).toBe(200)
          expect(seventh.body).toMatchObject({ offset_ms: 7 * day, fired: { card_authorizations_expired: 1 } })
          expect((yield* client.pendingTransactions.retrieve({ params: { pending_transaction_id: hold.id } })).status)
            .toBe("complete")
          const payment = yield* client.cardPayments.retrieve({ params: { card_payment_id: paymentId } })
          expect(payment.elements.map((element) => element.category)).toContain("card_authorization_expiration")

          // created_at follows the clock: a week ahead of real time.
          const account = yield* client.accounts.create({ payload: { name: "After a week" } })
          const real = yield* DateTime.now
          const ahead = account.created_at.epochMilliseconds - real.epochMilliseconds
          expect(ahead).toBeGreaterThan(7 * day - 60_000)
          expect(ahead).toBeLessThan(7 * day + 60_000)

          // The seeded group's clock has not moved.
          const seeded = clockOf((yield* raw(server).get("/moneta/clock")).body)
          expect(seeded.offset_ms).toBe(0)
          const ours = yield* server.client.accounts.create({ payload: { name: "Real time" } })
          expect(Math.abs(ours.created_at.epochMilliseconds - real.epochMilliseconds)).toBeLessThan(60_000)
        }))

      it.effect("events past the 30-day retention on the group's clock are gone; a retry schedule needs a subscription", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const group = yield* server.newGroup()
          const client = yield* server.clientFor(group.apiKey)
          const api = raw(server, group.apiKey)
          const account = yield* client.accounts.create({ payload: { name: "Old" } })
          const events = yield* client.events.list({ query: { associated_object_id: account.id } })
          const [event] = events.data
          if (event === undefined) throw new Error("no event for the account")
          expect((yield* api.post("/moneta/clock/advance", { duration: "29d" })).status).toBe(200)
          expect((yield* api.get(`/events/${event.id}`)).status).toBe(200)
          expect((yield* api.post("/moneta/clock/advance", { duration: "2d" })).status).toBe(200)
          expectError(yield* api.get(`/events/${event.id}`), 404, "object_not_found_error")
          // The seeded group's events are still there.
          expect((yield* server.client.events.list({ query: {} })).data.length).toBeGreaterThan(0)

          expectError(
            yield* api.post("/moneta/event_subscriptions/event_subscription_nonexistent/retry_schedule", {
              schedule: "live"
            }),
            404,
            "object_not_found_error"
          )
        }))

      it.effect("refuses a bad duration, a negative one, more than 10 years, and a live key", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const group = yield* server.newGroup()
          const api = raw(server, group.apiKey)
          for (const duration of ["soon", "-1h", "P1M", "", -5]) {
            expectInvalidParameters(yield* api.post("/moneta/clock/advance", { duration }), ["duration"])
          }
          expectInvalidParameters(yield* api.post("/moneta/clock/advance", { duration: "3651d" }), ["duration"])
          expect((yield* api.post("/moneta/clock/advance", { duration: "3000d" })).status).toBe(200)
          expectInvalidParameters(yield* api.post("/moneta/clock/advance", { duration: "700d" }), ["duration"])
          expect(clockOf((yield* api.get("/moneta/clock")).body).offset_ms).toBe(3000 * day)

          const live = yield* server.newGroup("live")
          // This server serves the sandbox: a live key is refused before it reaches the clock.
          expectError(yield* raw(server, live.apiKey).get("/moneta/clock"), 403, "environment_mismatch_error")
        }))

      it.effect("another server on the database reads the clock one advanced", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const group = yield* server.newGroup()
          // Only the database is shared: the other server builds its own services and caches. (The router
          // builds its routes with the memo map of the fiber building it: this test's would hand it this
          // server's services, key cache included.)
          const database = Context.pick(SqlClient.SqlClient, Notifications, Database.Info)(
            yield* Effect.context<TestDatabase.Services>()
          )
          const other = Context.get(
            yield* Layer.build(TestServer.layerOver(Layer.succeedContext(database))).pipe(
              Effect.provideService(Layer.CurrentMemoMap, Layer.makeMemoMapUnsafe())
            ),
            TestServer.TestServer
          )
          // The other server has served the group once (its key and clock cached) before the clock moves.
          expect(clockOf((yield* raw(other, group.apiKey).get("/moneta/clock")).body).offset_ms).toBe(0)
          expect((yield* raw(server, group.apiKey).post("/moneta/clock/advance", { duration: 7200 })).status).toBe(200)
          expect(clockOf((yield* raw(other, group.apiKey).get("/moneta/clock")).body).offset_ms).toBe(7_200_000)
          const account = yield* (yield* other.clientFor(group.apiKey)).accounts.create({ payload: { name: "Later" } })
          const ahead = account.created_at.epochMilliseconds - (yield* DateTime.now).epochMilliseconds
          expect(ahead).toBeGreaterThan(7_200_000 - 60_000)
          expect(ahead).toBeLessThan(7_200_000 + 60_000)
        }))
    })

    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("a live key has no clock: 403", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          expectError(yield* raw(server).get("/moneta/clock"), 403, "insufficient_permissions_error")
          expectError(
            yield* raw(server).post("/moneta/clock/advance", { duration: "1h" }),
            403,
            "insufficient_permissions_error"
          )
        }))
    })
  })
}

describe("the sandbox clock in the OpenAPI document", () => {
  it("is a Moneta extension under its own tag, with the API key as its security", () => {
    const document = OpenApi.fromApi(MonetaApi)
    const accounts = document.paths["/accounts"]?.get?.security
    for (
      const [path, method] of [
        ["/moneta/clock", "get"],
        ["/moneta/clock/advance", "post"],
        ["/moneta/event_subscriptions/{event_subscription_id}/retry_schedule", "post"]
      ] as const
    ) {
      const operation = document.paths[path]?.[method]
      expect(operation?.tags, path).toEqual(["Moneta: Clock"])
      expect(operation?.security, path).toEqual(accounts)
    }
  })
})
