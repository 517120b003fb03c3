import { describe, expect, it } from "@effect/vitest"
import { Equal, Schema, SchemaIssue } from "effect"
import * as fc from "fast-check"
import { CardPayment } from "../src/CardPayment.js"
import { fromSchema } from "../src/testing/FromSchema.js"
import { WireTransfer } from "../src/WireTransfer.js"
import { prop } from "./support/Property.js"

// The same classes as Effect builds them, validating through its own constructor.
class EffectCardPayment extends Schema.Class<EffectCardPayment>("CardPayment")(CardPayment.fields) {}
class EffectWireTransfer extends Schema.Class<EffectWireTransfer>("WireTransfer")(WireTransfer.fields) {}

const propsOf = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  fromSchema(Schema.toType(Schema.Struct(fields)))

/** Valid props with, sometimes, one field replaced by a value of the wrong kind. */
const maybeBroken = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  fc.tuple(
    propsOf(fields),
    fc.option(
      fc.tuple(
        fc.constantFrom(...Object.keys(fields)),
        fc.constantFrom<unknown>(undefined, null, -1, 1.5, "", "not_an_id", {}, [], [{}], Number.MAX_VALUE)
      ),
      { nil: undefined }
    )
  ).map(([props, change]): Record<string, unknown> =>
    change === undefined ? props : { ...props, [change[0]]: change[1] }
  )

/** A constructor refuses invalid props by throwing an `Error` whose cause is the schema issue. */
const outcome = (construct: () => unknown): "made" | "SchemaIssue" | "other" => {
  try {
    construct()
    return "made"
  } catch (error) {
    return error instanceof Error && SchemaIssue.isIssue(error.cause) ? "SchemaIssue" : "other"
  }
}

describe("withCompiledValidation", () => {
  for (
    const [name, ours, effects, fields] of [
      ["card payment", CardPayment, EffectCardPayment, CardPayment.fields],
      ["wire transfer", WireTransfer, EffectWireTransfer, WireTransfer.fields]
    ] as const
  ) {
    prop(
      `a ${name}'s constructor accepts and refuses exactly what Effect's accepts and refuses`,
      [maybeBroken(fields)],
      ([props]) => {
        // the props are whatever the arbitrary made: the constructor's own check is under test
        const outcomeOfOurs = outcome(() => Reflect.construct(ours, [props]))
        expect(outcomeOfOurs).toBe(outcome(() => Reflect.construct(effects, [props])))
        expect(outcomeOfOurs).not.toBe("other")
      },
      { numRuns: 60 }
    )
  }

  prop("what it makes is the class's instance, equal to one made without checks", [
    propsOf(CardPayment.fields)
  ], ([props]) => {
    const made = new CardPayment(props)
    expect(made).toBeInstanceOf(CardPayment)
    expect(Equal.equals(made, new CardPayment(props, { disableChecks: true }))).toBe(true)
    expect(Schema.encodeSync(CardPayment)(made)).toEqual(
      Schema.encodeSync(EffectCardPayment)(new EffectCardPayment(props))
    )
  }, { numRuns: 30 })

  // Effect 4's `disableChecks` skips the filters (an empty id), not the parsing of types and structure.
  it("skips the checks when asked to, as Effect's constructor does", () => {
    const [props] = fc.sample(propsOf(WireTransfer.fields), 1)
    if (props === undefined) throw new Error("one sample")
    const invalid = { ...props, id: "" }
    // the empty id is not an id: the constructor's own check is under test
    expect(outcome(() => Reflect.construct(WireTransfer, [invalid]))).toBe("SchemaIssue")
    expect(Reflect.construct(WireTransfer, [invalid, { disableChecks: true }])).toMatchObject({ id: "" })
    expect(outcome(() => Reflect.construct(WireTransfer, [{ id: "not a wire transfer" }, { disableChecks: true }])))
      .toBe("SchemaIssue")
  })

  it("decodes to instances of the class", () => {
    const encoded = Schema.encodeSync(CardPayment)(
      fc.sample(propsOf(CardPayment.fields), 1).map((props) => new CardPayment(props))[0]!
    )
    expect(Schema.decodeUnknownSync(CardPayment)(encoded)).toBeInstanceOf(CardPayment)
  })
})
