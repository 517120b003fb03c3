/**
 * A seeded, bounded fuzz of the whole API from its own served document
 * (issue 9): requests for every operation in `/openapi.json`, valid-shaped
 * and mutated, round-robin over the operations (so endpoints added later are
 * covered without changes here). Every answer must hold:
 * - no 5xx, and an answer within the bound;
 * - every 4xx carries the one error body (`type`, `status` equal to the HTTP
 *   status, `title`, `detail`), `x-should-retry: false`, and matches the
 *   document's schema for that status;
 * - every 2xx body matches the document's schema for that status;
 * - a refused POST or PATCH wrote nothing (row counts of every table).
 *
 * `MONETA_FUZZ_SEED`, `MONETA_FUZZ_REQUESTS` and `MONETA_FUZZ_BOUND_MS` tune
 * it; `pnpm fuzz` runs a longer one (docs/operations.md, "Fuzzing").
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Config, Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as TestServer from "../support/TestServer.js"
import { type FuzzAnswer, type FuzzRequest, send, validShaped } from "./FuzzRequest.js"
import { mutate } from "./Mutations.js"
import * as OpenApiDocument from "./OpenApiDocument.js"

const FuzzConfig = Config.all({
  seed: Config.Int("MONETA_FUZZ_SEED").pipe(Config.withDefault(20261123)),
  requests: Config.Int("MONETA_FUZZ_REQUESTS").pipe(Config.withDefault(1500)),
  boundMillis: Config.Int("MONETA_FUZZ_BOUND_MS").pipe(Config.withDefault(5_000))
})

/** Generous: about 20 ms a request is typical on two cores. */
const testTimeout = Math.max(600_000, Effect.runSync(FuzzConfig).requests * 100)

/** mulberry32: a small seeded generator for the fuzzer's own choices. */
const seeded = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const ErrorBody = Schema.Struct({
  type: Schema.String,
  status: Schema.Number,
  title: Schema.String,
  detail: Schema.NullOr(Schema.String)
})
const isErrorBody = Schema.is(ErrorBody)

/** Row counts of every table: a refused request must leave them as they were. */
const rowCounts = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tables = yield* sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`
  const counts = tables.map(({ table_name }) =>
    `'${table_name}', (SELECT count(*) FROM "${table_name.replaceAll("\"", "\"\"")}")`
  )
  const query = `SELECT json_build_object(${counts.join(", ")})::text AS counts`
  return sql.unsafe<{ counts: string }>(query).pipe(Effect.map((rows) => rows[0]?.counts ?? ""), Effect.orDie)
})

