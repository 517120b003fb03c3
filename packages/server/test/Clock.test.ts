/**
 * `moneta clock` against a real server (dispatcher and sweeper running), on
 * each database: `show` and `advance` print a line or JSON; a bad duration is
 * one line and no request; advancing past a pending real-time decision's
 * `timeout_at` times it out before the command returns (its window is set
 * long here, so nothing else could). The commands run in this process.
 */
import { describe, expect, it } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Effect, Exit, Fiber, Redacted, Schedule } from "effect"
import type { IncomingMessage } from "node:http"
import { clock } from "../src/cli/Clock.js"
import * as RunningServer from "../src/testing.js"
import { capture, runner } from "./CliInProcess.js"

const moneta = runner([clock])

const connection = (server: RunningServer.RunningServer) => [
  "--base-url",
  server.baseUrl,
  "--api-key",
  Redacted.value(server.apiKey)
]

/** A request to the server with its sandbox key; the parsed JSON answer and its status. */
const call = (server: RunningServer.RunningServer, method: string, path: string, body?: unknown) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${Redacted.value(server.apiKey)}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  })

const idOf = (answer: { readonly body: Record<string, unknown> }): string => {
  const id = answer.body["id"]
  if (typeof id !== "string") throw new Error(`no id in ${JSON.stringify(answer.body)}`)
  return id
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
  })

const decisionCategory = "real_time_decision.card_authorization_requested"

