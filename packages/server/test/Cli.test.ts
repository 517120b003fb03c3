/**
 * The `moneta` client commands (groups and keys) against a server this test
 * starts: what they print, and a missing or wrong admin key, an API key in its
 * place or a server not running each a one-line failure, never a stack trace.
 * The commands run in this process (a spawn from sources costs seconds); three
 * run as a person runs them, a child process, for what only the process shows:
 * the failure printed as one `moneta: …` line on stderr, and its exit code (1
 * for a failure, 2 for a command line that cannot be read).
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, ConfigProvider, Deferred, Effect, Exit, Layer } from "effect"
import { createServer } from "node:net"
import { groups } from "../src/cli/Groups.js"
import { keys } from "../src/cli/Keys.js"
import * as Server from "../src/Server.js"
import { capture, runner } from "./CliInProcess.js"
import * as MonetaProcess from "./MonetaProcess.js"

const adminKey = "cli-test-admin-key-0123456789"

const freePort = Effect.callback<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = address !== null && typeof address === "object" ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** The server, in this process, until the test's scope closes; its base URL once it listens. */
const startServer = (env: Record<string, string>) =>
  Effect.gen(function*() {
    const port = yield* freePort
    const listening = yield* Deferred.make<void>()
    yield* Layer.launch(Server.layer.pipe(Layer.tap(() => Deferred.succeed(listening, undefined)))).pipe(
      Effect.provideService(
        ConfigProvider.ConfigProvider,
        ConfigProvider.fromEnv({ env: { PORT: String(port), HOST: "127.0.0.1", MONETA_DATA_DIR: "memory://", ...env } })
      ),
      Effect.forkScoped
    )
    yield* Deferred.await(listening)
    return `http://127.0.0.1:${port}`
  })

interface Run {
  readonly code: number | string
  readonly stdout: string
  readonly stderr: string
}

/** `moneta <args>` with `env`, a child process, to its end. */
const monetaProcess = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const child = yield* MonetaProcess.run(
      { MONETA_ADMIN_KEY: "", MONETA_BASE_URL: "", ...env },
      { args: [MonetaProcess.main, ...args] }
    )
    const code = yield* Deferred.await(child.exited)
    return { code, stdout: child.stdout(), stderr: child.stderr() } satisfies Run
  }).pipe(Effect.scoped)

const inProcess = runner([groups, keys])

/** `moneta <args>` with `env` (and nothing else of this process's environment), in this process. */
const moneta = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const output = capture()
    const exit = yield* Effect.exit(
      inProcess(args, output).pipe(
        Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env }))
      )
    )
    return {
      code: Exit.isSuccess(exit) ? 0 : 1,
      stdout: output.stdout(),
      stderr: Exit.isSuccess(exit) ? output.stderr() : `moneta: ${failureMessage(exit.cause)}\n`
    } satisfies Run
  })

/** The one line the command prints for a failure (`Cli.run` prints `moneta: ` and it). */
const failureMessage = (cause: Cause.Cause<unknown>) => {
  const error = Cause.squash(cause)
  return typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
}

/** Succeeded, said nothing on stderr; its output. */
const succeeded = (run: Run) => {
  expect(run.stderr, run.stdout).toBe("")
  expect(run.code, run.stderr).toBe(0)
  return run.stdout
}

/** Failed with `code` and one line on stderr matching `pattern`, nothing on stdout. */
const refused = (run: Run, code: number, pattern: RegExp) => {
  expect(run.code, run.stderr).toBe(code)
  expect(run.stdout).toBe("")
  expect(run.stderr.trimEnd().split("\n"), run.stderr).toHaveLength(1)
  expect(run.stderr).toMatch(/^moneta: /)
  expect(run.stderr).toMatch(pattern)
}

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1) ?? ""

const jsonOf = (text: string): unknown => JSON.parse(text)

