/**
 * `MONETA_PROCESSES`: the `moneta` command as a primary of several server
 * processes behind one port. On Postgres, two processes both serve requests
 * (their pids are on their request log lines), one killed is replaced, and
 * SIGTERM to the primary stops all of them gracefully; on the embedded
 * database more than one process is refused with a clear message.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateKey } from "@moneta/bank/Authentication"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Effect, Exit, Redacted, Schedule } from "effect"
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { freePort } from "../src/testing.js"

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url))

/** `moneta` with `env` added, in a process of its own, killed (if still running) when the scope closes. */
const command = (env: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const exited = yield* Deferred.make<number | string>()
      // The embedded database unless `env` names one.
      const { DATABASE_URL: _unused, ...inherited } = process.env
      const child = spawn(process.execPath, ["--conditions=@moneta/source", "--import", "tsx", main], {
        env: { ...inherited, LOG_FORMAT: "logfmt", LOG_LEVEL: "Info", ...env },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let output = ""
      const collect = (chunk: Buffer) => {
        output += chunk.toString("utf8")
      }
      child.stdout.on("data", collect)
      child.stderr.on("data", collect)
      child.once("exit", (code, signal) => Deferred.doneUnsafe(exited, Exit.succeed(code ?? signal ?? "unknown")))
      return { child, output: () => output, pid: child.pid ?? 0, exited } as const
    }),
    ({ child }) => Effect.sync(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"))
  )

const untilServing = Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "180 seconds" }))

/** A request on a connection of its own, so that node may hand it to either process. */
const get = (url: string, apiKey: string) =>
  Effect.tryPromise(() => fetch(url, { headers: { authorization: `Bearer ${apiKey}`, connection: "close" } })).pipe(
    Effect.flatMap((response) => Effect.promise(() => response.text()).pipe(Effect.as(response.status)))
  )

const pidsOfRequests = (output: string) =>
  new Set(Array.from(output.matchAll(/message=request .*?pid=(\d+)/g), (match) => match[1]))

describe("several server processes", () => {
  it.live("more than one process is refused on the embedded database", () =>
    Effect.gen(function*() {
      const moneta = yield* command({
        MONETA_PROCESSES: "2",
        MONETA_DATA_DIR: "memory://",
        PORT: String(yield* freePort)
      })
      expect(yield* Deferred.await(moneta.exited)).toBe(1)
      expect(moneta.output()).toContain("MONETA_PROCESSES=2 needs DATABASE_URL")
    }).pipe(Effect.scoped), 300_000)

  if (TestDatabase.testDatabases.includes("postgres")) {
    it.live(
      "two processes on Postgres both serve, a killed one is replaced, and SIGTERM stops all of them gracefully",
      () =>
        Effect.gen(function*() {
          const url = yield* TestDatabase.createPostgresDatabase
          const port = yield* freePort
          const apiKey = generateKey("sandbox")
          const moneta = yield* command({
            MONETA_PROCESSES: "2",
            DATABASE_URL: Redacted.value(url),
            PORT: String(port),
            HOST: "127.0.0.1",
            MONETA_API_KEY: apiKey
          })
          const accounts = `http://127.0.0.1:${port}/accounts`
          expect(yield* get(accounts, apiKey).pipe(Effect.retry(untilServing))).toBe(200)
          // Node deals new connections out in turn; both workers must be up (each announces itself) to take their turn.
          yield* Effect.retry(
            Effect.filterOrFail(Effect.sync(moneta.output), (output) => output.split("listening on").length === 3),
            untilServing
          )
          for (let request = 0; request < 20; request++) expect(yield* get(accounts, apiKey)).toBe(200)
          const pids = pidsOfRequests(moneta.output())
          expect(pids.size).toBe(2)
          expect(pids.has(String(moneta.pid))).toBe(false)

          const [killed = ""] = pids
          process.kill(Number(killed), "SIGKILL")
          yield* Effect.retry(
            Effect.filterOrFail(Effect.sync(moneta.output), (output) => output.split("listening on").length === 4),
            untilServing
          )
          expect(moneta.output()).toContain(`server process ${killed} exited (SIGKILL); starting another`)
          expect(yield* get(accounts, apiKey)).toBe(200)

          process.kill(moneta.pid, "SIGTERM")
          expect(yield* Deferred.await(moneta.exited)).toBe(0)
          // The two running workers, then the primary (the killed one said nothing).
          expect(moneta.output().split("Moneta stopped").length - 1).toBe(3)
          for (const pid of pidsOfRequests(moneta.output())) expect(() => process.kill(Number(pid), 0)).toThrow()
        }).pipe(Effect.scoped),
      480_000
    )
  }
})
