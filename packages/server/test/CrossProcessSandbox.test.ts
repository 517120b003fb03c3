/**
 * The sandbox clock, snapshot restore and API key revocation across two real
 * `moneta` server processes on one fresh Postgres database (each its own OS
 * process, own port, own caches), through plain HTTP: what one process
 * changes, the other serves. Started once for the file (a spawn from sources
 * costs seconds); quiet unless a check fails. Postgres only: skipped without
 * `DATABASE_URL`.
 */
import { describe, expect, layer } from "@effect/vitest"
import { generateKey } from "@moneta/bank/Authentication"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Deferred, Effect, Layer, Redacted, Schedule } from "effect"
import { randomBytes } from "node:crypto"
import { freePort } from "../src/testing.js"
import * as MonetaProcess from "./MonetaProcess.js"

interface ServerProcess {
  readonly baseUrl: string
  /** What the process printed (nothing, at LOG_LEVEL=Warning, unless something went wrong). */
  readonly output: () => string
}

class TwoServers extends Context.Service<TwoServers, {
  readonly a: ServerProcess
  readonly b: ServerProcess
  /** The sandbox key both were started with (`MONETA_API_KEY`). */
  readonly apiKey: string
  readonly adminKey: string
}>()("@moneta/server/test/TwoServers") {}

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

/** A request with `key` as its bearer token; the status and parsed JSON answer. */
const call = (server: ServerProcess, key: string, method: string, path: string, body?: unknown) =>
  Effect.tryPromise(async (): Promise<Answer> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  })

const stringField = (answer: Answer, field: string): string => {
  const value = answer.body[field]
  if (typeof value !== "string") throw new Error(`no ${field} in ${answer.status} ${JSON.stringify(answer.body)}`)
  return value
}

// A spawn from sources on a loaded 2-core box can take a minute or more; the layer's bound is longer, so a
// process that never serves fails with what it printed.
const untilServing = Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "240 seconds" }))

/** `moneta` on `databaseUrl`, a process of its own; returns once it answers with `apiKey`, fails if it exits first. */
const serverProcess = (databaseUrl: string, apiKey: string, adminKey: string) =>
  Effect.gen(function*() {
    const port = yield* freePort
    const moneta = yield* MonetaProcess.run({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      MONETA_ENVIRONMENT: "sandbox",
      MONETA_PROCESSES: "1",
      MONETA_API_KEY: apiKey,
      MONETA_ADMIN_KEY: adminKey
    })
    const server: ServerProcess = { baseUrl: `http://127.0.0.1:${port}`, output: moneta.output }
    const serving = call(server, apiKey, "GET", "/accounts").pipe(
      Effect.filterOrFail((answer) => answer.status === 200),
      Effect.retry(untilServing),
      Effect.mapError(() => new Error(`not serving on port ${port}: ${moneta.output()}`))
    )
    const exited = Deferred.await(moneta.exited).pipe(
      Effect.flatMap((code) => Effect.fail(new Error(`exited (${code}) before serving: ${moneta.output()}`)))
    )
    yield* Effect.raceFirst(serving, exited)
    return server
  })

const twoServers = Layer.effect(
  TwoServers,
  Effect.gen(function*() {
    const url = Redacted.value(yield* TestDatabase.createPostgresDatabase)
    const apiKey = generateKey("sandbox")
    const adminKey = `admin-${randomBytes(16).toString("hex")}`
    // Both start at once: migrations and the first run take advisory locks.
    const [a, b] = yield* Effect.all([serverProcess(url, apiKey, adminKey), serverProcess(url, apiKey, adminKey)], {
      concurrency: 2
    })
    return { a, b, apiKey, adminKey }
  })
)

const accountIds = (server: ServerProcess, key: string) =>
  Effect.map(call(server, key, "GET", "/accounts?limit=100"), (answer) => {
    const data = answer.body["data"]
    if (!Array.isArray(data)) throw new Error(`no list: ${answer.status} ${JSON.stringify(answer.body)}`)
    return data.map((account: unknown) =>
      typeof account === "object" && account !== null && "id" in account ? String(account.id) : ""
    ).sort()
  })

const day = 86_400_000

const onPostgres = TestDatabase.testDatabases.includes("postgres")

