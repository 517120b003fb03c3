/**
 * The lock on an embedded data directory (issue 28, item 5): a server killed
 * with SIGKILL stays a zombie until its parent reaps it, and its lock must
 * not block the next start even then; a running owner still does, with a
 * message naming it; a pid now used by another process does not.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as PgliteOpening from "../src/PgliteOpening.js"

const opening = fileURLToPath(new URL("../src/PgliteOpening.ts", import.meta.url))

const linux = process.platform === "linux"

const temporaryDataDir = Effect.acquireRelease(
  Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-lock-"))),
  (root) => Effect.sync(() => Fs.rmSync(root, { recursive: true, force: true }))
).pipe(Effect.map((root) => Path.join(root, "data")))

/** A process that takes the lock of `dataDir` and then waits; killed with the scope if still running. */
const lockHolder = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const locked = yield* Deferred.make<void, Error>()
      const child = spawn(
        process.execPath,
        [
          "--conditions=@moneta/source",
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `import { lockDataDir } from ${JSON.stringify(opening)}
          lockDataDir(process.argv[1])
          process.stdout.write("locked\\n")
          setInterval(() => undefined, 60_000)`,
          dataDir
        ],
        { stdio: ["ignore", "pipe", "pipe"] }
      )
      let errors = ""
      child.stderr.on("data", (chunk: Buffer) => {
        errors += chunk.toString("utf8")
      })
      child.stdout.on("data", () => Deferred.doneUnsafe(locked, Exit.void))
      child.once("exit", (code) => Deferred.doneUnsafe(locked, Exit.fail(new Error(`exited ${code}: ${errors}`))))
      yield* Deferred.await(locked)
      return child
    }),
    (child: ChildProcess) => Effect.sync(() => child.exitCode === null && child.kill("SIGKILL"))
  )

const stateOf = (pid: number): string | undefined => {
  try {
    const stat = Fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]
  } catch {
    return undefined
  }
}

describe("the embedded data directory's lock", () => {
  it.live("a running owner blocks another process, with a message naming it", () =>
    Effect.gen(function*() {
      const dataDir = yield* temporaryDataDir
      const holder = yield* lockHolder(dataDir)
      expect(() => PgliteOpening.lockDataDir(dataDir)).toThrow(
        `${dataDir} is in use by process ${holder.pid} (lock file ${dataDir}.lock)`
      )
    }).pipe(Effect.scoped), 60_000)

  it.live.runIf(linux)(
    "an owner killed a moment ago, still a zombie, does not block: the lock is taken at once",
    () =>
      Effect.gen(function*() {
        const dataDir = yield* temporaryDataDir
        const holder = yield* lockHolder(dataDir)
        const pid = holder.pid!
        // Node reaps its children on its event loop: until this synchronous block ends, the killed one stays a zombie.
        holder.kill("SIGKILL")
        const killedAt = Date.now()
        while (stateOf(pid) !== "Z" && Date.now() - killedAt < 30_000) {
          // waiting for the kernel to finish the kill; no event loop turn may reap it meanwhile
        }
        expect(stateOf(pid)).toBe("Z")
        const lockedAt = Date.now()
        const file = PgliteOpening.lockDataDir(dataDir)
        expect(Date.now() - lockedAt).toBeLessThan(100)
        // still unreaped: the zombie, not a vanished process, was looked through
        expect(stateOf(pid)).toBe("Z")
        expect(Fs.readFileSync(file, "utf8").split(" ")[0]).toBe(String(process.pid))
        PgliteOpening.unlockDataDir(file)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live.runIf(linux)(
    "a lock whose pid now names another process (another start time) is taken over",
    () =>
      Effect.gen(function*() {
        const dataDir = yield* temporaryDataDir
        Fs.mkdirSync(Path.dirname(dataDir), { recursive: true })
        // The parent process runs, but it did not start at tick 1 after boot.
        Fs.writeFileSync(`${dataDir}.lock`, `${process.ppid} 1`)
        const file = PgliteOpening.lockDataDir(dataDir)
        expect(Fs.readFileSync(file, "utf8").split(" ")[0]).toBe(String(process.pid))
        PgliteOpening.unlockDataDir(file)
      }).pipe(Effect.scoped)
  )

  it.live("a lock naming only a pid (older servers, systems without /proc) still blocks while that process runs", () =>
    Effect.gen(function*() {
      const dataDir = yield* temporaryDataDir
      Fs.mkdirSync(Path.dirname(dataDir), { recursive: true })
      Fs.writeFileSync(`${dataDir}.lock`, String(process.ppid))
      expect(() => PgliteOpening.lockDataDir(dataDir)).toThrow(`is in use by process ${process.ppid}`)
    }).pipe(Effect.scoped))

  it.live("a lock left by a process that is gone, or unreadable, is taken over", () =>
    Effect.gen(function*() {
      const dataDir = yield* temporaryDataDir
      Fs.mkdirSync(Path.dirname(dataDir), { recursive: true })
      for (const content of ["2147483646 12345", "", "not a pid"]) {
        Fs.writeFileSync(`${dataDir}.lock`, content)
        const file = PgliteOpening.lockDataDir(dataDir)
        expect(Fs.readFileSync(file, "utf8").split(" ")[0]).toBe(String(process.pid))
        PgliteOpening.unlockDataDir(file)
      }
    }).pipe(Effect.scoped))
})
