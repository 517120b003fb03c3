/**
 * A span for each bank operation: `spanned("bank.WireTransfers.create", create, attributes)`
 * is `create`, each call of which runs in a span of that name (a write that asks
 * first adds `….apply` for its transaction). In a trace it sits between the
 * request's span and the SQL statements' spans (exported over OTLP when the
 * server is configured for it; see docs/operations.md). With the tracer
 * switched off (`References.TracerEnabled`, as the server runs with no
 * exporter) an operation runs bare: a span nobody records still cost its
 * steps, about a tenth of a read's CPU.
 *
 * Its attributes: what the call acts on, from its arguments (`moneta.account_id`,
 * `moneta.amount`, …; undefined ones are left out), and how it ended:
 * `moneta.outcome` is `ok` or the failure's tag (`NotFoundError`, …), and a
 * result with an `id` or a `status` adds `moneta.result_id` / `moneta.result_status`.
 */
import { Cause, Effect, Exit, Option, References, type Tracer } from "effect"
import { type AskingWrite, mapEffects } from "./AskingWrite.js"

export type AttributeValue = string | number | boolean | null | undefined
export type Attributes = Readonly<Record<string, AttributeValue>>

const definedOnly = (attributes: Attributes): Record<string, unknown> => {
  const defined: Record<string, unknown> = {}
  for (const key in attributes) {
    const value = attributes[key]
    if (value !== undefined) defined[key] = value
  }
  return defined
}

const tagOf = (value: unknown): string | undefined =>
  typeof value === "object" && value !== null && "_tag" in value && typeof value._tag === "string"
    ? value._tag
    : undefined

const recordOutcome = (span: Tracer.Span, exit: Exit.Exit<unknown, unknown>): void => {
  if (Exit.isSuccess(exit)) {
    span.attribute("moneta.outcome", "ok")
    const value = exit.value
    if (typeof value === "object" && value !== null) {
      if ("id" in value && typeof value.id === "string") span.attribute("moneta.result_id", value.id)
      if ("status" in value && typeof value.status === "string") span.attribute("moneta.result_status", value.status)
    }
    return
  }
  const error = Cause.findErrorOption(exit.cause)
  span.attribute(
    "moneta.outcome",
    Option.isSome(error)
      ? tagOf(error.value) ?? "error"
      : Cause.hasInterruptsOnly(exit.cause)
      ? "interrupted"
      : "defect"
  )
}

// No call-site stack trace (hence not `Effect.fn`, which takes one per call): it
// would always point here, and capturing it cost 2 % of a read's CPU. The
// attributes are made only for a span.
const inSpan = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  name: string,
  attributes: () => Record<string, unknown>
): Effect.Effect<A, E, R> =>
  Effect.withFiber((fiber) =>
    fiber.getRef(References.TracerEnabled)
      ? Effect.useSpan(name, { attributes: attributes() }, (span) =>
        Effect.withParentSpan(
          Effect.onExit(effect, (exit) => {
            recordOutcome(span, exit)
            return Effect.void
          }),
          span,
          { captureStackTrace: false }
        ))
      : effect
  )

const noAttributes: Attributes = {}

/** `effect` in the span `name` with `attributes` (for an operation `spanned` cannot wrap: a generic one). */
export const withOperationSpan = <A, E, R>(effect: Effect.Effect<A, E, R>, name: string, attributes: Attributes) =>
  inSpan(effect, name, () => definedOnly(attributes))

/** `operation`, each call of which runs in the span `name` with `attributes` of its arguments. */
export const spanned = <Args extends ReadonlyArray<unknown>, A, E, R>(
  name: string,
  operation: (...args: Args) => Effect.Effect<A, E, R>,
  attributes?: (...args: Args) => Attributes
) =>
(...args: Args): Effect.Effect<A, E, R> =>
  inSpan(operation(...args), name, () => definedOnly(attributes === undefined ? noAttributes : attributes(...args)))

/** `spanned` for a write that asks first: its ask in the span `name`, its apply step in `name.apply`. */
export const spannedAsking = <Args extends ReadonlyArray<unknown>, A, E, R>(
  name: string,
  operation: (...args: Args) => AskingWrite<A, E, R>,
  attributes?: (...args: Args) => Attributes
) =>
(...args: Args): AskingWrite<A, E, R> => {
  // Made once for both parts' spans, and only when a span is made.
  let made: Record<string, unknown> | undefined
  const defined = () => made ??= definedOnly(attributes === undefined ? noAttributes : attributes(...args))
  return mapEffects(
    operation(...args),
    (effect, part) => inSpan(effect, part === "ask" ? name : `${name}.apply`, defined)
  )
}
