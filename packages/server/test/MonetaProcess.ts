/**
 * The `moneta` command as a process, for tests of what a person sees: run
 * from the workspace's sources (`node --import tsx src/main.ts`), its output
 * collected, killed with the test's scope if still running.
 */
import { Deferred, Effect, Exit, type Scope } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

export const main = fileURLToPath(new URL("../src/main.ts", import.meta.url))

export interface MonetaProcess {
  readonly child: ChildProcess
  readonly stdout: () => string
  readonly stderr: () => string
  /** Everything it printed, stdout and stderr as they came. */
  readonly output: () => string
  /** Waits until it has printed `text`; fails if it exits first. */
  readonly printed: (text: string) => Effect.Effect<void, Error>
  /** Its exit code, or the signal that ended it. */
  readonly exited: Deferred.Deferred<number | string>
}

/**
 * Runs `moneta` (or `args` after node's own) with `env` added to this
 * process's environment, less `DATABASE_URL`. `detached` gives it a process
 * group of its own, as a terminal's foreground job has (`process.kill(-pid)`
 * signals the whole group, as Ctrl-C does).
 */
export const run = (
  env: Record<string, string>,
  options: { readonly args?: ReadonlyArray<string>; readonly detached?: boolean } = {}
): Effect.Effect<MonetaProcess, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const exited = yield* Deferred.make<number | string>()
      const { DATABASE_URL: _unused, ...inherited } = process.env
      const child = spawn(process.execPath, [
        "--conditions=@moneta/source",
        "--import",
        "tsx",
        ...(options.args ?? [main])
      ], {
        // The server package's dependencies (`effect`) resolve from here.
        cwd: fileURLToPath(new URL("..", import.meta.url)),
        env: { ...inherited, LOG_LEVEL: "Warning", ...env },
        stdio: ["ignore", "pipe", "pipe"],
        detached: options.detached ?? false
      })
      let stdout = ""
      let stderr = ""
      let output = ""
      const waiting = new Set<() => void>()
      const notify = () => {
        for (const check of waiting) check()
      }
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8")
        output += chunk.toString("utf8")
        notify()
      })
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8")
        output += chunk.toString("utf8")
        notify()
      })
      // "close", not "exit": by then its output has been read whole.
      child.once("close", (code, signal) => {
        Deferred.doneUnsafe(exited, Exit.succeed(code ?? signal ?? "unknown"))
        notify()
      })
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
      return { child, stdout: () => stdout, stderr: () => stderr, output: () => output, printed, exited }
    }),
    ({ child }) => Effect.sync(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"))
  )
