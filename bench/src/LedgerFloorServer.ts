/**
 * The ledger floor (LedgerFloorApi.ts) over HTTP, on `@effect/platform-node`'s
 * node:http server, through `@effect/sql-pg` with a pool of 16 connections
 * (as many as Moneta's and the ledger server's), with no request log. Run
 * bundled, as plain JavaScript (PlatformFloor.ts):
 *
 *   node ledger-floor.cjs PORT DATABASE_URL
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { PgClient } from "@effect/sql-pg"
import { Layer, Redacted } from "effect"
import { HttpRouter } from "effect/http"
import { createServer } from "node:http"
import * as LedgerFloorApi from "./LedgerFloorApi.js"

const [portText = "", url = ""] = process.argv.slice(2)

const ServerLive = HttpRouter.serve(LedgerFloorApi.layer, { disableLogger: true, disableListenLog: true }).pipe(
  Layer.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 16 })),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(portText), host: "127.0.0.1" }))
)

NodeRuntime.runMain(Layer.launch(ServerLive))
