/**
 * `moneta fixtures FILE` against a real server (each database): the file's
 * requests run in order with their references filled in (an account, its
 * funds, a card, a hold, the balance they leave), and every kind of bad file
 * or failed request is one line naming the fixture. The pure parts
 * (references, the endpoint check) are tested without a server below.
 */
import { describe, expect, it } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Duration, Effect, Exit, Redacted, Result } from "effect"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { isEndpoint, parse, resolve } from "../src/cli/FixtureFile.js"
import { fixtures } from "../src/cli/Fixtures.js"
import * as RunningServer from "../src/testing.js"
import { capture, runner } from "./CliInProcess.js"

const moneta = runner([fixtures])
// The example docs/workbench.md shows and runs.
const example = Path.join(import.meta.dirname, "..", "..", "..", "docs", "fixtures", "account-with-card.json")

/** A fixture file with these fixtures, in a new temporary folder. */
const fileWith = (fixtureList: ReadonlyArray<unknown>) => {
  const folder = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-fixtures-"))
  const file = Path.join(folder, "fixtures.json")
  Fs.writeFileSync(file, JSON.stringify({ fixtures: fixtureList }))
  return file
}

const connection = (server: RunningServer.RunningServer) => [
  "--base-url",
  server.baseUrl,
  "--api-key",
  Redacted.value(server.apiKey)
]

describe("fixture files", () => {
  it("fill in a reference with the value it names, whole or written into a string", () => {
    const answers = new Map<string, unknown>([["rent", { id: "account_1", name: "Rent", checks: [{ amount: 5 }] }]])
    expect(resolve({ account_id: "${rent:id}", n: "${rent:checks.0.amount}" }, answers)).toEqual(
      Result.succeed({ account_id: "account_1", n: 5 })
    )
    expect(resolve(["Card of ${rent:name} (${rent:id})"], answers)).toEqual(
      Result.succeed(["Card of Rent (account_1)"])
    )
    expect(resolve("${card:id}", answers)).toEqual(
      Result.fail("${card:id} names no fixture above it (fixtures run in order)")
    )
    expect(resolve("${rent:missing}", answers)).toEqual(
      Result.fail("${rent:missing}: what rent answered has no missing")
    )
    expect(Result.isFailure(resolve("x ${rent:checks}", answers))).toBe(true)
  })

  it("refuse duplicate names, bad names and files that are not fixture files", () => {
    const twice = JSON.stringify({ fixtures: [{ name: "a", path: "/accounts" }, { name: "a", path: "/accounts" }] })
    expect(parse(twice)).toEqual(Result.fail("two fixtures are named a: names must be unique"))
    expect(Result.isFailure(parse(JSON.stringify({ fixtures: [{ name: "A b", path: "/accounts" }] })))).toBe(true)
    expect(Result.isFailure(parse("{"))).toBe(true)
    expect(Result.isFailure(parse(JSON.stringify({ fixtures: [{ name: "a", path: "accounts" }] })))).toBe(true)
  })

  it("match paths against the API's templates", () => {
    const endpoints = [{ method: "post", template: "/wire_transfers/{wire_transfer_id}/approve" }]
    expect(isEndpoint(endpoints, "post", "/wire_transfers/wire_transfer_1/approve")).toBe(true)
    expect(isEndpoint(endpoints, "get", "/wire_transfers/wire_transfer_1/approve")).toBe(false)
    expect(isEndpoint(endpoints, "post", "/wire_transfers//approve")).toBe(false)
    expect(isEndpoint(endpoints, "post", "/wire_transfers/wire_transfer_1")).toBe(false)
  })
})

for (const kind of TestDatabase.testDatabases) {
  describe(`moneta fixtures (${kind})`, () => {
    it.live(
      "creates an account, its funds, a card and a hold, each referring to the ones before",
      () =>
        Effect.gen(function*() {
          const server = yield* RunningServer.start(kind)
          const output = capture()
          yield* moneta(["fixtures", example, "--json", ...connection(server)], output)
          const made = JSON.parse(output.stdout()) as Record<string, Record<string, unknown>>
          expect(Object.keys(made)).toEqual(["rent", "funds", "card", "hold", "balance"])
          expect(made.card).toMatchObject({ account_id: made.rent?.id, description: "Card of Rent" })
          expect(made.balance).toMatchObject({ account_id: made.rent?.id, current_balance: 100000 })
          expect(made.balance?.available_balance).toBe(100000 - 2500)

          const lines = capture()
          yield* moneta(["fixtures", example, ...connection(server)], lines)
          expect(lines.stdout()).toMatch(/^rent\s+account\s+account_\w+$/m)
          expect(lines.stdout()).toMatch(/^card\s+card\s+card_\w+$/m)
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    it.live("stops at the first request that fails, naming it and what the server said", () =>
      Effect.gen(function*() {
        const server = yield* RunningServer.start(kind)
        const failure = (fixtureList: ReadonlyArray<unknown>) =>
          Effect.map(
            Effect.exit(moneta(["fixtures", fileWith(fixtureList), ...connection(server)], capture())),
            (exit) => Exit.isFailure(exit) ? String(exit.cause) : "succeeded"
          )
        expect(yield* failure([{ name: "card", path: "/cards", params: { account_id: "account_nope" } }])).toMatch(
          /fixture 1 \(card\): POST \/cards answered 404/
        )
        expect(yield* failure([{ name: "x", path: "/nowhere" }])).toMatch(
          /fixture 1 \(x\): POST \/nowhere is not an endpoint of the API/
        )
        expect(
          yield* failure([{ name: "rent", path: "/accounts", params: { name: "Rent" } }, {
            name: "card",
            path: "/cards",
            params: { account_id: "${rnet:id}" }
          }])
        ).toMatch(/fixture 2 \(card\): \$\{rnet:id\} names no fixture above it/)
        expect(
          yield* Effect.map(
            Effect.exit(moneta(["fixtures", "/no/such/file.json", ...connection(server)], capture())),
            (exit) => Exit.isFailure(exit) ? String(exit.cause) : "succeeded"
          )
        ).toMatch(/cannot read \/no\/such\/file\.json/)
      }).pipe(Effect.scoped), { timeout: Duration.toMillis(TestDatabase.timeout) })
  })
}
