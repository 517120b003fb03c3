/**
 * Crash safety on real Postgres, with dispatchers in processes of their own:
 * a dispatcher killed between sending and recording leads to a second
 * delivery, never to none; two dispatcher processes share N events, each
 * delivered at least once, and the duplicates are counted (none expected
 * without crashes). Runs when `DATABASE_URL` is set.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Environment } from "@moneta/domain/Environment"
import * as Database from "@moneta/store/Database"
import * as Migrations from "@moneta/store/Migrations"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Duration, Effect, Layer, Redacted } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const script = fileURLToPath(new URL("./support/DispatcherProcess.ts", import.meta.url))

/** A dispatcher process over the database at `url`, killed (SIGKILL) when the scope closes if still alive. */
const dispatcherProcess = (
  url: Redacted.Redacted,
  options: { readonly leaseMillis: number; readonly environment: Environment }
) =>
  Effect.acquireRelease(
    Effect.callback<ChildProcess, Error>((resume) => {
      const child = spawn(process.execPath, ["--conditions=@moneta/source", "--import", "tsx", script], {
        env: {
          ...process.env,
          DATABASE_URL: Redacted.value(url),
          MONETA_ENVIRONMENT: options.environment,
          TEST_LEASE_MILLIS: String(options.leaseMillis),
          TEST_POLL_MILLIS: "100"
        },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let output = ""
      const onData = (chunk: Buffer) => {
        output += chunk.toString("utf8")
        if (output.includes("dispatcher ready")) resume(Effect.succeed(child))
      }
      child.stdout?.on("data", onData)
      child.stderr?.on("data", onData)
      child.on("exit", (code) => resume(Effect.fail(new Error(`dispatcher process exited (${code}): ${output}`))))
    }),
    (child) => Effect.sync(() => child.exitCode === null && child.signalCode === null ? child.kill("SIGKILL") : false)
  )

/** A fresh migrated Postgres database: its URL, and the store services over it for the test's own use. */
const database = Effect.gen(function*() {
  const url = yield* TestDatabase.createPostgresDatabase
  const context = yield* Layer.build(Seed.StoreLive.pipe(Layer.provideMerge(Database.layerPostgres(url))))
  yield* Effect.provide(Migrations.run, context)
  return { url, context }
})

const kinds = TestDatabase.testDatabases.filter((kind) => kind === "postgres")

describe.runIf(kinds.length > 0)("crash safety (postgres, separate processes)", () => {
  it.live("a dispatcher killed between sending and recording leads to a second delivery", () =>
    Effect.gen(function*() {
      const { context, url } = yield* database
      const first = yield* Deferred.make<void>()
      let victim: ChildProcess | undefined
      // The first request arrives: the dispatcher has sent it and waits for the answer,
      // so it cannot have recorded it. It dies before the answer comes.
      const receiver = yield* Receiver.make((_request, count) => {
        if (count > 1) return 204
        victim?.kill("SIGKILL")
        Deferred.doneUnsafe(first, Effect.void)
        return "hang"
      })
      const result = yield* Effect.gen(function*() {
        const tenant = yield* Seed.tenant("sandbox")
        const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "crash secret" })
        victim = yield* dispatcherProcess(url, { leaseMillis: 1_500, environment: "sandbox" })
        const [event] = yield* Seed.emit(tenant, ["wire_transfer.created"])
        yield* Deferred.await(first)
        // Another dispatcher (this process) takes the delivery once the dead one's lease runs out.
        yield* Layer.build(
          Dispatcher.layer({ environment: "sandbox", pollInterval: Duration.millis(100) }).pipe(
            Layer.provide(Transport.layer("sandbox"))
          )
        )
        const [, second] = yield* Receiver.take(receiver, 2)
        for (let round = 0; round < 100 && (yield* Seed.attempts(tenant, subscription.id)).length === 0; round++) {
          yield* Effect.sleep("50 millis")
        }
        return {
          event,
          second,
          attempts: yield* Seed.attempts(tenant, subscription.id),
          deliveries: yield* Seed.deliveries(tenant)
        }
      }).pipe(Effect.provide(context))

      expect(result.second?.headers["webhook-id"]).toBe(result.event?.id)
      expect(receiver.all().map((request) => request.headers["webhook-id"])).toEqual([
        result.event?.id,
        result.event?.id
      ])
      // Only the attempt that was recorded is in the log; the delivery is done.
      expect(result.attempts.map((attempt) => attempt.status)).toEqual(["succeeded"])
      expect(result.deliveries.map((row) => row.status)).toEqual(["succeeded"])
    }).pipe(Effect.scoped), 300_000)

  it.live(
    "two dispatcher processes deliver N events, each at least once, and count the duplicates",
    () =>
      Effect.gen(function*() {
        const events = 400
        const { context, url } = yield* database
        const receiver = yield* Receiver.make(() => 204)
        const outcome = yield* Effect.gen(function*() {
          const tenant = yield* Seed.tenant("sandbox")
          yield* Seed.subscribe(tenant, { url: receiver.url, secret: "shared work" })
          yield* dispatcherProcess(url, { leaseMillis: 60_000, environment: "sandbox" })
          yield* dispatcherProcess(url, { leaseMillis: 60_000, environment: "sandbox" })
          const emitted: Array<string> = []
          for (let batch = 0; batch < events / 10; batch++) {
            const written = yield* Seed.emit(tenant, Array.from({ length: 10 }, () => "wire_transfer.updated" as const))
            emitted.push(...written.map((event) => event.id))
          }
          const unique = new Set<string>()
          for (let round = 0; round < 600 && unique.size < events; round++) {
            yield* Effect.sleep("50 millis")
            for (const request of receiver.all()) unique.add(request.headers["webhook-id"] ?? "")
          }
          // Anything still in flight lands now.
          yield* Effect.sleep("500 millis")
          return { emitted, deliveries: yield* Seed.deliveries(tenant) }
        }).pipe(Effect.provide(context))

        const received = receiver.all().map((request) => request.headers["webhook-id"] ?? "")
        const duplicates = received.length - new Set(received).size
        yield* Effect.logInfo(
          `two processes: ${events} events, ${received.length} deliveries, ${duplicates} duplicates`
        )
        expect(new Set(received)).toEqual(new Set(outcome.emitted))
        expect(duplicates).toBe(0)
        expect(outcome.deliveries.every((row) => row.status === "succeeded" && row.attempt_count === 1)).toBe(true)
      }).pipe(Effect.scoped),
    300_000
  )
})