describe("moneta groups and keys", () => {
  it.live("create a group and a key, list and revoke it, against a running server", () =>
    Effect.gen(function*() {
      const baseUrl = yield* startServer({ MONETA_ADMIN_KEY: adminKey })
      const env = { MONETA_BASE_URL: baseUrl, MONETA_ADMIN_KEY: adminKey }
      expect(succeeded(yield* moneta(["groups", "create", "--name", "Acme"], env))).toMatch(
        /^Created group\s+group_\w+\s+Acme\s+created /
      )
      const group = jsonOf(succeeded(yield* moneta(["groups", "create", "--json"], env)))
      expect(group).toMatchObject({ name: "Group", type: "group" })
      const groupId = (group as { readonly id: string }).id
      const listed = succeeded(yield* moneta(["groups", "list"], env))
      expect(listed).toContain("Sandbox group")
      expect(listed).toContain(groupId)

      // The flags instead of the environment.
      const created = succeeded(
        yield* moneta([
          "keys",
          "create",
          "--group",
          groupId,
          "--environment",
          "sandbox",
          "--name",
          "CI",
          "--base-url",
          baseUrl,
          "--admin-key",
          adminKey
        ])
      )
      const secret = lastLine(created)
      expect(secret).toMatch(/^moneta_sandbox_\S+$/)
      const accounts = yield* Effect.promise(() =>
        fetch(`${baseUrl}/accounts`, { headers: { authorization: `Bearer ${secret}` } })
      )
      expect(accounts.status).toBe(200)

      const keys = succeeded(yield* moneta(["keys", "list", "--group", groupId], env))
      expect(keys).toContain(`${secret.slice(0, "moneta_sandbox_".length + 4)}…`)
      expect(keys).not.toContain(secret)
      const [key] = jsonOf(
        succeeded(yield* moneta(["keys", "list", "--group", groupId, "--json"], env))
      ) as ReadonlyArray<
        { readonly id: string; readonly status: string }
      >
      expect(key?.status).toBe("active")
      expect(succeeded(yield* moneta(["keys", "revoke", key?.id ?? ""], env))).toMatch(/^Revoked api_key_/)
      const afterRevoke = yield* Effect.promise(() =>
        fetch(`${baseUrl}/accounts`, { headers: { authorization: `Bearer ${secret}` } })
      )
      expect(afterRevoke.status).toBe(401)

      // What a person gets wrong, each one line on stderr.
      const [unknownCommand, noAdminKey, badEnvironment] = yield* Effect.all([
        monetaProcess(["keys", "rotate"], env),
        monetaProcess(["keys", "list"], { MONETA_BASE_URL: baseUrl }),
        monetaProcess(["keys", "create", "--group", groupId, "--environment", "production"], env)
      ], { concurrency: 2 })
      const wrongAdminKey = yield* moneta(["keys", "list"], { ...env, MONETA_ADMIN_KEY: "not-the-admin-key-at-all" })
      const apiKeyAsAdmin = yield* moneta(["groups", "list", "--admin-key", secret], env)
      const unknownKey = yield* moneta(["keys", "revoke", "api_key_unknown"], env)
      const notRunning = yield* moneta(["groups", "list", "--base-url", "http://127.0.0.1:1"], env)
      refused(unknownCommand, 2, /Unknown subcommand "rotate"/)
      refused(noAdminKey, 1, /no admin key: pass --admin-key or set MONETA_ADMIN_KEY/)
      refused(wrongAdminKey, 1, /refused the admin key/)
      refused(apiKeyAsAdmin, 1, /that is an API key/)
      refused(unknownKey, 1, /no api_key api_key_unknown/)
      refused(notRunning, 1, /cannot reach the Moneta server at http:\/\/127\.0\.0\.1:1/)
      refused(badEnvironment, 2, /--environment/)
    }).pipe(Effect.scoped), 300_000)

  it.live(
    "the control API is off on a server without MONETA_ADMIN_KEY, and says how to turn it on",
    () =>
      Effect.gen(function*() {
        const baseUrl = yield* startServer({})
        refused(
          yield* moneta(["groups", "list"], { MONETA_BASE_URL: baseUrl, MONETA_ADMIN_KEY: adminKey }),
          1,
          /control API is off: restart it with MONETA_ADMIN_KEY set/
        )
      }).pipe(Effect.scoped),
    300_000
  )
})
