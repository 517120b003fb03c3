import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import * as TestServer from "./support/TestServer.js"

const call = (path: string, init: RequestInit = {}) =>
  Effect.gen(function*() {
    const { baseUrl, apiKey } = yield* TestServer.TestServer
    const response = yield* Effect.promise(() =>
      fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...init.headers }
      })
    )
    const body: unknown = yield* Effect.promise(() => response.json())
    return { status: response.status, body }
  })

describe("strict reading of query parameters and credentials", () => {
  layer(TestServer.layer("embedded"), { timeout: TestDatabase.timeout })((it) => {
    it.effect("timestamps must be ISO 8601 date-times and real dates; a bare date is refused", () =>
      Effect.gen(function*() {
        for (
          const bad of [
            "1",
            "2020-02-30T00:00:00Z",
            "2026-13-01",
            "yesterday",
            "2026-01-01T25:00:00Z",
            "2026-01-01T00:00:00",
            "2026-01-01"
          ]
        ) {
          const answer = yield* call(`/events?created_at.after=${encodeURIComponent(bad)}`)
          expect(answer.status, bad).toBe(400)
          expect(answer.body).toMatchObject({ errors: [{ field: "created_at.after" }] })
        }
        for (
          const good of [
            "2026-01-01T00:00:00Z",
            "2026-01-01T01:00:00+01:00",
            "2026-01-01T00:00:00.123456Z",
            "2026-01-01t00:00:00z"
          ]
        ) {
          expect((yield* call(`/events?created_at.after=${encodeURIComponent(good)}`)).status, good).toBe(200)
        }
      }))

    it.effect("limit is a plain integer from 1 to 100", () =>
      Effect.gen(function*() {
        for (const bad of ["0x10", "1e2", "0", "101", "-1", "1.5", " 5"]) {
          const answer = yield* call(`/events?limit=${encodeURIComponent(bad)}`)
          expect(answer.status, bad).toBe(400)
          expect(answer.body).toMatchObject({ errors: [{ field: "limit" }] })
        }
        expect((yield* call("/events?limit=100")).status).toBe(200)
      }))

    it.effect("an enum value outside the set is one issue naming every allowed value", () =>
      Effect.gen(function*() {
        const answer = yield* call("/events?order_by.direction=sideways")
        expect(answer.status).toBe(400)
        expect(answer.body).toMatchObject({
          errors: [{
            field: "order_by.direction",
            message: "Expected \"ascending\" | \"descending\", actual \"sideways\""
          }]
        })
      }))

    it.effect("only the Bearer scheme names a key", () =>
      Effect.gen(function*() {
        const { apiKey } = yield* TestServer.TestServer
        for (const header of [`Basic ${apiKey}`, `Token ${apiKey}`, `X${apiKey}`]) {
          const answer = yield* call("/accounts", { headers: { authorization: header } })
          expect(answer.status, header).toBe(401)
          expect(answer.body).toMatchObject({ type: "invalid_api_key_error", reason: "no_credential" })
        }
        expect((yield* call("/accounts", { headers: { authorization: `bearer ${apiKey}` } })).status).toBe(200)
      }))
  })
})

describe("input Postgres cannot store (NUL characters)", () => {
  layer(TestServer.layer("embedded"), { timeout: TestDatabase.timeout })((it) => {
    it.effect("a NUL in a body string is a 400 naming the field, and nothing is written", () =>
      Effect.gen(function*() {
        const before = yield* call("/bookkeeping_accounts")
        const refused = yield* call("/bookkeeping_accounts", {
          method: "POST",
          body: JSON.stringify({ name: "a\u0000b" })
        })
        expect(refused.status).toBe(400)
        expect(refused.body).toMatchObject({ type: "invalid_parameters_error", errors: [{ field: "name" }] })
        const after = yield* call("/bookkeeping_accounts")
        expect(after.body).toEqual(before.body)
      }))

    it.effect("a NUL nested in an array names its dotted path", () =>
      Effect.gen(function*() {
        const refused = yield* call("/bookkeeping_entry_sets", {
          method: "POST",
          body: JSON.stringify({
            date: "2026-01-01T00:00:00Z",
            entries: [{ account_id: "x", amount: 1 }, { account_id: "y\u0000", amount: -1 }]
          })
        })
        expect(refused.status).toBe(400)
        expect(refused.body).toMatchObject({ errors: [{ field: "entries.1.account_id" }] })
      }))

    it.effect("a NUL in the path or a query parameter is a 400", () =>
      Effect.gen(function*() {
        expect((yield* call("/accounts/account_%00")).body).toMatchObject({
          type: "invalid_parameters_error",
          errors: [{ field: "path" }]
        })
        expect((yield* call("/events?associated_object_id=a%00b")).body).toMatchObject({
          type: "invalid_parameters_error",
          errors: [{ field: "associated_object_id" }]
        })
      }))
  })
})
