#!/usr/bin/env node
/**
 * `pnpm --filter @moneta/example-webhook-consumer start` with
 *   MONETA_URL       Moneta's address (default http://127.0.0.1:4010)
 *   MONETA_API_KEY   a sandbox API key (the server prints one at start)
 *   WEBHOOK_SECRET   the shared_secret of the event subscription pointing here
 *   PORT             where this app listens (default 4020)
 * then create the subscription:
 *   curl $MONETA_URL/event_subscriptions -H "Authorization: Bearer $MONETA_API_KEY" \
 *     -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:4020/webhooks","shared_secret":"…"}'
 */
import { AssociatedObject, Deduplication } from "@moneta/receiver"
import { Config, Effect, Layer, ManagedRuntime } from "effect"
import { FetchHttpClient } from "effect/http"
import { createServer } from "node:http"
import * as Consumer from "./Consumer.js"
import { LocalCopy } from "./LocalCopy.js"

const config = await Effect.runPromise(Config.all({
  monetaUrl: Config.String("MONETA_URL").pipe(Config.withDefault("http://127.0.0.1:4010")),
  apiKey: Config.Redacted("MONETA_API_KEY"),
  secret: Config.Redacted("WEBHOOK_SECRET"),
  port: Config.Port("PORT").pipe(Config.withDefault(4020))
}))

// The services deliveries run with: the Moneta client (to fetch transfers) and the deduplication store.
const runtime = ManagedRuntime.make(Layer.mergeAll(
  AssociatedObject.layerClient({ baseUrl: config.monetaUrl, apiKey: config.apiKey }).pipe(
    Layer.provide(FetchHttpClient.layer)
  ),
  Deduplication.layerMemory()
))

const listener = await runtime.runPromise(Consumer.make({ secrets: [config.secret], localCopy: new LocalCopy() }))

const server = createServer(listener).listen(config.port, "127.0.0.1", () => {
  Effect.runFork(
    Effect.log(`Webhook consumer on http://127.0.0.1:${config.port} (POST /webhooks, GET /wire_transfers)`)
  )
})

// Ctrl-C (or SIGTERM): stop listening, release the runtime, exit 0. Under pnpm one Ctrl-C arrives twice (the
// terminal's and pnpm's relay): a listener stays for the second, which would otherwise kill the process.
let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  server.closeAllConnections()
  server.close()
  void runtime.dispose().then(() => process.exit(0))
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
