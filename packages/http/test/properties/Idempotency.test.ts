/**
 * Idempotency properties, through the real HTTP layer and store, for random
 * request bodies and keys on several creating endpoints: a replay answers the
 * first response again and creates nothing; the key with another request is a
 * 409 naming the first object; concurrent identical requests create one
 * object; a request refused as invalid does not use up its key.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import * as fc from "fast-check"
import { randomUUID } from "node:crypto"
import { property } from "../support/Properties.js"
import * as RawHttp from "../support/RawHttp.js"
import * as TestServer from "../support/TestServer.js"

/** Header-safe keys (visible ASCII, inner spaces); each run appends a unique suffix so runs never share one. */
const keyText = fc.stringMatching(/^[!-~]([ -~]{0,60}[!-~])?$/)
const uniqueKey = (text: string) => `${text}-${randomUUID()}`

/** Any text a name may hold (1 to 30 code points, at most 60 UTF-16 units), but NUL, which Postgres text cannot store. */
const name = fc.string({ minLength: 1, maxLength: 30, unit: "binary" }).filter((text) => !text.includes("\u0000"))

const amount = fc.integer({ min: 1, max: 1_000_000_000 })
const date = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((millis) =>
  new Date(millis).toISOString()
)

/** What a run creates: one of the endpoints, with a generated body. */
const target = fc.oneof(
  fc.record({ kind: fc.constant("bookkeeping_account" as const), name }),
  fc.record({ kind: fc.constant("account" as const), name }),
  fc.record({ kind: fc.constant("entry_set" as const), amount, date })
)
type Target = typeof target extends fc.Arbitrary<infer T> ? T : never

/** Two bookkeeping accounts for entry sets to name. */
const ledgerAccounts = Effect.gen(function*() {
  const { client } = yield* TestServer.TestServer
  const debit = yield* client.bookkeeping.createAccount({ payload: { name: "Debit" } })
  const credit = yield* client.bookkeeping.createAccount({ payload: { name: "Credit" } })
  return { debit: debit.id, credit: credit.id }
})

type LedgerAccounts = Effect.Success<typeof ledgerAccounts>

interface Endpoint {
  readonly path: string
  /** The generated request body. */
  readonly body: Record<string, unknown>
  /** Another valid body, for the same endpoint. */
  readonly otherBody: Record<string, unknown>
  /** A body the API refuses with 400 invalid_parameters_error. */
  readonly invalidBody: Record<string, unknown>
  /** The ids of the objects created with `key`, by the list filter `idempotency_key`. */
  readonly createdWith: (key: string) => Effect.Effect<ReadonlyArray<string>, unknown, TestServer.TestServer>
}

const listedIds = <E>(list: Effect.Effect<{ readonly data: ReadonlyArray<{ readonly id: string }> }, E>) =>
  Effect.map(list, (page) => page.data.map((item) => item.id))

const endpointOf = (chosen: Target, ledger: LedgerAccounts): Endpoint => {
  switch (chosen.kind) {
    case "bookkeeping_account":
      return {
        path: "/bookkeeping_accounts",
        body: { name: chosen.name },
        otherBody: { name: `${chosen.name} (other)` },
        invalidBody: { name: "" },
        createdWith: (key) =>
          Effect.flatMap(
            TestServer.TestServer,
            ({ client }) => listedIds(client.bookkeeping.listAccounts({ query: { idempotency_key: key } }))
          )
      }
    case "account":
      return {
        path: "/accounts",
        body: { name: chosen.name },
        otherBody: { name: `${chosen.name} (other)` },
        invalidBody: { name: chosen.name, unknown_field: true },
        createdWith: (key) =>
          Effect.flatMap(
            TestServer.TestServer,
            ({ client }) => listedIds(client.accounts.list({ query: { idempotency_key: key } }))
          )
      }
    case "entry_set": {
      const entrySet = (debit: number, credit: number) => ({
        date: chosen.date,
        entries: [{ account_id: ledger.debit, amount: debit }, { account_id: ledger.credit, amount: credit }]
      })
      return {
        path: "/bookkeeping_entry_sets",
        body: entrySet(chosen.amount, -chosen.amount),
        otherBody: entrySet(chosen.amount + 1, -chosen.amount - 1),
        // Refused by the operation itself (inside the transaction that claimed the key), not by decoding.
        invalidBody: entrySet(chosen.amount, -chosen.amount + 1),
        createdWith: (key) =>
          Effect.flatMap(
            TestServer.TestServer,
            ({ client }) => listedIds(client.bookkeeping.listEntrySets({ query: { idempotency_key: key } }))
          )
      }
    }
  }
}

