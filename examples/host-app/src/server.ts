/**
 * Moneta's sandbox on a Node HTTP server of its own: the API, the webhook
 * dispatcher, the real-time decision sweeper, `/docs` and `/openapi.json`,
 * on the embedded database in `.moneta/` (Postgres when DATABASE_URL is set).
 * Run it with `node --import tsx server.ts`; PORT sets the port (3000).
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as Mount from "@moneta/http/Mount"
import * as Database from "@moneta/store/Database"
import { Cause, Config, Console, Effect, Exit, Layer, Option } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { createServer } from "node:http"

const environment = "sandbox"

const database = Database.layer

const moneta = Mount.apiWithBackgroundAndDocs({ database, environment })

/** A fresh sandbox gets a group, an entity and a funded account; each start registers a new key and prints it. */
const announce = Layer.effectDiscard(Effect.gen(function*() {
  const { apiKey } = yield* (yield* FirstRun).run({ environment, apiKey: Option.none() })
  const { address } = yield* HttpServer.HttpServer
  const url = address._tag === "UnixPathAddress" ? address.path : `http://127.0.0.1:${address.port}`
  yield* Console.log(`Moneta ${environment} on ${url} (reference at ${url}/docs)\nAPI key: ${apiKey}`)
})).pipe(
  Layer.provide(FirstRun.Default),
  Layer.provide(Layer.succeed(ServerEnvironment, environment)),
  Layer.provide(database)
)

const listening = Layer.unwrap(Effect.map(
  Config.Port("PORT").pipe(Config.withDefault(3000)),
  (port) => NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" })
))

// Served together, so that the first run and Moneta share one database: a layer is built once per build, and
// HttpRouter.serve builds what it serves apart from the layers beside it.
const app = HttpRouter.serve(Layer.merge(moneta, announce), { disableListenLog: true }).pipe(Layer.provide(listening))

// Ctrl-C interrupts the app, which stops gracefully: exit code 0 (runMain's default says 130).
NodeRuntime.runMain(Layer.launch(app), {
  teardown: (exit, onExit) => onExit(Exit.isFailure(exit) && !Cause.hasInterruptsOnly(exit.cause) ? 1 : 0)
})
