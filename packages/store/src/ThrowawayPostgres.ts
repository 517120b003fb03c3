/**
 * A Postgres cluster of its own, for tests and harnesses that stop, restart or
 * crash the database (never do that to a shared one): `initdb` into a temp
 * directory, served on a free loopback port, stopped and deleted when the
 * scope closes.
 *
 * - Uses the server binaries of the newest `/usr/lib/postgresql/<version>/bin`
 *   (Debian's layout, as `.ci/run`); `binDir` is undefined when there are none.
 * - Postgres refuses to run as root: as root, the cluster runs as the
 *   `postgres` user (`runuser`).
 */
import { Data, Effect, Redacted } from "effect"
import type { Scope } from "effect"
import { execFile } from "node:child_process"
import * as Fs from "node:fs"
import * as Net from "node:net"
import * as Os from "node:os"
import * as Path from "node:path"

export class ThrowawayPostgresError extends Data.TaggedError("ThrowawayPostgresError")<{
  readonly step: string
  readonly cause: unknown
}> {}

const installRoot = "/usr/lib/postgresql"

/** The directory of the newest installed server binaries, if any. */
export const binDir: string | undefined = (() => {
  const versions = Fs.existsSync(installRoot) ? Fs.readdirSync(installRoot) : []
  return versions
    .sort((left, right) => Number(right) - Number(left))
    .map((version) => Path.join(installRoot, version, "bin"))
    .find((dir) => Fs.existsSync(Path.join(dir, "initdb")) && Fs.existsSync(Path.join(dir, "pg_ctl")))
})()

/** How `stop` ends the server (pg_ctl's modes): `immediate` is a crash, recovered from the WAL at the next start. */
export type StopMode = "smart" | "fast" | "immediate"

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: Redacted.Redacted
  readonly port: number
  readonly start: Effect.Effect<void, ThrowawayPostgresError>
  readonly stop: (mode: StopMode) => Effect.Effect<void, ThrowawayPostgresError>
}

const isRoot = process.getuid?.() === 0

const run = (step: string, command: string, args: ReadonlyArray<string>, cwd: string) =>
  Effect.callback<string, ThrowawayPostgresError>((resume) => {
    const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, [...args]]
    const child = execFile(
      file,
      argv,
      { cwd },
      (error, stdout, stderr) =>
        resume(
          error === null
            ? Effect.succeed(stdout)
            : Effect.fail(new ThrowawayPostgresError({ step, cause: `${error.message}\n${stderr}` }))
        )
    )
    return Effect.sync(() => child.kill())
  })

const freePort = Effect.callback<number, ThrowawayPostgresError>((resume) => {
  const server = Net.createServer()
  server.on("error", (cause) => resume(Effect.fail(new ThrowawayPostgresError({ step: "port", cause }))))
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
})

/**
 * A new cluster, started. `fsync` (default off: faster, and enough unless the
 * test crashes the machine rather than the server) is on for crash experiments
 * that must see what a real deployment would.
 */
export const make = (options?: { readonly fsync?: boolean | undefined }): Effect.Effect<
  ThrowawayPostgres,
  ThrowawayPostgresError,
  Scope.Scope
> =>
  Effect.gen(function*() {
    const bin = binDir
    if (bin === undefined) {
      return yield* Effect.fail(new ThrowawayPostgresError({ step: "binaries", cause: `none under ${installRoot}` }))
    }
    const root = yield* Effect.acquireRelease(
      Effect.try({
        try: () => Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-pg-")),
        catch: (cause) => new ThrowawayPostgresError({ step: "temp dir", cause })
      }),
      (dir) => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true }))
    )
    if (isRoot) {
      yield* Effect.callback<void, ThrowawayPostgresError>((resume) => {
        execFile("chown", ["postgres:", root], (error) =>
          resume(
            error === null ? Effect.void : Effect.fail(new ThrowawayPostgresError({ step: "chown", cause: error }))
          ))
      })
    }
    const data = Path.join(root, "data")
    const port = yield* freePort
    yield* run("initdb", Path.join(bin, "initdb"), [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--lc-collate=C"
    ], root)
    const settings = [
      "-c listen_addresses=127.0.0.1",
      `-c port=${port}`,
      `-c unix_socket_directories=${root}`,
      `-c fsync=${options?.fsync === true ? "on" : "off"}`,
      "-c max_connections=100"
    ].join(" ")
    const pgCtl = Path.join(bin, "pg_ctl")
    const start = Effect.asVoid(
      run(
        "start",
        pgCtl,
        ["-D", data, "-l", Path.join(root, "server.log"), "-w", "-t", "60", "start", "-o", settings],
        root
      )
    )
    const stop = (mode: StopMode) => Effect.asVoid(run("stop", pgCtl, ["-D", data, "-m", mode, "-w", "stop"], root))
    yield* Effect.acquireRelease(start, () =>
      Fs.existsSync(Path.join(data, "postmaster.pid"))
        ? stop("immediate").pipe(
          Effect.catch((error) => Effect.logWarning("Could not stop the throwaway cluster", error))
        )
        : Effect.void)
    return {
      url: Redacted.make(`postgres://postgres@127.0.0.1:${port}/postgres`),
      port,
      start,
      stop
    } satisfies ThrowawayPostgres
  })
