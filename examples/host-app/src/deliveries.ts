/**
 * Sees a webhook arrive from the server of `server.ts`: a receiver on a free
 * local port, an event subscription pointing at it, a write (a new account),
 * and the delivery of that write's `account.created` event. Run it beside the
 * server, with the key the server printed:
 * `MONETA_URL=http://127.0.0.1:3000 MONETA_API_KEY=moneta_sandbox_… node --import tsx deliveries.ts`
 */
import { NodeRuntime } from "@effect/platform-node"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Config, Console, Deferred, Duration, Effect, Option, Redacted, Schema } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { createServer } from "node:http"

/** The fields of a delivered event this script reads (a delivery's body is the event). */
const DeliveredEvent = Schema.fromJsonString(Schema.Struct({
  id: Schema.String,
  category: Schema.String,
  associated_object_id: Schema.String
}))
type DeliveredEvent = typeof DeliveredEvent.Type

/** A webhook endpoint on a free local port while the scope lasts: its URL, and every event it receives. */
const receiver = (onEvent: (event: DeliveredEvent) => void) =>
  Effect.acquireRelease(
    Effect.callback<ReturnType<typeof createServer>>((resume) => {
      const server = createServer((request, response) => {
        let body = ""
        request.setEncoding("utf8")
        request.on("data", (chunk: string) => body += chunk)
        request.on("end", () => {
          // 2xx tells Moneta the delivery arrived; anything else, and it is sent again later.
          response.writeHead(204).end()
          Option.map(Schema.decodeUnknownOption(DeliveredEvent)(body), onEvent)
        })
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map((server) => {
    const address = server.address()
    return `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/webhooks`
  }))

const program = Effect.gen(function*() {
  const monetaUrl = yield* Config.String("MONETA_URL").pipe(Config.withDefault("http://127.0.0.1:3000"))
  const apiKey = yield* Config.Redacted("MONETA_API_KEY")
  const moneta = yield* HttpApiClient.make(MonetaApi, {
    baseUrl: monetaUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(apiKey)))
  })

  const created = yield* Deferred.make<DeliveredEvent>()
  const url = yield* receiver((event) => {
    if (event.category === "account.created") Deferred.doneUnsafe(created, Effect.succeed(event))
  })
  const subscription = yield* moneta.eventSubscriptions.create({
    payload: { url, selected_event_category: "account.created" }
  })
  // Disabled when the script ends, so each run leaves no active subscription behind.
  yield* Effect.addFinalizer(() =>
    moneta.eventSubscriptions.update({
      params: { event_subscription_id: subscription.id },
      payload: { status: "disabled" }
    }).pipe(Effect.ignore)
  )

  const account = yield* moneta.accounts.create({ payload: { name: "Webhook check" } })
  const event = yield* Deferred.await(created).pipe(
    Effect.timeoutOrElse({
      duration: Duration.seconds(30),
      orElse: () => Effect.fail(new Error("no account.created delivery within 30 seconds: is the dispatcher running?"))
    })
  )
  yield* Console.log(`Delivered ${event.category} of ${event.associated_object_id} (created ${account.id})`)
})

NodeRuntime.runMain(program.pipe(Effect.scoped, Effect.provide(FetchHttpClient.layer)))
