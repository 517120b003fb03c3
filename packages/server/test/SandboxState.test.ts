/**
 * `moneta reset`, `moneta snapshot …` and `moneta faults …` against a real
 * server (each database), run in this process: readable lines and `--json`,
 * one-line failures for bad input; an injected fault shows in the delivery
 * log. On Postgres, a restore through one server while another server on the
 * same database keeps serving leaves both seeing exactly the saved state.
 */
import { describe, expect, it } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Effect, Exit, Fiber, Redacted, Ref, Schedule } from "effect"
import { reset, snapshot } from "../src/cli/SandboxState.js"
import { faults } from "../src/cli/WebhookFaults.js"
import * as RunningServer from "../src/testing.js"
import { capture, runner } from "./CliInProcess.js"

const moneta = runner([reset, snapshot, faults])

const connection = (server: RunningServer.RunningServer) => [
  "--base-url",
  server.baseUrl,
  "--api-key",
  Redacted.value(server.apiKey)
]

/** A request with the server's key; the parsed JSON answer. */
const request = (server: RunningServer.RunningServer, method: string, path: string, body?: unknown) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${Redacted.value(server.apiKey)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  })

const accountIds = (server: RunningServer.RunningServer) =>
  Effect.map(
    request(server, "GET", "/accounts?limit=100"),
    (answer) => (answer.body["data"] as ReadonlyArray<{ readonly id: string }>).map((account) => account.id).sort()
  )

const createAccount = (server: RunningServer.RunningServer, name: string) =>
  Effect.map(request(server, "POST", "/accounts", { name }), (answer) => String(answer.body["id"]))

/** Runs `moneta <args>` and expects it to fail with one line; the line. */
const failureOf = (args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const refused = yield* Effect.flip(moneta(args, capture()))
    expect(refused).toMatchObject({ _tag: "CommandFailure" })
    const message = "message" in refused ? String(refused.message) : ""
    expect(message).not.toContain("\n")
    return message
  })

