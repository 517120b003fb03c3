/**
 * Schema classes whose validating constructor compiles its parser once.
 *
 * `new C(props)` on an `effect` 3 Schema class validates with
 * `ParseResult.validateSync(schema)`, which derives the type side of the
 * fields (`SchemaAST.typeAST`, not memoized) at every call; whenever a field
 * has a transformation (a `Timestamp`, a nested class) that side is a new AST,
 * so the parser cache misses and the whole parser is compiled again: about
 * 800 µs for a `CardPayment`, a third of a card simulation's CPU.
 *
 * `withCompiledValidation(Schema.Class<C>("C")(fields))` keeps the class as it
 * is (its schema, its statics, `new C(props, true)` skipping validation) and
 * makes its constructor run the same checks through a parser built at the
 * first validating call (about 10 µs), failing with the same `ParseError`.
 */
import { ParseResult, Schema } from "effect"

const validationDisabled = (options: unknown): boolean =>
  options === true ||
  (typeof options === "object" && options !== null && "disableValidation" in options &&
    options.disableValidation === true)

export const withCompiledValidation = <
  C extends
    & (new(props: never, options?: Schema.MakeOptions) => object)
    & { readonly fields: Schema.Struct.Fields; readonly identifier: string }
>(klass: C): C => {
  let validate: ((instance: unknown) => unknown) | undefined
  // A Proxy rather than a subclass: TypeScript types a subclass of a generic base only
  // through an `any[]` constructor, and a class extending the proxy still constructs
  // through it (`newTarget` keeps the subclass's prototype).
  return new Proxy(klass, {
    construct(target, [props, options]: ReadonlyArray<unknown>, newTarget) {
      // the instance holds exactly the props, constructor defaults merged in: validating it
      // checks what Effect's constructor checks
      const made: object = Reflect.construct(target, [props, true], newTarget)
      if (!validationDisabled(options)) {
        validate ??= ParseResult.validateSync(
          Schema.Struct(target.fields).annotations({ title: `${target.identifier} (Constructor)` })
        )
        validate(made)
      }
      return made
    }
  })
}
