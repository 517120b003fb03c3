/**
 * The runnable server: the configured database, migrated; the first run; the
 * API with `/openapi.json` and the reference page at `/docs` (bundled, works
 * offline, compressed once, in the background once the API serves);
 * `/health` and `/ready`; a log line per request; the webhook dispatcher of
 * the server's environment; the real-time decision sweeper; a start-up
 * banner with the address and the API key. The port opens
 * only once the migrations and the first run are done, so no request is
 * answered (or its key refused) before the first run's key exists. The
 * dispatcher and the sweeper start once the API serves (`Background`).
 */
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { AdminKey } from "@moneta/bank/ControlPlane"
import { FirstRun, type FirstRunResult } from "@moneta/bank/FirstRun"
import { timingFromConfig } from "@moneta/bank/RealTimeDecisions"
import * as ServingContext from "@moneta/http/ServingContext"
import * as Database from "@moneta/store/Database"
import * as Destinations from "@moneta/webhooks/Destinations"
import { Dispatcher } from "@moneta/webhooks/Dispatcher"
import { Console, Context, Effect, FileSystem, Layer, Option, Path, Redacted, Stdio, Terminal } from "effect"
import { Etag, HttpPlatform, HttpServer } from "effect/http"
import { NetAddress } from "effect/net"
import { ChildProcessSpawner } from "effect/process"
import * as Api from "./Api.js"
import * as Background from "./Background.js"
import { DashboardAssets } from "./DashboardAssets.js"
import * as NodeServer from "./NodeServer.js"
import * as ReferenceDocuments from "./ReferenceDocuments.js"
import { ServerConfig } from "./ServerConfig.js"

const NodeServerLive = Layer.unwrap(
  Effect.map(ServerConfig, (config) => NodeServer.layer({ port: config.port, host: config.host }))
)

/** What the first run did; built before the port opens. */
class FirstRunDone extends Context.Service<FirstRunDone, FirstRunResult>()("@moneta/server/FirstRunDone") {}

const FirstRunDoneLive = Layer.effect(
  FirstRunDone,
  Effect.gen(function*() {
    const config = yield* ServerConfig
    return yield* (yield* FirstRun).run({
      environment: config.environment,
      apiKey: Option.map(config.apiKey, Redacted.value)
    })
  })
)

const EnvironmentLive = Layer.effect(ServerEnvironment, Effect.map(ServerConfig, (config) => config.environment))

const AdminKeyLive = Layer.effect(AdminKey, Effect.map(ServerConfig, (config) => config.adminKey))

/** The server's base URL; listening on every interface, it is reached on 127.0.0.1. */
const hostAndPort = (address: NetAddress.SocketAddress): string => {
  if (address._tag === "UnixPathAddress") return `unix:${address.path}`
  const host = NetAddress.formatIp(address.address)
  return `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`
}

const banner = (lines: ReadonlyArray<readonly [string, string]>) =>
  lines.map(([label, value]) => `  ${label.padEnd(11)}${value}`).join("\n")

/** Tells the operator where the server is and which key to use. */
const AnnounceLive = Layer.effectDiscard(Effect.gen(function*() {
  const config = yield* ServerConfig
  const result = yield* FirstRunDone
  const server = yield* HttpServer.HttpServer
  const database = yield* Database.Info
  const address = hostAndPort(server.address)
  const key = Option.isSome(config.apiKey) ? "(the key in MONETA_API_KEY)" : result.apiKey
  yield* Console.log([
    `Moneta ${config.environment} server listening on ${address}`,
    banner([
      ["API key", key],
      ["Database", database.label],
      ["Dashboard", `${address}/dashboard${Option.isSome(config.apiKey) ? "" : `#key=${result.apiKey}`}`],
      ["API docs", `${address}/docs`],
      ["OpenAPI", `${address}/openapi.json`],
      [
        "Control",
        Option.isSome(config.adminKey) ? "on (moneta groups|keys, with MONETA_ADMIN_KEY)" : "off (set MONETA_ADMIN_KEY)"
      ]
    ]),
    `Try: curl ${address}/accounts -H "Authorization: Bearer ${key}"`
  ].join("\n"))
}))

// Layer.provideMerge builds its argument first: database (migrated), then the first run, then the port.
const ServicesLive = Layer.mergeAll(NodeServerLive, Destinations.layer).pipe(
  Layer.provideMerge(FirstRunDoneLive),
  Layer.provideMerge(FirstRun.Default),
  Layer.provideMerge(EnvironmentLive),
  Layer.provideMerge(AdminKeyLive),
  Layer.provideMerge(Database.layer)
)

/**
 * Requests are served without the services the server is built with: the
 * routes took theirs when they were built (`ServingContext`), and each service
 * in the serving context is copied by every request.
 */
const ServedWithoutBuildServices = ServingContext.layer([
  ...ServingContext.apiBuiltWith,
  ...Database.services,
  FirstRun,
  FirstRunDone,
  Background.Serving,
  Dispatcher,
  DashboardAssets,
  ReferenceDocuments.ReferenceDocuments,
  // The platform's: no route answers with a file from disk, the one use of them per request.
  HttpServer.HttpServer,
  HttpPlatform.HttpPlatform,
  Etag.Generator,
  FileSystem.FileSystem,
  Path.Path,
  // The command line's, which the server runs under.
  Terminal.Terminal,
  Stdio.Stdio,
  ChildProcessSpawner.ChildProcessSpawner
])

const ApiLive = Api.layer.pipe(Layer.provide(ServedWithoutBuildServices))

// The reference documents are prepared once the API serves, with the background work (`ReferenceDocuments`).
const ServingLive = Layer.mergeAll(
  ReferenceDocuments.prepareWhenServing.pipe(Layer.provideMerge(ApiLive)),
  AnnounceLive
).pipe(
  Layer.provideMerge(Background.layer),
  Layer.provide(ServicesLive),
  Layer.provide(timingFromConfig)
)

// Once everything above is built the API answers: the background work may start.
export const layer = Background.markServing.pipe(
  Layer.provideMerge(ServingLive),
  Layer.provide(Background.servingLayer)
)
