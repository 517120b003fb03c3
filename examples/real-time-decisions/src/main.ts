#!/usr/bin/env node
/**
 * `pnpm --filter @moneta/example-real-time-decisions start` with
 *   MONETA_URL       Moneta's address (default http://127.0.0.1:4010)
 *   MONETA_API_KEY   a sandbox API key (the server prints one at start)
 *   WEBHOOK_SECRET   the shared_secret of the event subscription pointing here
 *   SPENDING_LIMIT   the largest authorization approved, in cents (default 5000)
 *   PORT             where this app listens (default 4030)
 * then subscribe it to the decisions (real-time decision categories must be selected explicitly):
 *   curl $MONETA_URL/event_subscriptions -H "Authorization: Bearer $MONETA_API_KEY" \
 *     -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:4030/webhooks","shared_secret":"…",
 *     "selected_event_categories":[{"event_category":"real_time_decision.card_authorization_requested"}]}'
 * and authorize: POST $MONETA_URL/simulations/card_authorizations {"amount": 1200, "card_id": "…"}.
 */
import { AssociatedObject, Deduplication } from "@moneta/receiver"
import { Config, Effect, Layer, ManagedRuntime } from "effect"
import { FetchHttpClient } from "effect/http"
import { createServer } from "node:http"
import * as Decisions from "./Decisions.js"

const config = await Effect.runPromise(Config.all({
  monetaUrl: Config.String("MONETA_URL").pipe(Config.withDefault("http://127.0.0.1:4010")),
  apiKey: Config.Redacted("MONETA_API_KEY"),
  secret: Config.Redacted("WEBHOOK_SECRET"),
  spendingLimit: Config.Int("SPENDING_LIMIT").pipe(Config.withDefault(5_000)),
  port: Config.Port("PORT").pipe(Config.withDefault(4030))
}))

// The services deliveries run with: the Moneta client (to fetch and answer decisions) and the deduplication store.
const runtime = ManagedRuntime.make(Layer.mergeAll(
  AssociatedObject.layerClient({ baseUrl: config.monetaUrl, apiKey: config.apiKey }).pipe(
    Layer.provide(FetchHttpClient.layer)
  ),
  Deduplication.layerMemory()
))

const listener = await runtime.runPromise(
  Decisions.make({ secrets: [config.secret], spendingLimit: config.spendingLimit })
)

const server = createServer(listener).listen(config.port, "127.0.0.1", () => {
  Effect.runFork(Effect.log(`Real-time decisions app on http://127.0.0.1:${config.port} (POST /webhooks)`))
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
