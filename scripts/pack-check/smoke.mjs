// Run by scripts/pack-check.mjs inside a throwaway npm project where the
// packed @moneta/* tarballs are installed: plain node, no TypeScript loader.
// 1. The receiver verifies a Standard Webhooks delivery signed by the
//    `standardwebhooks` package, and refuses a tampered one.
// 2. The HTTP layer, mounted in a small Effect HTTP app on the embedded
//    database, answers the typed client.
import { NodeHttpServer } from "@effect/platform-node"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as MonetaHttp from "@moneta/http/MonetaHttp"
import { Deduplication, FetchAdapter, Handlers, Receiver } from "@moneta/receiver"
import * as Database from "@moneta/store/Database"
import { Effect, Layer, Option } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest, HttpRouter, HttpServer } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { createServer } from "node:http"
import { Webhook } from "standardwebhooks"

const check = (condition, message) => {
  if (!condition) throw new Error(`smoke check failed: ${message}`)
}

const receiverCheck = Effect.gen(function*() {
  const secret = `whsec_${Buffer.from("a signing key of thirty-two byte").toString("base64")}`
  const handled = []
  const receiver = yield* Receiver.make({
    secrets: [secret],
    handlers: Handlers.empty.pipe(Handlers.on("account.created", (event) => Effect.sync(() => handled.push(event.id))))
  })
  const handler = yield* FetchAdapter.makeHandler(receiver)
  const body = JSON.stringify({
    id: "event_packcheck",
    created_at: new Date().toISOString(),
    category: "account.created",
    associated_object_type: "account",
    associated_object_id: "account_packcheck",
    type: "event"
  })
  const timestamp = new Date()
  const signature = new Webhook(secret).sign("msg_packcheck", timestamp, body)
  const headers = {
    "content-type": "application/json",
    "webhook-id": "msg_packcheck",
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signature
  }
  const post = (payload) => Effect.promise(() => handler(new Request("http://receiver.test/webhooks", { method: "POST", headers, body: payload })))
  const accepted = yield* post(body)
  check(accepted.status === 200, `a signed delivery is accepted (got ${accepted.status})`)
  check((yield* Effect.promise(() => accepted.json())).outcome === "handled", "the handler ran")
  check(handled.length === 1 && handled[0] === "event_packcheck", "the handler saw the event")
  const tampered = yield* post(body.replace("account_packcheck", "account_forged"))
  check(tampered.status === 401, `a tampered delivery is refused (got ${tampered.status})`)
  console.log("receiver: verified a Standard Webhooks delivery and refused a tampered one")
}).pipe(Effect.provide(Deduplication.layerMemory()))

const httpCheck = Effect.gen(function*() {
  const seeded = yield* (yield* FirstRun).run({ environment: "sandbox", apiKey: Option.none() })
  const server = yield* HttpServer.HttpServer
  const baseUrl = `http://127.0.0.1:${server.address.port}`
  const client = yield* HttpApiClient.make(MonetaApi, {
    baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(seeded.apiKey))
  })
  const accounts = yield* client.accounts.list({ query: {} })
  check(accounts.data.length === 1, "the first run seeded one account")
  const account = yield* client.accounts.retrieve({ params: { account_id: accounts.data[0].id } })
  check(account.id === accounts.data[0].id, "an account is retrieved by id")
  const cash = yield* client.bookkeeping.createAccount({ payload: { name: "Cash" } })
  check(cash.type === "bookkeeping_account" && cash.name === "Cash", "a bookkeeping account is created")
  const missing = yield* Effect.flip(client.accounts.retrieve({ params: { account_id: "account_doesnotexist" } }))
  check(missing._tag === "ObjectNotFoundError", `an unknown id is the contract's 404 (got ${missing._tag})`)
  console.log(`http: served the API through the typed client at ${baseUrl}`)
}).pipe(
  Effect.provide(
    HttpRouter.serve(MonetaHttp.layer, { disableLogger: true, disableListenLog: true }).pipe(
      Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
      Layer.provideMerge(FirstRun.Default),
      Layer.provide(Layer.succeed(ServerEnvironment, "sandbox")),
      Layer.provideMerge(Database.layer),
      Layer.provideMerge(FetchHttpClient.layer)
    )
  )
)

await Effect.runPromise(Effect.andThen(receiverCheck, Effect.scoped(httpCheck)))