describe.skipIf(!onPostgres)("two server processes on one Postgres database", () => {
  layer(twoServers, { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("a clock advanced through one process is the other's clock, and its new objects' created_at", () =>
      Effect.gen(function*() {
        const { a, apiKey, b } = yield* TwoServers
        const before = yield* call(b, apiKey, "GET", "/moneta/clock")
        expect(before.status).toBe(200)
        const advanced = yield* call(a, apiKey, "POST", "/moneta/clock/advance", { duration: "3d" })
        expect(advanced.status).toBe(200)
        expect(advanced.body).toMatchObject({
          advanced_by_ms: 3 * day,
          offset_ms: Number(before.body["offset_ms"]) + 3 * day,
          type: "sandbox_clock_advance"
        })

        const shown = yield* call(b, apiKey, "GET", "/moneta/clock")
        expect(shown.body).toMatchObject({
          group_id: advanced.body["group_id"],
          offset_ms: advanced.body["offset_ms"],
          type: "sandbox_clock"
        })
        const apart = Date.parse(stringField(shown, "current_time")) -
          Date.parse(stringField(advanced, "current_time"))
        expect(apart).toBeGreaterThanOrEqual(0)
        expect(apart).toBeLessThan(60_000)

        const account = yield* call(b, apiKey, "POST", "/accounts", { name: "Three days on" })
        expect(account.status).toBe(200)
        const ahead = Date.parse(stringField(account, "created_at")) - Date.now()
        expect(ahead).toBeGreaterThan(3 * day - 60_000)
        expect(ahead).toBeLessThan(3 * day + 60_000)
      }))

    it.effect("a snapshot restored through one process is what the other serves", () =>
      Effect.gen(function*() {
        const { a, apiKey, b } = yield* TwoServers
        const kept = stringField(yield* call(a, apiKey, "POST", "/accounts", { name: "Saved" }), "id")
        const saved = yield* accountIds(b, apiKey)
        expect(saved).toContain(kept)
        expect((yield* call(a, apiKey, "POST", "/moneta/snapshots", { name: "cross-process" })).status).toBe(200)

        const added = stringField(yield* call(b, apiKey, "POST", "/accounts", { name: "After the snapshot" }), "id")
        expect(yield* accountIds(b, apiKey)).toContain(added)

        const restored = yield* call(a, apiKey, "POST", "/moneta/snapshots/cross-process/restore")
        expect(restored.status).toBe(200)
        expect(restored.body).toMatchObject({ name: "cross-process", type: "snapshot" })
        expect(yield* accountIds(b, apiKey)).toEqual(saved)
        expect(yield* accountIds(a, apiKey)).toEqual(saved)
      }))

    it.effect("a key revoked through one process is refused by the other, which had it cached", () =>
      Effect.gen(function*() {
        const { a, adminKey, apiKey, b } = yield* TwoServers
        const groupId = stringField(yield* call(b, apiKey, "GET", "/moneta/clock"), "group_id")
        const created = yield* call(a, adminKey, "POST", "/moneta/api_keys", {
          group_id: groupId,
          environment: "sandbox"
        })
        expect(created.status).toBe(200)
        const secret = stringField(created, "secret")
        // B checks the key now, and keeps it in its cache.
        expect((yield* call(b, secret, "GET", "/accounts")).status).toBe(200)

        const revoked = yield* call(a, adminKey, "POST", `/moneta/api_keys/${stringField(created, "id")}/revoke`, {})
        expect(revoked.status).toBe(200)
        expect(revoked.body).toMatchObject({ status: "revoked" })
        expect((yield* call(a, secret, "GET", "/accounts")).status).toBe(401)

        // B hears of it through the database's notification: ask until it refuses, within a bound.
        const refused = yield* call(b, secret, "GET", "/accounts").pipe(
          Effect.repeat({
            until: (answer) => answer.status !== 200,
            schedule: Schedule.spaced("25 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))
          })
        )
        expect(refused).toMatchObject({
          status: 401,
          body: { type: "invalid_api_key_error", reason: "deleted_credential" }
        })
        // The servers' own key still works on both.
        expect((yield* call(b, apiKey, "GET", "/accounts")).status).toBe(200)
      }))
  })
})
