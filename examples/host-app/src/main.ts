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
import { Config, Effect, Layer, Option } from "effect"
import { createServer } from "node:http"
import * as App from "./App.js"

const port = Config.Port("PORT").pipe(Config.withDefault(3000))

/** Seeds a fresh database and tells where the app is and which key to use with Moneta. */
const Announce = Layer.effectDiscard(Effect.gen(function*() {
  const { apiKey } = yield* (yield* FirstRun).run({ environment: "sandbox", apiKey: Option.none() })
  const address = `http://127.0.0.1:${yield* port}`
  yield* Effect.log(`Host app on ${address}; Moneta on ${address}${App.monetaPrefix} with API key ${apiKey}`)
}))

const Services = Layer.mergeAll(
  Layer.unwrap(Effect.map(port, (port) => NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" }))),
  FirstRun.Default
).pipe(
  Layer.provideMerge(Layer.succeed(ServerEnvironment, "sandbox")),
  Layer.provideMerge(Database.layer)
)

NodeRuntime.runMain(Layer.launch(Layer.provide(Layer.mergeAll(App.layer, Announce), Services)))
