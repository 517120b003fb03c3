/**
 * Issue 9 (SSRF) at creation, on a live server: URLs with credentials are
 * refused without being echoed; hosts that are, or resolve to, internal
 * addresses are refused, whatever the form of the address; a host the
 * operator allows is accepted. Names resolve through a fixed table here.
 */
import { describe, expect, layer } from "@effect/vitest"
import { WebhookDestinations } from "@moneta/domain/WebhookDestination"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Layer } from "effect"
import { raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const names: Record<string, ReadonlyArray<string>> = {
  "hooks.example.com": ["93.184.216.34"],
  "internal.example.com": ["93.184.216.34", "10.1.2.3"],
  "metadata.example.com": ["169.254.169.254"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
  "vouched.example.com": ["10.9.9.9"]
}

const Destinations = Layer.succeed(WebhookDestinations, {
  allowedHosts: ["vouched.example.com", "10.0.0.99"],
  loopbackInSandbox: true,
  resolve: (hostname) => Effect.succeed(names[hostname] ?? [])
})

const refusedLiterals: ReadonlyArray<readonly [string, string]> = [
  ["https://169.254.169.254/latest/meta-data/", "points to a link-local address"],
  ["https://10.0.0.1/", "points to a private address"],
  ["https://127.0.0.1:22/", "points to a loopback address"],
  ["https://2130706433/", "points to a loopback address"],
  ["https://0x7f.1/", "points to a loopback address"],
  ["https://0177.0.0.1/", "points to a loopback address"],
  ["https://[::1]/", "points to a loopback address"],
  ["https://[::ffff:169.254.169.254]/", "points to a link-local address"],
  ["https://[fd00::1]/", "points to a unique-local address"],
  ["https://100.64.0.1/", "points to a shared (carrier-grade NAT) address"],
  ["https://224.0.0.1/", "points to a multicast address"],
  ["https://0.0.0.0/", "points to an unspecified address"],
  ["https://localhost/", "points to a loopback address"]
]

for (const kind of TestDatabase.testDatabases) {
  describe(`webhook destinations on a live server (${kind})`, () => {
    layer(TestServer.layer(kind, "live").pipe(Layer.provide(Destinations)), { timeout: TestDatabase.timeout })((it) => {
      it.effect("refuses URLs with credentials and never echoes them", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (const url of ["https://user:hunter2@hooks.example.com/", "https://hunter2@hooks.example.com/"]) {
            const answer = yield* raw(server).post("/event_subscriptions", { url })
            expect(answer.status).toBe(400)
            expect(answer.body).toMatchObject({ errors: [{ field: "url", message: "must not contain credentials" }] })
            expect(JSON.stringify(answer.body)).not.toContain("hunter2")
          }
        }))

      it.effect("refuses hosts that are internal addresses, in any form", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (const [url, message] of refusedLiterals) {
            const answer = yield* raw(server).post("/event_subscriptions", { url })
            expect([url, answer.status, answer.body]).toMatchObject([url, 400, { errors: [{ field: "url", message }] }])
          }
        }))

      it.effect("refuses names that resolve to an internal address, accepts public ones and allowed hosts", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const refused: ReadonlyArray<readonly [string, string]> = [
            ["https://internal.example.com/hooks", "resolves to a private address"],
            ["https://metadata.example.com/hooks", "resolves to a link-local address"],
            ["https://mapped.example.com/hooks", "resolves to a loopback address"]
          ]
          for (const [url, message] of refused) {
            const answer = yield* raw(server).post("/event_subscriptions", { url })
            expect([url, answer.status, answer.body]).toMatchObject([url, 400, { errors: [{ field: "url", message }] }])
          }
          for (
            const url of [
              "https://hooks.example.com/hooks",
              "https://vouched.example.com/hooks",
              "https://10.0.0.99/hooks",
              "https://unresolved.example.com/"
            ]
          ) {
            const answer = yield* raw(server).post("/event_subscriptions", { url })
            expect([url, answer.status]).toEqual([url, 200])
          }
        }))
    })
  })
}
