/**
 * `moneta listen` and `moneta trigger` against a real server (each database):
 * a triggered event reaches a test app through the listener, signed so that
 * the `standardwebhooks` package verifies it with the secret `listen` printed;
 * stopping the listener deletes its subscriptions; `trigger --list` and every
 * category it names; an unknown category. The commands run in this process
 * (a spawn from sources costs seconds); Ctrl-C is a real child process.
 */
import { describe, expect, it } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Effect, Exit, Fiber, Redacted } from "effect"
import type { IncomingMessage } from "node:http"
import { Webhook } from "standardwebhooks"
import { listen } from "../src/cli/Listen.js"
import { scenarios, trigger } from "../src/cli/Trigger.js"
import * as RunningServer from "../src/testing.js"
import { capture, runner } from "./CliInProcess.js"
import * as MonetaProcess from "./MonetaProcess.js"

const moneta = runner([listen, trigger])

interface Received {
  readonly body: string
  readonly headers: Record<string, string>
}

const readRequest = (request: IncomingMessage) =>
  new Promise<Received>((resolve) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers[name] = value
      }
      resolve({ body: Buffer.concat(chunks).toString("utf8"), headers })
    })
  })

/** A test app: answers 200 and hands over the first delivery of `category`. */
const app = (category: string) =>
  Effect.gen(function*() {
    const delivered = yield* Deferred.make<Received>()
    const url = yield* RunningServer.listen((request, response) => {
      void readRequest(request).then((received) => {
        response.writeHead(200).end()
        if (received.body.includes(`"category":"${category}"`)) Deferred.doneUnsafe(delivered, Exit.succeed(received))
      })
    })
    return { url, delivered }
  })

const subscriptionStatuses = (server: RunningServer.RunningServer) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}/event_subscriptions`, {
      headers: { authorization: `Bearer ${Redacted.value(server.apiKey)}` }
    })
    const page = await response.json() as { readonly data: ReadonlyArray<{ readonly status: string }> }
    return page.data.map((subscription) => subscription.status)
  })

const connection = (server: RunningServer.RunningServer) => [
  "--base-url",
  server.baseUrl,
  "--api-key",
  Redacted.value(server.apiKey)
]

for (const kind of TestDatabase.testDatabases) {
  describe(`moneta listen and trigger (${kind})`, () => {
    it.live(
      "a triggered event reaches the app through listen, verified with the printed secret",
      () =>
        Effect.gen(function*() {
          const server = yield* RunningServer.start(kind)
          const receiving = yield* app("account.created")
          const listening = capture()
          const listener = yield* Effect.forkScoped(
            moneta(["listen", "--forward-to", receiving.url, ...connection(server)], listening)
          )
          const [, secret] = yield* listening.printed(/signing secret is (whsec_\S+)/)
          expect(yield* subscriptionStatuses(server)).toEqual(["active", "active"])

          const triggering = capture()
          yield* moneta(["trigger", "account.created", ...connection(server)], triggering)
          const [, accountId] = triggering.stdout().match(/^account\s+(account_\w+)$/m) ?? []
          expect(accountId, triggering.stdout()).toBeDefined()

          const received = yield* Deferred.await(receiving.delivered)
          const verified = new Webhook(secret ?? "").verify(received.body, received.headers)
          expect(verified).toMatchObject({ category: "account.created", associated_object_id: accountId })
          yield* listening.printed(new RegExp(`account\\.created  ${accountId}  → 200  \\d+ ms`))

          // Stopping (what Ctrl-C does to the command) deletes what it made.
          yield* Fiber.interrupt(listener)
          expect(yield* subscriptionStatuses(server)).toEqual(["deleted", "deleted"])
          expect(listening.stdout()).toMatch(/^Deleted event_subscription_\w+$/m)
          expect(listening.stderr()).toBe("")
        }).pipe(Effect.scoped),
      120_000
    )

    it.live("trigger --list names the categories, and each one makes its objects", () =>
      Effect.gen(function*() {
        const server = yield* RunningServer.start(kind)
        const listed = capture()
        yield* moneta(["trigger", "--list"], listed)
        for (const [category] of scenarios) expect(listed.stdout()).toMatch(new RegExp(`^${category}  `, "m"))

        const made = yield* Effect.forEach(scenarios, ([category]) =>
          Effect.gen(function*() {
            const output = capture()
            yield* moneta(["trigger", category, "--json", ...connection(server)], output)
            return [category, JSON.parse(output.stdout()) as ReadonlyArray<{ readonly type: string }>] as const
          }))
        const typesOf = new Map(made.map(([category, objects]) => [category, objects.map((object) => object.type)]))
        expect(typesOf.get("wire_transfer.updated")).toContain("wire_transfer")
        expect(typesOf.get("card_payment.created")).toContain("card_payment")
        expect(typesOf.get("declined_transaction.created")).toContain("declined_transaction")
        expect(typesOf.get("check_deposit.created")).toContain("check_deposit")
        expect(typesOf.get("inbound_mail_item.created")).toContain("inbound_mail_item")
        expect(typesOf.get("bookkeeping_entry_set.updated")).toContain("bookkeeping_entry_set")
        expect(typesOf.get("pending_transaction.created")).toContain("pending_transaction")
        // Each made event exists: the server wrote one of each category.
        const events = yield* Effect.promise(async () => {
          const response = await fetch(`${server.baseUrl}/events?limit=100`, {
            headers: { authorization: `Bearer ${Redacted.value(server.apiKey)}` }
          })
          return (await response.json() as { readonly data: ReadonlyArray<{ readonly category: string }> }).data
        })
        const categories = new Set(events.map((event) => event.category))
        for (const [category] of scenarios) {
          if (!category.startsWith("real_time_decision.")) expect(categories, category).toContain(category)
        }

        const unknown = capture()
        const refused = yield* Effect.flip(moneta(["trigger", "card.exploded", ...connection(server)], unknown))
        expect(refused).toMatchObject({
          _tag: "CommandFailure",
          message: "cannot trigger card.exploded (moneta trigger --list shows the categories it can make)"
        })
      }).pipe(Effect.scoped), 120_000)
  })
}

describe("moneta listen as a process", () => {
  it.live("Ctrl-C deletes its subscriptions and exits 0", () =>
    Effect.gen(function*() {
      const server = yield* RunningServer.start("embedded")
      const child = yield* MonetaProcess.run({
        MONETA_BASE_URL: server.baseUrl,
        MONETA_API_KEY: Redacted.value(server.apiKey)
      }, { args: [MonetaProcess.main, "listen", "--forward-to", "http://127.0.0.1:9/"] })
      yield* child.printed("signing secret is whsec_")
      expect(yield* subscriptionStatuses(server)).toEqual(["active", "active"])
      child.child.kill("SIGINT")
      expect(yield* Deferred.await(child.exited)).toBe(0)
      expect(yield* subscriptionStatuses(server)).toEqual(["deleted", "deleted"])
      expect(child.stderr()).toBe("")
    }).pipe(Effect.scoped), 120_000)
})
