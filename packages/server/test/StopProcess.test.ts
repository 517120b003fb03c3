/**
 * The `moneta` process and its stop (issue 28, item 6): SIGTERM while clients
 * keep keep-alive connections busy ends the process at once (it used to wait
 * for the platform's 20 s grace, on Postgres up to 40 s); a stop bound of
 * zero is refused at start; and a stop that hangs anyway ends the process
 * once its bound has passed.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateKey } from "@moneta/bank/Authentication"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Effect, Exit, Redacted, Schedule } from "effect"
import { spawn } from "node:child_process"
import { Agent, request } from "node:http"
import { fileURLToPath } from "node:url"
import { freePort } from "../src/testing.js"

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url))
const signals = fileURLToPath(new URL("../src/Signals.ts", import.meta.url))

/** `node` with the workspace's sources and `args`, killed with the scope if still running; what it printed. */
const run = (args: ReadonlyArray<string>, env: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const exited = yield* Deferred.make<number | string>()
      const { DATABASE_URL: _unused, ...inherited } = process.env
      const child = spawn(process.execPath, ["--conditions=@moneta/source", "--import", "tsx", ...args], {
        // The server package's dependencies (`effect`) resolve from here.
        cwd: fileURLToPath(new URL("..", import.meta.url)),
        env: { ...inherited, LOG_LEVEL: "Warning", ...env },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let output = ""
      const waiting = new Set<() => void>()
      const collect = (chunk: Buffer) => {
        output += chunk.toString("utf8")
        for (const check of waiting) check()
      }
      child.stdout.on("data", collect)
      child.stderr.on("data", collect)
      child.once("exit", (code, signal) => {
        Deferred.doneUnsafe(exited, Exit.succeed(code ?? signal ?? "unknown"))
        for (const check of waiting) check()
      })
      // Fails if the process ends without printing it.
      const printed = (text: string) =>
        Effect.callback<void, Error>((resume) => {
          const check = () => {
            if (output.includes(text)) {
              waiting.delete(check)
              resume(Effect.void)
            } else if (child.exitCode !== null || child.signalCode !== null) {
              waiting.delete(check)
              resume(Effect.fail(new Error(`exited without printing "${text}": ${output}`)))
            }
          }
          waiting.add(check)
          check()
          return Effect.sync(() => waiting.delete(check))
        })
      return { child, output: () => output, printed, exited } as const
    }),
    ({ child }) => Effect.sync(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"))
  )

const untilAnswered = Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "180 seconds" }))

describe("the moneta process stopping", () => {
  it.live(
    "SIGTERM with clients busy on keep-alive connections ends the process at once, exit code 0",
    () =>
      Effect.gen(function*() {
        const port = yield* freePort
        const apiKey = generateKey("sandbox")
        const database: Record<string, string> = TestDatabase.testDatabases.includes("postgres")
          ? { DATABASE_URL: Redacted.value(yield* TestDatabase.createPostgresDatabase) }
          : { MONETA_DATA_DIR: "memory://" }
        const moneta = yield* run([main], {
          ...database,
          PORT: String(port),
          HOST: "127.0.0.1",
          MONETA_API_KEY: apiKey,
          // A stop that waited for it would show.
          MONETA_SHUTDOWN_TIMEOUT: "60 seconds"
        })
        yield* moneta.printed("listening on")
        const agent = new Agent({ keepAlive: true, maxSockets: 3 })
        yield* Effect.addFinalizer(() => Effect.sync(() => agent.destroy()))
        const get = () =>
          new Promise<number | string>((resolve) => {
            const sent = request(
              { port, host: "127.0.0.1", path: "/accounts", agent, headers: { authorization: `Bearer ${apiKey}` } },
              (response) => {
                response.resume()
                response.on("end", () => resolve(response.statusCode ?? 0))
              }
            )
            sent.on("error", (error: Error & { code?: string }) => resolve(error.code ?? error.message))
            sent.end()
          })
        expect(
          yield* Effect.promise(get).pipe(Effect.repeat({ until: (status) => status === 200, schedule: untilAnswered }))
        )
          .toBe(200)
        // Three clients sending one request after another on their connections, as the crash harness's did.
        let stopped = false
        const statuses: Array<number | string> = []
        let warmedUp: () => void = () => undefined
        const warm = new Promise<void>((resolve) => (warmedUp = resolve))
        const busy = async () => {
          while (!stopped) {
            statuses.push(await get())
            if (statuses.length >= 30) warmedUp()
          }
        }
        const clients = Promise.all([busy(), busy(), busy()])
        yield* Effect.addFinalizer(() => Effect.sync(() => (stopped = true)))
        // All three connections in use, requests back to back.
        yield* Effect.promise(() => warm)
        const started = Date.now()
        moneta.child.kill("SIGTERM")
        expect(yield* Deferred.await(moneta.exited)).toBe(0)
        const took = Date.now() - started
        stopped = true
        yield* Effect.promise(() => clients)
        expect(took).toBeLessThan(15_000)
        expect(moneta.output()).toContain("Moneta stopped")
        // Every request was answered (200, or 503 once the stop had begun) or found the connection closed.
        for (const status of statuses) expect([200, 503, "ECONNRESET", "ECONNREFUSED"]).toContain(status)
      }).pipe(Effect.scoped),
    300_000
  )

  it.live("a stop bound of zero is refused at start, naming the setting", () =>
    Effect.gen(function*() {
      const moneta = yield* run([main], {
        MONETA_DATA_DIR: "memory://",
        PORT: String(yield* freePort),
        MONETA_SHUTDOWN_TIMEOUT: "0 seconds"
      })
      expect(yield* Deferred.await(moneta.exited)).toBe(1)
      expect(moneta.output()).toContain("MONETA_SHUTDOWN_TIMEOUT")
      expect(moneta.output()).toContain("must be a finite duration of at least 1 millisecond")
      expect(moneta.output()).not.toContain("listening on")
    }).pipe(Effect.scoped), 300_000)

  it.live("a stop that hangs ends the process once its bound has passed, exit code 1", () =>
    Effect.gen(function*() {
      const script = `import { exitIfStopHangs } from ${JSON.stringify(signals)}
        import { Duration } from "effect"
        exitIfStopHangs(Duration.millis(300))
        // a stop that never ends
        process.on("SIGTERM", () => undefined)
        setInterval(() => undefined, 60_000)
        process.stdout.write("armed\\n")`
      const hanging = yield* run(["--input-type=module", "-e", script], {})
      yield* hanging.printed("armed")
      const started = Date.now()
      hanging.child.kill("SIGTERM")
      expect(yield* Deferred.await(hanging.exited)).toBe(1)
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
      expect(hanging.output()).toContain("still stopping 300ms after the signal; exiting now")
    }).pipe(Effect.scoped), 300_000)
})
