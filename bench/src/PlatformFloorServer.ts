/**
 * The platform's floor (PlatformFloorApi.ts) over HTTP, on
 * `@effect/platform-node`'s node:http server, with no request log. Run
 * bundled, as plain JavaScript (PlatformFloor.ts):
 * `node platform-floor.cjs PORT ACCOUNT_JSON`.
 */
import { HttpApiBuilder } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Account } from "@moneta/domain/Account"
import { Layer, Schema } from "effect"
import { createServer } from "node:http"
import * as PlatformFloorApi from "./PlatformFloorApi.js"

const [portText = "", accountJson = ""] = process.argv.slice(2)
const account = Schema.decodeUnknownSync(Schema.parseJson(Account))(accountJson)

const ServerLive = HttpApiBuilder.serve().pipe(
  Layer.provide(PlatformFloorApi.layer(account)),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(portText), host: "127.0.0.1" }))
)

NodeRuntime.runMain(Layer.launch(ServerLive))
