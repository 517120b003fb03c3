/**
 * The platform's floor (PlatformFloorApi.ts) over HTTP, on
 * `@effect/platform-node`'s node:http server, with no request log. Run
 * bundled, as plain JavaScript (PlatformFloor.ts):
 *
 *   node platform-floor.cjs PORT memory ACCOUNT_JSON
 *   node platform-floor.cjs PORT database DATABASE_URL GROUP_ID ENVIRONMENT
 *   node platform-floor.cjs PORT pg DATABASE_URL GROUP_ID ENVIRONMENT
 *
 * With `database`, the accounts are read through `@effect/sql-pg`, with `pg`
 * through node-postgres itself; either with a pool of 16 connections, as many
 * as Moneta's and the hand-written server's.
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { PgClient } from "@effect/sql-pg"
import { Account } from "@moneta/domain/Account"
import { Effect, Layer, Redacted, Schema } from "effect"
import { HttpRouter } from "effect/http"
import { createServer } from "node:http"
import pg from "pg"
import * as PlatformFloorApi from "./PlatformFloorApi.js"

const [portText = "", source = "", ...rest] = process.argv.slice(2)

const apiOf = () => {
  if (source === "memory") {
    const [accountJson = ""] = rest
    return PlatformFloorApi.layer(Schema.decodeUnknownSync(Schema.fromJsonString(Account))(accountJson))
  }
  if (source === "database") {
    const [url = "", groupId = "", environment = ""] = rest
    return PlatformFloorApi.layerFromDatabase({ groupId, environment }).pipe(
      Layer.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 16 }))
    )
  }
  if (source === "pg") {
    const [url = "", groupId = "", environment = ""] = rest
    return Layer.unwrap(Effect.map(
      Effect.acquireRelease(
        Effect.sync(() => new pg.Pool({ connectionString: url, max: 16 })),
        (pool) => Effect.promise(() => pool.end())
      ),
      (pool) => PlatformFloorApi.layerFromPg({ groupId, environment }, pool)
    ))
  }
  throw new Error(`unknown source ${source}: memory, database or pg`)
}

const ServerLive = HttpRouter.serve(apiOf(), { disableLogger: true, disableListenLog: true }).pipe(
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(portText), host: "127.0.0.1" }))
)

NodeRuntime.runMain(Layer.launch(ServerLive))
