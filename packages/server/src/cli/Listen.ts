/**
 * `moneta listen --forward-to URL [--events a,b]`: forwards the webhooks of
 * the key's group to an app, as Stripe's `listen` does.
 *
 * How: a receiver on 127.0.0.1 (a free port) and event subscriptions pointing
 * at it (a sandbox server delivers to loopback): one for every category but
 * the real-time decision ones, one for those (or the `--events` chosen). Each
 * delivery is verified with the subscriptions' own secret, forwarded to the
 * app re-signed (Standard Webhooks) with the signing secret printed at the
 * start (`whsec_…`), and answered with the app's status, so the server's
 * retry schedule applies to the app's failures. Real-time decisions are
 * forwarded too: the app answers them through `/action`, as always. One line
 * per delivery (`--json`: one JSON object). Ctrl-C deletes the subscriptions.
 */
import {
  knownEventCategories,
  type KnownEventCategory,
  RealTimeDecisionEventCategory
} from "@moneta/domain/EventCategory"
import { type CreateEventSubscription, type EventSubscription } from "@moneta/domain/EventSubscription"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { Clock, Console, DateTime, Effect, FiberSet, Option, Result, Schema } from "effect"
import { Command, Flag } from "effect/cli"
import { HttpClient, HttpClientRequest } from "effect/http"
import { randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { type ApiClient, apiFlags, type Explain, withApiClient } from "./ApiClient.js"
import { CommandFailure } from "./ControlClient.js"

const isKnownCategory = (category: string): category is KnownEventCategory =>
  (knownEventCategories as ReadonlyArray<string>).includes(category)

const isDecisionCategory = Schema.is(RealTimeDecisionEventCategory)

/** The categories `--events` names, each known; none for every one. */
const chosenCategories = (events: Option.Option<string>) =>
  Effect.gen(function*() {
    if (Option.isNone(events)) return Option.none<ReadonlyArray<KnownEventCategory>>()
    const named = events.value.split(",").map((name) => name.trim()).filter((name) => name.length > 0)
    const unknown = named.filter((name) => !isKnownCategory(name))
    if (named.length === 0 || unknown.length > 0) {
      return yield* new CommandFailure({
        message: `--events: ${
          named.length === 0 ? "name at least one category" : `unknown event category ${unknown.join(", ")}`
        } (a comma-separated list such as account.created,transaction.created)`
      })
    }
    return Option.some(named.filter(isKnownCategory))
  })

/** The forward-to URL, http(s). */
const forwardUrl = (text: string) => {
  const url = URL.canParse(text) ? new URL(text) : undefined
  return url !== undefined && (url.protocol === "http:" || url.protocol === "https:")
    ? Effect.succeed(text)
    : Effect.fail(new CommandFailure({ message: `--forward-to ${text} is not an http(s) URL` }))
}

/** What a delivery's event says, read from its raw body. */
const EventSummary = Schema.fromJsonString(Schema.Struct({
  id: Schema.String,
  category: Schema.String,
  associated_object_id: Schema.String
}))

interface Delivery {
  readonly time: string
  readonly event_id: string
  readonly category: string
  readonly associated_object_id: string
  /** The app's status; null when it could not be reached. */
  readonly status: number | null
  readonly latency_ms: number
  readonly error?: string
}

const printDelivery = (json: boolean) => (delivery: Delivery) =>
  json
    ? Console.log(JSON.stringify(delivery))
    : Console.log(
      [
        delivery.time,
        delivery.category,
        delivery.associated_object_id,
        delivery.status === null ? `failed: ${delivery.error ?? "no answer"}` : `→ ${delivery.status}`,
        `${delivery.latency_ms} ms`
      ].join("  ")
    )

const readBody = (request: IncomingMessage) =>
  Effect.callback<Uint8Array, Error>((resume) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.once("end", () => resume(Effect.succeed(new Uint8Array(Buffer.concat(chunks)))))
    request.once("error", (error) => resume(Effect.fail(error)))
  })

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name]
  return typeof value === "string" ? value : ""
}

const answer = (response: ServerResponse, status: number, text = "") =>
  Effect.sync(() => {
    response.writeHead(status, { "content-type": "text/plain" }).end(text)
  })

/** One delivery from the server: verified, forwarded re-signed, answered with the app's status. */
const relay = (options: {
  readonly request: IncomingMessage
  readonly response: ServerResponse
  readonly serverSecret: string
  readonly signingSecret: string
  readonly forwardTo: string
  readonly print: (delivery: Delivery) => Effect.Effect<void>
}) =>
  Effect.gen(function*() {
    const { request, response } = options
    const body = yield* readBody(request)
    const id = header(request, WebhookSignature.idHeader)
    const verified = WebhookSignature.verify({
      id,
      timestamp: header(request, WebhookSignature.timestampHeader),
      body,
      signatureHeader: header(request, WebhookSignature.signatureHeader),
      secrets: [options.serverSecret],
      now: yield* DateTime.now
    })
    if (Result.isFailure(verified)) {
      yield* Console.error(
        `moneta: refused a request to the listener that the server did not sign (${verified.failure._tag})`
      )
      return yield* answer(response, 401, "not signed by the Moneta server")
    }
    const event = yield* Schema.decodeUnknownEffect(EventSummary)(new TextDecoder().decode(body)).pipe(
      Effect.orElseSucceed(() => ({ id, category: "unknown", associated_object_id: "-" }))
    )
    const sentAt = yield* DateTime.now
    const started = yield* Clock.currentTimeMillis
    const forwarded = yield* HttpClient.execute(
      HttpClientRequest.post(options.forwardTo).pipe(
        HttpClientRequest.setHeaders(WebhookSignature.headers({
          id,
          timestamp: WebhookSignature.unixSeconds(sentAt),
          body,
          secrets: [options.signingSecret]
        })),
        HttpClientRequest.bodyUint8Array(body, "application/json")
      )
    ).pipe(
      Effect.tap((appResponse) => Effect.ignore(appResponse.text)),
      Effect.result
    )
    const latency = (yield* Clock.currentTimeMillis) - started
    const base = {
      time: DateTime.formatIso(sentAt),
      event_id: event.id,
      category: event.category,
      associated_object_id: event.associated_object_id,
      latency_ms: latency
    }
    if (Result.isSuccess(forwarded)) {
      yield* options.print({ ...base, status: forwarded.success.status })
      return yield* answer(response, forwarded.success.status)
    }
    const error = forwarded.failure.reason._tag === "TransportError"
      ? `cannot reach ${options.forwardTo}`
      : forwarded.failure.message
    yield* options.print({ ...base, status: null, error })
    yield* answer(response, 502, error)
  }).pipe(
    // A request that could not be read: answered, so the server records a failed attempt.
    Effect.catch((error) => answer(options.response, 400, error.message))
  )