/** The same JSON with object keys in reverse order: the same request as far as idempotency goes. */
const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : value !== null && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).reverse().map(([key, nested]) => [key, reordered(nested)]))
    : value

const post = (path: string, body: unknown, idempotencyKey: string) =>
  Effect.flatMap(
    TestServer.TestServer,
    ({ apiKey, baseUrl }) => RawHttp.request({ baseUrl, apiKey, method: "POST", path, body, idempotencyKey })
  )

const idOf = (response: RawHttp.RawResponse) => RawHttp.field(response.body, "id")

const propertyTimeout = 180_000

for (const kind of TestDatabase.testDatabases) {
  describe(`idempotency properties (${kind})`, () => {
    layer(TestServer.layer(kind), { excludeTestServices: true, timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "a replay answers the first response again and creates nothing; another request with the key is a 409",
        () =>
          property(
            fc.record({ target, keyText, reorderReplay: fc.boolean() }),
            ({ keyText, reorderReplay, target }) =>
              Effect.gen(function*() {
                const endpoint = endpointOf(target, yield* ledgerAccounts)
                const key = uniqueKey(keyText)
                const first = yield* post(endpoint.path, endpoint.body, key)
                expect(first.status).toBe(200)
                expect(first.replayed).toBe(false)
                const firstId = idOf(first)
                expect(RawHttp.field(first.body, "idempotency_key")).toBe(key)

                const replay = yield* post(endpoint.path, reorderReplay ? reordered(endpoint.body) : endpoint.body, key)
                expect(replay.status).toBe(first.status)
                expect(replay.replayed).toBe(true)
                expect(replay.body).toEqual(first.body)
                expect(yield* endpoint.createdWith(key)).toEqual([firstId])

                const conflict = yield* post(endpoint.path, endpoint.otherBody, key)
                expect(conflict.status).toBe(409)
                expect(RawHttp.field(conflict.body, "type")).toBe("idempotency_key_already_used_error")
                expect(RawHttp.field(conflict.body, "resource_id")).toBe(firstId)
                expect(yield* endpoint.createdWith(key)).toEqual([firstId])
              }),
            { numRuns: 25 }
          ),
        propertyTimeout
      )

      it.effect(
        "concurrent identical requests with one key create one object, and every response carries its id",
        () =>
          property(
            fc.record({ target, keyText, copies: fc.integer({ min: 2, max: 20 }) }),
            ({ copies, keyText, target }) =>
              Effect.gen(function*() {
                const endpoint = endpointOf(target, yield* ledgerAccounts)
                const key = uniqueKey(keyText)
                const responses = yield* Effect.all(
                  Array.from({ length: copies }, () => post(endpoint.path, endpoint.body, key)),
                  { concurrency: "unbounded" }
                )
                expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200))
                const created = yield* endpoint.createdWith(key)
                expect(created).toHaveLength(1)
                expect(responses.map(idOf)).toEqual(responses.map(() => created[0]))
                // One request did the work; every other one replayed its response.
                expect(responses.filter((response) => !response.replayed)).toHaveLength(1)
                const fresh = responses.find((response) => !response.replayed)
                for (const response of responses) expect(response.body).toEqual(fresh?.body)
              }),
            { numRuns: 20 }
          ),
        propertyTimeout
      )

      it.effect(
        "a request refused as invalid does not use up its key",
        () =>
          property(
            fc.record({ target, keyText, retries: fc.integer({ min: 1, max: 3 }) }),
            ({ keyText, retries, target }) =>
              Effect.gen(function*() {
                const endpoint = endpointOf(target, yield* ledgerAccounts)
                const key = uniqueKey(keyText)
                for (let attempt = 0; attempt < retries; attempt++) {
                  const refused = yield* post(endpoint.path, endpoint.invalidBody, key)
                  expect(refused.status).toBe(400)
                  expect(RawHttp.field(refused.body, "type")).toBe("invalid_parameters_error")
                }
                expect(yield* endpoint.createdWith(key)).toEqual([])
                const corrected = yield* post(endpoint.path, endpoint.body, key)
                expect(corrected.status).toBe(200)
                expect(corrected.replayed).toBe(false)
                expect(yield* endpoint.createdWith(key)).toEqual([idOf(corrected)])
                const replay = yield* post(endpoint.path, endpoint.body, key)
                expect(replay.replayed).toBe(true)
                expect(idOf(replay)).toBe(idOf(corrected))
              }),
            { numRuns: 20 }
          ),
        propertyTimeout
      )
    })
  })
}
