/**
 * docs/host-app.md runs as written: each of its TypeScript blocks is a file
 * of this example, verbatim (so `pnpm check` type-checks them), and its
 * programs run here as a reader runs them (`server.ts` started as a process,
 * `deliveries.ts` beside it: a webhook arrives), on the embedded database and
 * on Postgres when DATABASE_URL is set; `own-database.ts` mounts the API over
 * a client of the application's own, on Postgres.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it, layer } from "@effect/vitest"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as Mount from "@moneta/http/Mount"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Deferred, Effect, Exit, Layer, Option, Redacted } from "effect"
import { HttpClient, HttpClientRequest, HttpRouter } from "effect/http"
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { client, monetaDatabase } from "../src/own-database.js"

const exampleDirectory = fileURLToPath(new URL("..", import.meta.url))
const guidePath = fileURLToPath(new URL("../../../docs/host-app.md", import.meta.url))
const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url))

/** The guide's fenced blocks: language, the file named after it (```ts examples/host-app/src/x.ts), content. */
const blocksOf = (markdown: string) =>
  Array.from(markdown.matchAll(/^```(\w*)[ \t]*(\S*)\n([\s\S]*?)^```$/gm), (match) => ({
    language: match[1] ?? "",
    file: match[2] ?? "",
    content: match[3] ?? ""
  }))

/** A port nobody listens on right now. */
const freePort = Effect.callback<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/**
 * `src/<file>` run as `npx tsx` runs it (the workspace's packages from their sources), killed with the scope
 * if still running; what it printed, and a way to wait for a text.
 */
const run = (file: string, env: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const exited = yield* Deferred.make<number | string>()
      const { DATABASE_URL: _unused, ...inherited } = process.env
      const child = spawn(process.execPath, ["--conditions=@moneta/source", "--import", "tsx", `src/${file}`], {
        cwd: exampleDirectory,
        env: { ...inherited, ...env },
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
      /** The first match of `pattern` in what it printed; fails if the process ends first. */
      const printed = (pattern: RegExp) =>
        Effect.callback<RegExpExecArray, Error>((resume) => {
          const check = () => {
            const match = pattern.exec(output)
            if (match !== null) {
              waiting.delete(check)
              resume(Effect.succeed(match))
            } else if (child.exitCode !== null || child.signalCode !== null) {
              waiting.delete(check)
              resume(Effect.fail(new Error(`${file} exited without printing ${pattern}:\n${output}`)))
            }
          }
          waiting.add(check)
          check()
          return Effect.sync(() => waiting.delete(check))
        })
      return { child, output: () => output, printed, exited: Deferred.await(exited) } as const
    }),
    ({ child }) => Effect.sync(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"))
  )

describe("docs/host-app.md", () => {
  it("shows every TypeScript block as a file of this example, verbatim", () => {
    const blocks = blocksOf(readFileSync(guidePath, "utf8")).filter((block) => block.language === "ts")
    expect(blocks.map((block) => block.file)).toEqual([
      "examples/host-app/src/server.ts",
      "examples/host-app/src/deliveries.ts",
      "examples/host-app/src/App.ts",
      "examples/host-app/src/main.ts",
      "examples/host-app/src/own-database.ts"
    ])
    for (const block of blocks) {
      expect(block.content, `${block.file} differs from its block in the guide`).toBe(
        readFileSync(`${repositoryRoot}${block.file}`, "utf8")
      )
    }
  })

  for (const kind of TestDatabase.testDatabases) {
    it.live(
      `server.ts serves Moneta and deliveries.ts sees a webhook arrive, twice (${kind})`,
      () =>
        Effect.gen(function*() {
          const port = yield* freePort
          const database: Record<string, string> = kind === "postgres"
            ? { DATABASE_URL: Redacted.value(yield* TestDatabase.createPostgresDatabase) }
            : { MONETA_DATA_DIR: "memory://" }
          const server = yield* run("server.ts", { ...database, PORT: String(port) })
          const [, url, apiKey] = yield* server.printed(/Moneta sandbox on (\S+) .*\nAPI key: (\S+)/)
          // Each run leaves no active subscription behind: a second one works as the first did.
          for (const _ of [1, 2]) {
            const deliveries = yield* run("deliveries.ts", { MONETA_URL: url ?? "", MONETA_API_KEY: apiKey ?? "" })
            const exit = yield* deliveries.exited
            expect(exit, deliveries.output()).toBe(0)
            expect(deliveries.output()).toMatch(/^Delivered account\.created of (account_\w+) \(created \1\)$/m)
          }
          // Ctrl-C stops it cleanly.
          server.child.kill("SIGINT")
          expect(yield* server.exited, server.output()).toBe(0)
        }).pipe(Effect.scoped),
      { timeout: 300_000 }
    )
  }
})

if (TestDatabase.testDatabases.includes("postgres")) {
  describe("own-database.ts on Postgres", () => {
    class SeededKey extends Context.Service<SeededKey, string>()("SeededKey") {}
    const database = Layer.unwrap(
      Effect.map(TestDatabase.createPostgresDatabase, (url) => monetaDatabase(client(url)))
    )
    const seeded = Layer.effect(
      SeededKey,
      Effect.map(
        Effect.flatMap(FirstRun, (firstRun) => firstRun.run({ environment: "sandbox", apiKey: Option.none() })),
        (result) => result.apiKey
      )
    ).pipe(Layer.provide(FirstRun.Default), Layer.provide(Layer.succeed(ServerEnvironment, "sandbox")))
    const served = Layer.merge(
      seeded,
      HttpRouter.serve(Mount.api({ database: Mount.providedDatabase, environment: "sandbox" }), {
        disableLogger: true,
        disableListenLog: true
      })
    ).pipe(Layer.provideMerge(NodeHttpServer.layerTest), Layer.provide(database))

    layer(served, { timeout: TestDatabase.timeout })((it) => {
      it.effect("migrates the client's database and serves the API over it", () =>
        Effect.gen(function*() {
          const apiKey = yield* SeededKey
          const http = yield* HttpClient.HttpClient
          const accounts = yield* http.execute(
            HttpClientRequest.get("/accounts").pipe(HttpClientRequest.bearerToken(apiKey))
          )
          expect(accounts.status).toBe(200)
          expect(yield* accounts.json).toMatchObject({ data: [{ name: "Sandbox checking" }] })
        }))
    })
  })
}