/** An HTTP server on 127.0.0.1 (a free port) until the scope closes; its port. */
const receiver = (handle: (request: IncomingMessage, response: ServerResponse) => void) =>
  Effect.acquireRelease(
    Effect.callback<Server, Error>((resume) => {
      const server = createServer(handle)
      server.once("error", (error) => resume(Effect.fail(error)))
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(
    Effect.flatMap((server) => {
      const address = server.address()
      return address !== null && typeof address === "object"
        ? Effect.succeed(address.port)
        : Effect.die(new Error("the listener has no port"))
    }),
    Effect.mapError((error) => new CommandFailure({ message: `cannot start the local listener: ${error.message}` }))
  )

/** A subscription for the scope: deleted when it closes (a failure to is said, not hidden). */
const subscription = (
  client: ApiClient,
  explain: Explain,
  payload: typeof CreateEventSubscription.Type,
  json: boolean
) =>
  Effect.acquireRelease(
    client.eventSubscriptions.create({ payload }),
    (created) =>
      client.eventSubscriptions.update({
        params: { event_subscription_id: created.id },
        payload: { status: "deleted" }
      })
        .pipe(
          Effect.flatMap(() => json ? Effect.void : Console.log(`Deleted ${created.id}`)),
          Effect.catch((error) =>
            Console.error(`moneta: could not delete ${created.id}: ${explain(error).message}; delete it yourself`)
          )
        )
  )

const isConflict = (error: unknown) =>
  typeof error === "object" && error !== null && "_tag" in error &&
  error._tag === "InvalidOperationError"

export const listen = Command.make("listen", {
  ...apiFlags,
  forwardTo: Flag.String("forward-to").pipe(Flag.withDescription("The URL of your app's webhook endpoint")),
  events: Flag.String("events").pipe(
    Flag.withDescription("Only these categories, comma-separated (default: every one, real-time decisions too)"),
    Flag.optional
  )
}, (input) =>
  Effect.gen(function*() {
    const forwardTo = yield* forwardUrl(input.forwardTo)
    const chosen = yield* chosenCategories(input.events)
    yield* withApiClient(input, (client, explain) =>
      Effect.gen(function*() {
        const serverSecret = randomBytes(24).toString("base64url")
        const signingSecret = `${WebhookSignature.base64SecretPrefix}${randomBytes(24).toString("base64")}`
        const run = yield* FiberSet.makeRuntime<HttpClient.HttpClient>()
        const print = printDelivery(input.json)
        const port = yield* receiver((request, response) => {
          run(relay({ request, response, serverSecret, signingSecret, forwardTo, print }))
        })
        const url = `http://127.0.0.1:${port}/`
        const subscribe = (categories: Option.Option<ReadonlyArray<KnownEventCategory>>) =>
          subscription(client, explain, {
            url,
            shared_secret: serverSecret,
            ...Option.match(categories, {
              onNone: () => ({}),
              onSome: (some) => ({ selected_event_categories: some.map((event_category) => ({ event_category })) })
            })
          }, input.json)
        const made: Array<EventSubscription> = []
        const decisions = Option.match(chosen, {
          onNone: () => RealTimeDecisionEventCategory.literals,
          onSome: (some) => some.filter(isDecisionCategory)
        })
        const others = Option.map(chosen, (some) => some.filter((category) => !isDecisionCategory(category)))
        if (Option.isNone(others) || others.value.length > 0) made.push(yield* subscribe(others))
        if (decisions.length > 0) {
          const claimed = yield* Effect.result(subscribe(Option.some(decisions)))
          if (Result.isSuccess(claimed)) made.push(claimed.success)
          else if (Option.isNone(chosen) && isConflict(claimed.failure)) {
            yield* Console.error(
              "moneta: real-time decisions are not forwarded: another active subscription of the group selects them"
            )
          } else return yield* Effect.fail(claimed.failure)
        }
        const ids = made.map((each) => each.id)
        if (input.json) {
          yield* Console.log(
            JSON.stringify({ signing_secret: signingSecret, forward_to: forwardTo, event_subscription_ids: ids })
          )
        } else {
          yield* Console.log(
            [
              `Forwarding the group's events to ${forwardTo} (${ids.join(", ")}); Ctrl-C stops and deletes them.`,
              `Your webhook signing secret is ${signingSecret}`
            ].join("\n")
          )
        }
        return yield* Effect.never
      }).pipe(Effect.scoped))
  })).pipe(Command.withDescription("Forward the group's webhooks to your app, signed with a secret it prints"))
