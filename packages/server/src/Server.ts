/**
 * The runnable server: the configured database, migrated; the first run; the
 * API with `/openapi.json` and the reference page at `/docs` (bundled, works
 * offline, compressed); `/health` and `/ready`; a log line per request; the
 * webhook dispatcher of the server's environment; the real-time decision
 * sweeper; a start-up banner with the address and the API key.
 */
import { HttpServer } from "@effect/platform"
import { NodeHttpClient, NodeHttpServer } from "@effect/platform-node"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import { RealTimeDecisions, timingFromConfig } from "@moneta/bank/RealTimeDecisions"
import * as Database from "@moneta/store/Database"
import { WebhookDeliveries } from "@moneta/store/WebhookDeliveries"
import * as Destinations from "@moneta/webhooks/Destinations"
import * as Dispatcher from "@moneta/webhooks/Dispatcher"
import { Config, Console, Effect, Layer, Option, Redacted } from "effect"
import { createServer } from "node:http"
import * as Api from "./Api.js"
import { ServerConfig } from "./ServerConfig.js"

const ApiLive = Api.layer

const NodeServerLive = Layer.unwrapEffect(
  Effect.map(ServerConfig, (config) => NodeHttpServer.layer(createServer, { port: config.port, host: config.host }))
)

const EnvironmentLive = Layer.effect(ServerEnvironment, Effect.map(ServerConfig, (config) => config.environment))

const banner = (lines: ReadonlyArray<readonly [string, string]>) =>
  lines.map(([label, value]) => `  ${label.padEnd(10)}${value}`).join("\n")

/** Runs the first run and tells the operator where the server is and which key to use. */
const AnnounceLive = Layer.effectDiscard(Effect.gen(function*() {
  const config = yield* ServerConfig
  const result = yield* (yield* FirstRun).run({
    environment: config.environment,
    apiKey: Option.map(config.apiKey, Redacted.value)
  })
  const server = yield* HttpServer.HttpServer
  const database = yield* Database.Info
  const address = server.address._tag === "TcpAddress"
    ? `http://${server.address.hostname === "0.0.0.0" ? "127.0.0.1" : server.address.hostname}:${server.address.port}`
    : `unix:${server.address.path}`
  const key = Option.isSome(config.apiKey) ? "(the key in MONETA_API_KEY)" : result.apiKey
  yield* Console.log([
    `Moneta ${config.environment} server listening on ${address}`,
    banner([
      ["API key", key],
      ["Database", database.label],
      ["API docs", `${address}/docs`],
      ["OpenAPI", `${address}/openapi.json`]
    ]),
    `Try: curl ${address}/accounts -H "Authorization: Bearer ${key}"`
  ].join("\n"))
}))

/** Deliveries connect only to addresses the destination rule lets receive (`Destinations`). */
const DeliveryClientLive = NodeHttpClient.layerUndiciWithoutDispatcher.pipe(
  Layer.provide(Layer.scoped(
    NodeHttpClient.Dispatcher,
    Effect.flatMap(ServerConfig, (config) => Destinations.makeAgent(config.environment))
  ))
)

/** Sends the webhooks of this server's environment; shares the work with every other server on the database. */
const DispatcherLive = Layer.unwrapEffect(
  Effect.map(
    Config.all({ server: ServerConfig, tuning: Dispatcher.config }),
    ({ server, tuning }) => Dispatcher.layer({ environment: server.environment, ...tuning })
  )
).pipe(Layer.provide(Layer.merge(WebhookDeliveries.Default, DeliveryClientLive)))

/** Times out the decisions of this server's environment whose window passed, also those whose waiting process died. */
const SweeperLive = Layer.unwrapEffect(
  Effect.map(
    Config.all({ server: ServerConfig, interval: RealTimeDecisionSweeper.intervalConfig }),
    ({ interval, server }) => RealTimeDecisionSweeper.layer({ environment: server.environment, interval })
  )
).pipe(Layer.provide(RealTimeDecisions.Default))

const ServicesLive = Layer.mergeAll(NodeServerLive, FirstRun.Default, Destinations.layer).pipe(
  Layer.provideMerge(EnvironmentLive),
  Layer.provideMerge(Database.layer)
)

export const layer = Layer.mergeAll(ApiLive, AnnounceLive, SweeperLive).pipe(
  Layer.provideMerge(DispatcherLive),
  Layer.provide(ServicesLive),
  Layer.provide(timingFromConfig)
)
