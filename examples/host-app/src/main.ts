#!/usr/bin/env node
/**
 * `pnpm --filter @moneta/example-host-app start`: the host app on
 * http://127.0.0.1:3000 (PORT to change it), Moneta's sandbox under /moneta,
 * on the embedded database in `.moneta/` (or Postgres when DATABASE_URL is set).
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as Database from "@moneta/store/Database"
import { Cause, Config, Effect, Exit, Layer, Option } from "effect"
import { createServer } from "node:http"
import * as App from "./App.js"

const port = Config.Port("PORT").pipe(Config.withDefault(3000))

/** Seeds a fresh database and tells where the app is and which key to use with Moneta. */
const announce = Layer.effectDiscard(Effect.gen(function*() {
  const { apiKey } = yield* (yield* FirstRun).run({ environment: "sandbox", apiKey: Option.none() })
  const address = `http://127.0.0.1:${yield* port}`
  yield* Effect.log(`Host app on ${address}; Moneta on ${address}${App.monetaPrefix} with API key ${apiKey}`)
})).pipe(
  Layer.provide(FirstRun.Default),
  Layer.provide(Layer.succeed(ServerEnvironment, "sandbox"))
)

const listening = Layer.unwrap(
  Effect.map(port, (port) => NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" }))
)

// The database is built once, here, for the app (Moneta) and the first run.
const app = Layer.merge(App.layer, announce).pipe(Layer.provide(listening), Layer.provide(Database.layer))

// Ctrl-C under pnpm arrives twice: the terminal's, and pnpm relaying it. runMain takes the first and
// removes its listener once the app has stopped; this one keeps the relayed copy, landing while the
// process exits, from killing it (pnpm would then report a failure).
process.on("SIGINT", () => {})

// Ctrl-C interrupts the app, which stops gracefully: exit code 0 (runMain's default says 130).
NodeRuntime.runMain(Layer.launch(app), {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : 0)
})