for (const kind of TestDatabase.testDatabases) {
  describe(`moneta reset, snapshot and faults (${kind})`, () => {
    it.live("snapshot save, list, restore and delete; reset; one-line failures", () =>
      Effect.gen(function*() {
        const server = yield* RunningServer.start(kind)
        const flags = connection(server)
        const before = yield* accountIds(server)

        const saved = capture()
        yield* moneta(["snapshot", "save", "start", ...flags], saved)
        expect(saved.stdout()).toMatch(/^Saved snapshot\s+start\s+\d+ rows\s+saved \d{4}-/m)
        const added = yield* createAccount(server, "After the snapshot")
        expect(yield* accountIds(server)).toContain(added)

        const listed = capture()
        yield* moneta(["snapshot", "list", "--json", ...flags], listed)
        expect(JSON.parse(listed.stdout())).toMatchObject([{ name: "start", type: "snapshot" }])

        const restored = capture()
        yield* moneta(["snapshot", "restore", "start", ...flags], restored)
        expect(restored.stdout()).toMatch(/^Restored snapshot\s+start/m)
        expect(yield* accountIds(server)).toEqual(before)

        const resetting = capture()
        yield* moneta(["reset", ...flags], resetting)
        const [, seeded] = resetting.stdout().match(/seeded account (account_\w+)/) ?? []
        expect(yield* accountIds(server)).toEqual([seeded])

        const deleted = capture()
        yield* moneta(["snapshot", "delete", "start", ...flags], deleted)
        expect(deleted.stdout()).toMatch(/^Deleted snapshot\s+start/m)
        const empty = capture()
        yield* moneta(["snapshot", "list", ...flags], empty)
        expect(empty.stdout()).toBe("No snapshots\n")

        expect(yield* failureOf(["snapshot", "save", "no spaces", ...flags])).toMatch(/^bad snapshot name "no spaces"/)
        expect(yield* failureOf(["snapshot", "restore", "start", ...flags])).toBe("no snapshot start on this server")
        expect(yield* failureOf(["reset", "--base-url", server.baseUrl, "--api-key", "moneta_sandbox_wrong"]))
          .toMatch(/refused the API key \(401\)/)
      }).pipe(Effect.scoped), 120_000)

    it.live(
      "faults add, list and clear; an injected status shows in the delivery log and the app is not called",
      () =>
        Effect.gen(function*() {
          const server = yield* RunningServer.start(kind)
          const flags = connection(server)
          const called = yield* Deferred.make<string>()
          const url = yield* RunningServer.listen((incoming, response) => {
            response.writeHead(200).end()
            Deferred.doneUnsafe(called, Exit.succeed(incoming.headers["webhook-id"]?.toString() ?? ""))
          })
          const subscription = yield* request(server, "POST", "/event_subscriptions", {
            url,
            selected_event_categories: [{ event_category: "account.created" }]
          })
          const subscriptionId = String(subscription.body["id"])

          const added = capture()
          yield* moneta(["faults", "add", subscriptionId, "--kind", "status", "--status", "500", ...flags], added)
          expect(added.stdout()).toMatch(new RegExp(`^Added fault\\s+status 500\\s+1 left\\s+${subscriptionId}$`, "m"))
          const listed = capture()
          yield* moneta(["faults", "list", subscriptionId, "--json", ...flags], listed)
          expect(JSON.parse(listed.stdout())).toMatchObject([{ kind: "status", status: 500, remaining: 1 }])

          // The first event's delivery takes the fault; the second goes to the app.
          yield* createAccount(server, "Faulted")
          yield* createAccount(server, "Delivered")
          const delivered = yield* Deferred.await(called)
          const attempts = yield* request(server, "GET", `/event_subscriptions/${subscriptionId}/attempts`).pipe(
            Effect.map((answer) => answer.body["data"] as ReadonlyArray<Record<string, unknown>>),
            Effect.repeat({
              until: (data) => data.length >= 2,
              schedule: Schedule.spaced("50 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))
            })
          )
          const injected = attempts.filter((attempt) => attempt["injected_fault"] !== undefined)
          expect(injected).toMatchObject([{
            injected_fault: "status 500",
            response_status_code: 500,
            response_body: "moneta: injected status 500"
          }])
          // The faulted event never reached the app (the sandbox makes one attempt): the other one did.
          expect(injected[0]?.["event_id"]).not.toBe(delivered)
          expect(attempts.map((attempt) => attempt["event_id"])).toContain(delivered)

          yield* moneta([
            "faults",
            "add",
            subscriptionId,
            "--kind",
            "delay",
            "--seconds",
            "30",
            "--count",
            "2",
            ...flags
          ], capture())
          const cleared = capture()
          yield* moneta(["faults", "clear", subscriptionId, ...flags], cleared)
          expect(cleared.stdout()).toBe("Cleared 1 fault\n")

          expect(yield* failureOf(["faults", "add", subscriptionId, "--kind", "status", ...flags])).toMatch(
            /^bad fault: /
          )
          expect(yield* failureOf(["faults", "add", subscriptionId, "--kind", "delay", "--seconds", "99", ...flags]))
            .toMatch(/^bad fault: /)
          expect(yield* failureOf(["faults", "list", "event_subscription_unknown", ...flags]))
            .toBe("no event_subscription event_subscription_unknown on this server")
        }).pipe(Effect.scoped),
      120_000
    )
  })
}

if (TestDatabase.testDatabases.includes("postgres")) {
  describe("restore with two servers on one Postgres database", () => {
    it.live(
      "a restore through one server while the other serves leaves both seeing exactly the saved state",
      () =>
        Effect.gen(function*() {
          const url = Redacted.value(yield* TestDatabase.createPostgresDatabase)
          const first = yield* RunningServer.start("postgres", { DATABASE_URL: url })
          const second = yield* RunningServer.start("postgres", { DATABASE_URL: url })
          yield* createAccount(second, "Saved")
          yield* moneta(["snapshot", "save", "shared", ...connection(first)], capture())
          const saved = yield* accountIds(second)

          // The other server keeps taking writes and reads while the restore runs. The loop is
          // stopped, not interrupted: an interrupted request may still commit after the reads below.
          const stop = yield* Ref.make(false)
          const busy = yield* Effect.forkScoped(Effect.gen(function*() {
            while (!(yield* Ref.get(stop))) {
              yield* createAccount(second, "Meanwhile")
              yield* accountIds(second)
            }
          }))
          const beforeRestore = yield* createAccount(second, "Before the restore")
          yield* moneta(["snapshot", "restore", "shared", ...connection(first)], capture())
          yield* Ref.set(stop, true)
          yield* Fiber.join(busy)

          // Every saved account is back and none written before the restore remains (writes the
          // other server made after it may follow); both servers read the same.
          const after = yield* accountIds(second)
          expect(after).toEqual(expect.arrayContaining(saved))
          expect(after).not.toContain(beforeRestore)
          expect(yield* accountIds(first)).toEqual(after)
          const restoredOnly = yield* moneta(["snapshot", "restore", "shared", ...connection(second)], capture()).pipe(
            Effect.andThen(accountIds(first))
          )
          expect(restoredOnly).toEqual(saved)
          expect(yield* accountIds(second)).toEqual(saved)
        }).pipe(Effect.scoped),
      180_000
    )
  })
}