for (const kind of TestDatabase.testDatabases) {
  describe(`moneta clock (${kind})`, () => {
    it.live("show and advance print the clock; a bad duration is one line", () =>
      Effect.gen(function*() {
        const server = yield* RunningServer.start(kind)
        const shown = capture()
        yield* moneta(["clock", "show", ...connection(server)], shown)
        expect(shown.stdout()).toMatch(/^Clock\s+group_\w+\s+\S+Z\s+\(0s ahead of real time\)$/m)

        const advanced = capture()
        yield* moneta(["clock", "advance", "1d2h", ...connection(server)], advanced)
        expect(advanced.stdout()).toMatch(/^Advanced 1d 2h\s+group_\w+\s+\S+Z\s+\(1d 2h ahead of real time\)$/m)
        expect(advanced.stdout()).toMatch(/^Fired\s+timed out 0 real-time decisions, expired 0 card authorizations/m)

        const json = capture()
        yield* moneta(["clock", "show", "--json", ...connection(server)], json)
        expect(JSON.parse(json.stdout())).toMatchObject({ offset_ms: 26 * 3_600_000, type: "sandbox_clock" })

        const refused = yield* Effect.flip(moneta(["clock", "advance", "soon", ...connection(server)], capture()))
        expect(refused).toMatchObject({ _tag: "CommandFailure" })
        expect(String((refused as { readonly message: string }).message)).toMatch(/^bad duration "soon": must be/)
        const tooFar = yield* Effect.flip(moneta(["clock", "advance", "P11000D", ...connection(server)], capture()))
        expect(tooFar).toMatchObject({ _tag: "CommandFailure" })
      }).pipe(Effect.scoped), 120_000)

    it.live("advancing past a decision's timeout_at times it out before answering", () =>
      Effect.gen(function*() {
        const server = yield* RunningServer.start(kind, {
          MONETA_RTD_WINDOW_CARD_AUTHORIZATION_REQUESTED: "10 minutes"
        })
        // The app hears of the decision and never answers it.
        const asked = yield* Deferred.make<string>()
        const url = yield* RunningServer.listen((request, response) => {
          void readBody(request).then((body) => {
            response.writeHead(200).end()
            const event = JSON.parse(body) as { readonly category: string; readonly associated_object_id: string }
            if (event.category === decisionCategory) {
              Deferred.doneUnsafe(asked, Exit.succeed(event.associated_object_id))
            }
          })
        })
        expect(
          (yield* call(server, "POST", "/event_subscriptions", {
            url,
            selected_event_categories: [{ event_category: decisionCategory }]
          })).status
        ).toBe(200)
        const account = idOf(yield* call(server, "POST", "/accounts", { name: "Clock" }))
        yield* call(server, "POST", "/simulations/interest_payments", { account_id: account, amount: 10_000 })
        const card = idOf(yield* call(server, "POST", "/cards", { account_id: account }))
        const authorizing = yield* Effect.forkScoped(
          call(server, "POST", "/simulations/card_authorizations", { card_id: card, amount: 1_000 })
        )
        const decisionId = yield* Deferred.await(asked)
        expect((yield* call(server, "GET", `/real_time_decisions/${decisionId}`)).body).toMatchObject({
          status: "pending"
        })

        const output = capture()
        yield* moneta(["clock", "advance", "11m", "--json", ...connection(server)], output)
        expect(JSON.parse(output.stdout())).toMatchObject({
          advanced_by_ms: 660_000,
          fired: { real_time_decisions_timed_out: 1 },
          type: "sandbox_clock_advance"
        })
        expect((yield* call(server, "GET", `/real_time_decisions/${decisionId}`)).body).toMatchObject({
          status: "timed_out"
        })
        // The simulation that was waiting for the answer finishes with the timeout's default.
        expect((yield* Fiber.join(authorizing)).status).toBe(200)
      }).pipe(Effect.scoped), 120_000)

    it.live(
      "with the live retry schedule, advancing retries a failed delivery before answering",
      () =>
        Effect.gen(function*() {
          const server = yield* RunningServer.start(kind)
          // The app fails every delivery; it counts the attempts of each event.
          const attempts = new Map<string, number>()
          const url = yield* RunningServer.listen((request, response) => {
            void readBody(request).then((body) => {
              const event = JSON.parse(body) as { readonly id: string }
              attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1)
              response.writeHead(500).end()
            })
          })
          const subscription = idOf(yield* call(server, "POST", "/event_subscriptions", { url }))
          const schedule = yield* call(server, "POST", `/moneta/event_subscriptions/${subscription}/retry_schedule`, {
            schedule: "live"
          })
          expect(schedule.body).toMatchObject({ event_subscription_id: subscription, schedule: "live" })
          const account = idOf(yield* call(server, "POST", "/accounts", { name: "Retried" }))
          const events = yield* call(server, "GET", `/events?associated_object_id=${account}`)
          const eventId = idOf({ body: (events.body["data"] as ReadonlyArray<Record<string, unknown>>)[0] ?? {} })
          // The first attempt is recorded, with its retry a minute later on the group's clock.
          const logged = yield* call(server, "GET", `/events/${eventId}/attempts`).pipe(
            Effect.repeat({
              until: (answer) => (answer.body["data"] as ReadonlyArray<unknown>).length === 1,
              schedule: Schedule.spaced("20 millis")
            })
          )
          expect((logged.body["data"] as ReadonlyArray<Record<string, unknown>>)[0]).toMatchObject({
            status: "failed",
            attempt_number: 1
          })
          expect(attempts.get(eventId)).toBe(1)

          const advanced = yield* call(server, "POST", "/moneta/clock/advance", { duration: "2m" })
          // The subscription's own creation event may be retried too (when its first attempt came after the switch).
          const fired = advanced.body["fired"] as { readonly webhook_deliveries_attempted: number }
          expect(fired.webhook_deliveries_attempted).toBeGreaterThanOrEqual(1)
          // Answered once the retry was made and recorded.
          expect(attempts.get(eventId)).toBe(2)
          const retried = yield* call(server, "GET", `/events/${eventId}/attempts`)
          expect(
            (retried.body["data"] as ReadonlyArray<Record<string, unknown>>).map((attempt) => attempt["attempt_number"])
          )
            .toEqual([2, 1])
        }).pipe(Effect.scoped),
      120_000
    )
  })
}
