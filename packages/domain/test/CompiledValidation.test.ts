import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Equal, FastCheck as fc, ParseResult, Schema } from "effect"
import { CardPayment } from "../src/CardPayment.js"
import { WireTransfer } from "../src/WireTransfer.js"

// The same classes as Effect builds them, validating through its own constructor.
class EffectCardPayment extends Schema.Class<EffectCardPayment>("CardPayment")(CardPayment.fields) {}
class EffectWireTransfer extends Schema.Class<EffectWireTransfer>("WireTransfer")(WireTransfer.fields) {}

const propsOf = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Arbitrary.make(Schema.typeSchema(Schema.Struct(fields)))

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

const outcome = (construct: () => unknown): "made" | "ParseError" | "other" => {
  try {
    construct()
    return "made"
  } catch (error) {
    return ParseResult.isParseError(error) ? "ParseError" : "other"
  }
}

describe("withCompiledValidation", () => {
  for (
    const [name, ours, effects, fields] of [
      ["card payment", CardPayment, EffectCardPayment, CardPayment.fields],
      ["wire transfer", WireTransfer, EffectWireTransfer, WireTransfer.fields]
    ] as const
  ) {
    it.prop(
      `a ${name}'s constructor accepts and refuses exactly what Effect's accepts and refuses`,
      [maybeBroken(fields)],
      ([props]) => {
        // the props are whatever the arbitrary made: the constructor's own check is under test
        const outcomeOfOurs = outcome(() => Reflect.construct(ours, [props]))
        expect(outcomeOfOurs).toBe(outcome(() => Reflect.construct(effects, [props])))
        expect(outcomeOfOurs).not.toBe("other")
      },
      { fastCheck: { numRuns: 60 } }
    )
  }

  it.prop("what it makes is the class's instance, equal to one made without validation", [
    propsOf(CardPayment.fields)
  ], ([props]) => {
    const made = new CardPayment(props)
    expect(made).toBeInstanceOf(CardPayment)
    expect(Equal.equals(made, new CardPayment(props, true))).toBe(true)
    expect(Schema.encodeSync(CardPayment)(made)).toEqual(
      Schema.encodeSync(EffectCardPayment)(new EffectCardPayment(props))
    )
  }, { fastCheck: { numRuns: 30 } })

  it("skips validation when asked to, as Effect's constructor does", () => {
    const invalid = { id: "not a card payment id" }
    expect(() => Reflect.construct(CardPayment, [invalid])).toThrow(/CardPayment \(Constructor\)/)
    expect(Reflect.construct(CardPayment, [invalid, true])).toMatchObject(invalid)
    expect(Reflect.construct(CardPayment, [invalid, { disableValidation: true }])).toMatchObject(invalid)
  })

  it("decodes to instances of the class", () => {
    const encoded = Schema.encodeSync(CardPayment)(
      fc.sample(propsOf(CardPayment.fields), 1).map((props) => new CardPayment(props))[0]!
    )
    expect(Schema.decodeUnknownSync(CardPayment)(encoded)).toBeInstanceOf(CardPayment)
  })
})
