/**
 * A bank operation runs in a span of its own while the tracer is on, with
 * what it acted on and how it ended; with the tracer switched off (the server
 * with no exporter, `Tracing.layer`) it runs bare, and answers the same.
 */
import { describe, expect, it } from "@effect/vitest"
import { spanned } from "@moneta/bank/OperationSpan"
import { Effect, Exit, Option, References, Schema, type Tracer } from "effect"

class Refused extends Schema.TaggedError<Refused>()("Refused", {}) {}

/** Spans the operation ran in, as it saw them. */
const seen: Array<Option.Option<Tracer.Span>> = []

/** An operation that records the span it runs in, and succeeds with `id` or fails when asked. */
const operation = spanned(
  "bank.Things.act",
  (id: string, refuse: boolean) =>
    Effect.gen(function*() {
      seen.push(yield* Effect.option(Effect.currentSpan))
      if (refuse) return yield* new Refused()
      return { id }
    }),
  (id) => ({ "moneta.thing_id": id, "moneta.unset": undefined })
)

/** The span the last call ran in. */
const lastSpan = () => seen[seen.length - 1] ?? Option.none()

describe("spanned", () => {
  it.effect("runs the operation in its span, with its attributes and outcome, while the tracer is on", () =>
    Effect.gen(function*() {
      expect(yield* operation("thing_1", false)).toEqual({ id: "thing_1" })
      const span = Option.getOrThrow(lastSpan())
      expect(span.name).toBe("bank.Things.act")
      expect(span.attributes.get("moneta.thing_id")).toBe("thing_1")
      expect(span.attributes.has("moneta.unset")).toBe(false)
      expect(span.attributes.get("moneta.outcome")).toBe("ok")
      expect(span.attributes.get("moneta.result_id")).toBe("thing_1")
    }))

  it.effect("names the failure's tag as the outcome", () =>
    Effect.gen(function*() {
      expect(Exit.isFailure(yield* Effect.exit(operation("thing_2", true)))).toBe(true)
      expect(Option.getOrThrow(lastSpan()).attributes.get("moneta.outcome")).toBe("Refused")
    }))

  it.effect("runs the operation bare, with the same answers, when the tracer is off", () =>
    Effect.gen(function*() {
      expect(yield* operation("thing_3", false)).toEqual({ id: "thing_3" })
      expect(Option.isNone(lastSpan())).toBe(true)
      const refused = yield* Effect.flip(operation("thing_4", true))
      expect(refused._tag).toBe("Refused")
      expect(Option.isNone(lastSpan())).toBe(true)
    }).pipe(Effect.provideService(References.TracerEnabled, false)))
})