/** Every `{ id, type }` object in a response body, to reference in later requests. */
const collectIds = (value: unknown, pool: Map<string, Array<string>>): void => {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, pool)
    return
  }
  if (value === null || typeof value !== "object") return
  const record = Object.fromEntries(Object.entries(value))
  if (typeof record.id === "string" && typeof record.type === "string") {
    const ids = pool.get(record.type) ?? []
    if (!ids.includes(record.id)) pool.set(record.type, [...ids, record.id].slice(-20))
  }
  for (const item of Object.values(record)) collectIds(item, pool)
}

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.path}${request.query.length > 0 ? `?${request.query}` : ""} ${
    (request.body ?? (request.bytes === undefined ? "" : "<bytes>")).slice(0, 200)
  } [${request.contentType ?? "json"}]`

/** Node answers timeouts and oversized headers itself; everything else must be in the document. */
const answeredByNode = new Set([408, 431])

for (const kind of TestDatabase.testDatabases) {
  describe(`fuzzing the API from its OpenAPI document (${kind})`, () => {
    layer(TestServer.layer(kind, "sandbox", { docs: true }), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect(
        "no 5xx, answers in bound, documented errors, schema-valid successes, nothing written by refusals",
        () =>
          Effect.gen(function*() {
            const config = yield* FuzzConfig
            const server = yield* TestServer.TestServer
            const served: unknown = yield* Effect.promise(() =>
              fetch(`${server.baseUrl}/openapi.json`).then((response) => response.json())
            )
            const document = OpenApiDocument.read(served)
            expect(document.operations.length).toBeGreaterThan(0)
            const counts = yield* rowCounts
            const pool = new Map<string, Array<string>>([["account", [server.accountId]]])
            const failures: Array<string> = []
            const statuses = new Map<string, Map<number, number>>()
            // Warm-up: every list, unfiltered, so that path and body references can name existing objects.
            for (const operation of document.operations) {
              if (operation.method !== "GET" || operation.path.includes("{")) continue
              const answer = yield* Effect.promise(() =>
                send(
                  server.baseUrl,
                  server.apiKey,
                  { method: "GET", path: operation.path, query: "" },
                  config.boundMillis
                ).catch(() => undefined)
              )
              if (answer !== undefined && answer.status === 200) collectIds(answer.body, pool)
            }
            let snapshot = yield* counts
            let dirty = false

            for (let index = 0; index < config.requests; index++) {
              const operation = document.operations[index % document.operations.length]
              if (operation === undefined) break
              const round = Math.floor(index / document.operations.length)
              const random = seeded(config.seed + index)
              const valid = validShaped(operation, document.resolve, pool, config.seed + index, random)
              const shaped = round % 3 === 0 ? valid : mutate(valid, random)
              const request: FuzzRequest = shaped.method === "POST" && random() < 0.3
                ? { ...shaped, idempotencyKey: `fuzz-${Math.floor(random() * 40)}` }
                : shaped
              const label = `#${index} ${operation.method} ${operation.path}: ${describeRequest(request)}`
              if (dirty && request.method !== "GET") {
                snapshot = yield* counts
                dirty = false
              }
              const answer: FuzzAnswer | string = yield* Effect.promise(() =>
                send(server.baseUrl, server.apiKey, request, config.boundMillis).catch((error: unknown) =>
                  `no answer: ${String(error)}`
                )
              )
              if (typeof answer === "string") {
                failures.push(`${label} → ${answer}`)
                continue
              }
              const byStatus = statuses.get(`${operation.method} ${operation.path}`) ?? new Map<number, number>()
              byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1)
              statuses.set(`${operation.method} ${operation.path}`, byStatus)
              if (answer.millis > config.boundMillis) {
                failures.push(`${label} → answered after ${Math.round(answer.millis)} ms`)
              }
              if (answer.status >= 500) {
                failures.push(`${label} → ${answer.status} ${answer.text.slice(0, 300)}`)
                dirty = true
                continue
              }
              // A mutated path may reach another operation (or none): the answer is held to the one that serves it.
              const served = document.route(request.method, request.path)
              const schemaErrors = served === undefined
                ? undefined
                : document.validate(served, answer.status, answer.body)
              if (answer.status >= 200 && answer.status < 300) {
                dirty = true
                collectIds(answer.body, pool)
                if (schemaErrors === undefined) failures.push(`${label} → ${answer.status} is not in the document`)
                else if (schemaErrors.length > 0) {
                  failures.push(`${label} → ${answer.status} body off schema: ${schemaErrors.slice(0, 3).join("; ")}`)
                }
                continue
              }
              if (!isErrorBody(answer.body) || answer.body.status !== answer.status) {
                failures.push(`${label} → ${answer.status} without the error body: ${answer.text.slice(0, 200)}`)
              }
              if (answer.status !== 408 && answer.headers.get("x-should-retry") !== "false") {
                failures.push(`${label} → ${answer.status} without x-should-retry: false`)
              }
              if (served !== undefined && schemaErrors === undefined && !answeredByNode.has(answer.status)) {
                failures.push(`${label} → ${answer.status} is not in the document`)
              } else if (schemaErrors !== undefined && schemaErrors.length > 0) {
                failures.push(`${label} → ${answer.status} error off schema: ${schemaErrors.slice(0, 3).join("; ")}`)
              }
              if (request.method !== "GET") {
                const after = yield* counts
                if (after !== snapshot) {
                  failures.push(`${label} → refused with ${answer.status} but wrote rows`)
                  snapshot = after
                }
              }
            }

            const summary = [...statuses].map(([operation, byStatus]) =>
              `${operation}: ${
                [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ")
              }`
            )
            yield* Effect.logInfo(`fuzzed ${config.requests} requests (seed ${config.seed})\n${summary.join("\n")}`)
            expect(statuses.size).toBe(Math.min(document.operations.length, config.requests))
            expect(failures.slice(0, 25)).toEqual([])
          }),
        { timeout: testTimeout }
      )
    })
  })
}
