/**
 * `moneta faults add|list|clear SUBSCRIPTION`: webhook fault injection on one
 * of the API key's group's subscriptions (docs/workbench.md, "Webhook
 * faults"). The fault is checked here first, by the server's schema, so a
 * typo is one line without a request.
 */
import { EventSubscriptionId } from "@moneta/domain/Ids"
import { CreateWebhookFault, injectedFaultLabel, WebhookFault, WebhookFaultKind } from "@moneta/domain/WebhookFault"
import { Effect, Option, Result, Schema } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { apiFlags, withApiClient } from "./ApiClient.js"
import { CommandFailure } from "./ControlClient.js"
import { printJson, printTable } from "./Output.js"

const row = (fault: WebhookFault) => [injectedFaultLabel(fault), `${fault.remaining} left`, fault.event_subscription_id]

const subscriptionArgument = Argument.String("subscription").pipe(
  Argument.withSchema(EventSubscriptionId),
  Argument.withDescription("The event subscription's id (event_subscription_…)")
)

const faultOf = (input: {
  readonly kind: WebhookFaultKind
  readonly status: Option.Option<number>
  readonly seconds: Option.Option<number>
  readonly count: Option.Option<number>
}): Result.Result<CreateWebhookFault, string> => {
  const request = {
    kind: input.kind,
    ...Option.match(input.status, { onNone: () => ({}), onSome: (status) => ({ status }) }),
    ...Option.match(input.seconds, { onNone: () => ({}), onSome: (seconds) => ({ seconds }) }),
    ...Option.match(input.count, { onNone: () => ({}), onSome: (count) => ({ count }) })
  }
  return Result.mapError(
    Schema.decodeUnknownResult(CreateWebhookFault)(request, { onExcessProperty: "error" }),
    (error) => error.message.split("\n").map((part) => part.trim()).filter((part) => part.length > 0).join("; ")
  )
}

/** The server's sentence for a refusal it explains (a live key, the fault limit), else the generic wording. */
const withDetail = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (error): error is E & { readonly detail: string } =>
      typeof error === "object" && error !== null && "_tag" in error &&
      (error._tag === "InsufficientPermissionsError" || error._tag === "InvalidOperationError") &&
      "detail" in error && typeof error.detail === "string",
    (error) => Effect.fail(new CommandFailure({ message: error.detail }))
  )

const add = Command.make("add", {
  ...apiFlags,
  subscription: subscriptionArgument,
  kind: Flag.Literals("kind", WebhookFaultKind.literals).pipe(
    Flag.withDescription("status (answer as STATUS), timeout, delay (by SECONDS), duplicate or reorder")
  ),
  status: Flag.Int("status").pipe(Flag.withDescription("The HTTP status a status fault records"), Flag.optional),
  seconds: Flag.Int("seconds").pipe(Flag.withDescription("The delay of a delay fault, 1 to 30"), Flag.optional),
  count: Flag.Int("count").pipe(Flag.withDescription("How many deliveries it covers (default 1)"), Flag.optional)
}, (input) =>
  Effect.gen(function*() {
    const fault = faultOf(input)
    if (Result.isFailure(fault)) return yield* new CommandFailure({ message: `bad fault: ${fault.failure}` })
    yield* withApiClient(input, (client) =>
      withDetail(Effect.gen(function*() {
        const added = yield* client.webhookFaults.addFault({
          params: { event_subscription_id: input.subscription },
          payload: fault.success
        })
        if (input.json) return yield* printJson(WebhookFault, added)
        yield* printTable([["Added fault", ...row(added)]])
      })))
  })).pipe(
    Command.withDescription("Shape the subscription's next deliveries: fail, time out, delay, duplicate, reorder")
  )

const list = Command.make(
  "list",
  { ...apiFlags, subscription: subscriptionArgument },
  (input) =>
    withApiClient(input, (client) =>
      withDetail(Effect.gen(function*() {
        const page = yield* client.webhookFaults.listFaults({ params: { event_subscription_id: input.subscription } })
        if (input.json) return yield* printJson(Schema.Array(WebhookFault), page.data)
        yield* printTable(page.data.length === 0 ? [["No faults"]] : page.data.map(row))
      })))
).pipe(Command.withDescription("List the subscription's faults not used up, in the order they apply"))

const clear = Command.make(
  "clear",
  { ...apiFlags, subscription: subscriptionArgument },
  (input) =>
    withApiClient(input, (client) =>
      withDetail(Effect.gen(function*() {
        const page = yield* client.webhookFaults.clearFaults({ params: { event_subscription_id: input.subscription } })
        if (input.json) return yield* printJson(Schema.Array(WebhookFault), page.data)
        yield* printTable([[`Cleared ${page.data.length} fault${page.data.length === 1 ? "" : "s"}`]])
      })))
).pipe(Command.withDescription("Delete every fault of the subscription"))

export const faults = Command.make("faults").pipe(
  Command.withDescription("Inject webhook faults into a subscription's deliveries (sandbox)"),
  Command.withSubcommands([add, list, clear])
)
