/**
 * The server's first words (issue 33): a start that cannot go on says why in
 * one line and exits 1 (the port in use, the embedded data directory held
 * by another server, a setting refused, the database unreachable), where it
 * printed `Moneta stopped` and a stack trace; and Ctrl-C, as a terminal sends
 * it under a package manager (to the whole process group, then once more
 * relayed), is a stop asked for: `Moneta stopped`, exit code 0.
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgliteOpening from "@moneta/store/PgliteOpening"
import { Cause, Config, ConfigProvider, Deferred, Effect, Option } from "effect"
import { SqlError } from "effect/sql"
import * as Fs from "node:fs"
import { createServer } from "node:net"
import * as Os from "node:os"
import * as Path from "node:path"
import * as StartFailure from "../src/StartFailure.js"
import { freePort } from "../src/testing.js"
import * as MonetaProcess from "./MonetaProcess.js"

const listenError = (code: string, address: string, port: number) =>
  Object.assign(new Error(`listen ${code}: ${address}:${port}`), { code, address, port, syscall: "listen" })

const explained = (error: unknown) => StartFailure.explain(Cause.fail(error))

/** A port taken by a listener of this test, for the scope. */
const takenPort = Effect.acquireRelease(
  Effect.callback<ReturnType<typeof createServer>>((resume) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
  }),
  (server) =>
    Effect.callback<void>((resume) => {
      server.close(() => resume(Effect.void))
    })
).pipe(Effect.map((server) => {
  const address = server.address()
  return typeof address === "object" && address !== null ? address.port : 0
}))

const temporaryDataDir = Effect.acquireRelease(
  Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-first-words-"))),
  (root) => Effect.sync(() => Fs.rmSync(root, { recursive: true, force: true }))
).pipe(Effect.map((root) => Path.join(root, "data")))

/** The process ended with code 1 having said `line` on stderr, and nothing else there. */
const saidOnly = (moneta: MonetaProcess.MonetaProcess, line: string) =>
  Effect.gen(function*() {
    expect(yield* Deferred.await(moneta.exited)).toBe(1)
    expect(moneta.stderr()).toBe(`moneta: ${line}\n`)
    expect(moneta.output()).not.toContain("Moneta stopped")
    expect(moneta.output()).not.toContain("listening on")
  })

describe("a start that fails says why in one line", () => {
  it("the port in use, not allowed, or an address not of this machine", () => {
    const serveError = new Error("ServeError", { cause: listenError("EADDRINUSE", "127.0.0.1", 4010) })
    expect(explained(serveError)).toEqual(Option.some("port 4010 on 127.0.0.1 is in use; set PORT to a free port"))
    expect(explained(listenError("EACCES", "0.0.0.0", 80))).toEqual(
      Option.some("port 80 on 0.0.0.0 needs privileges this process lacks; set PORT to 1024 or above")
    )
    expect(explained(listenError("EADDRNOTAVAIL", "10.9.9.9", 4010))).toEqual(
      Option.some("10.9.9.9 is not an address of this machine; set HOST (127.0.0.1, or 0.0.0.0 for every interface)")
    )
  })

  it("the embedded data directory held by another process, and a database that cannot be reached", () => {
    const connection = (cause: Error, message: string) =>
      new SqlError.SqlError({ reason: new SqlError.ConnectionError({ cause, message, operation: "connect" }) })
    const held = new Error(".moneta/ is in use by process 4242 (lock file /app/.moneta.lock)")
    expect(explained(connection(held, "PgliteClient: cannot lock the data directory"))).toEqual(
      Option.some(
        "the data directory .moneta/ is in use by process 4242 (another Moneta server?); " +
          "stop it, or set MONETA_DATA_DIR to another directory"
      )
    )
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:5432")
    expect(explained(connection(refused, "The database postgres://127.0.0.1:5432/moneta did not accept connections")))
      .toEqual(
        Option.some(
          "The database postgres://127.0.0.1:5432/moneta did not accept connections: connect ECONNREFUSED 127.0.0.1:5432"
        )
      )
  })

  it.effect("a setting refused, named", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Effect.provideService(
          Effect.gen(function*() {
            return yield* Config.Port("PORT")
          }),
          ConfigProvider.ConfigProvider,
          ConfigProvider.fromEnv({ env: { PORT: "99999" } })
        )
      )
      expect(explained(error)).toEqual(
        Option.some("PORT: Expected a value between 1 and 65535 (moneta --help lists the settings)")
      )
    }))

  it("not an interrupt, nor an error nobody can act on (those are reported whole)", () => {
    expect(StartFailure.explain(Cause.interrupt(1))).toEqual(Option.none())
    expect(explained(new Error("something unexpected"))).toEqual(Option.none())
  })

  it.live("the port in use: one line with the port and host, exit code 1", () =>
    Effect.gen(function*() {
      const port = yield* takenPort
      const moneta = yield* MonetaProcess.run({ MONETA_DATA_DIR: "memory://", PORT: String(port), HOST: "127.0.0.1" })
      yield* saidOnly(moneta, `port ${port} on 127.0.0.1 is in use; set PORT to a free port`)
    }).pipe(Effect.scoped))

  it.live("a log or tracing setting refused: one line naming it, exit code 1 (it once exited without a word)", () =>
    Effect.gen(function*() {
      const loud = yield* MonetaProcess.run({ MONETA_DATA_DIR: "memory://", PORT: "0", LOG_LEVEL: "loud" })
      yield* saidOnly(
        loud,
        `LOG_LEVEL: Expected one of All, Trace, Debug, Info, Warning, Error, Fatal, None; received "loud" (moneta --help lists the settings)`
      )
      const collector = yield* MonetaProcess.run({
        MONETA_DATA_DIR: "memory://",
        PORT: "0",
        OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318"
      })
      yield* saidOnly(
        collector,
        "OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL, such as http://127.0.0.1:4318 (moneta --help lists the settings)"
      )
    }).pipe(Effect.scoped))

  it.live("the data directory held by another process: one line naming it, exit code 1", () =>
    Effect.gen(function*() {
      const dataDir = yield* temporaryDataDir
      // This test's process holds it, as a server running on it would.
      const lock = yield* Effect.acquireRelease(
        Effect.sync(() => PgliteOpening.lockDataDir(dataDir)),
        (file) => Effect.sync(() => PgliteOpening.unlockDataDir(file))
      )
      expect(lock).toBe(`${dataDir}.lock`)
      const moneta = yield* MonetaProcess.run({ MONETA_DATA_DIR: dataDir, PORT: String(yield* freePort) })
      yield* saidOnly(
        moneta,
        `the data directory ${dataDir} is in use by process ${process.pid} (another Moneta server?); ` +
          "stop it, or set MONETA_DATA_DIR to another directory"
      )
    }).pipe(Effect.scoped))
})

describe("Ctrl-C", () => {
  it.live("to the process group, then relayed once more as a package manager does: Moneta stopped, exit code 0", () =>
    Effect.gen(function*() {
      const moneta = yield* MonetaProcess.run(
        { MONETA_DATA_DIR: "memory://", PORT: String(yield* freePort), HOST: "127.0.0.1" },
        { detached: true }
      )
      yield* moneta.printed("listening on")
      const pid = moneta.child.pid ?? 0
      process.kill(-pid, "SIGINT")
      moneta.child.kill("SIGINT")
      expect(yield* Deferred.await(moneta.exited)).toBe(0)
      expect(moneta.stdout()).toContain("Moneta stopped")
      expect(moneta.stderr()).toBe("")
    }).pipe(Effect.scoped))
})
