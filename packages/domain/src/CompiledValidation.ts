/**
 * Schema classes whose validating constructor compiles its parser once.
 *
 * On `effect` 3, `new C(props)` on a Schema class derived the type side of the
 * fields at every call (not memoized), so its parser was compiled again for
 * each instance: about 800 µs for a `CardPayment`, a third of a card
 * simulation's CPU. `withCompiledValidation` made the constructor validate
 * through a parser built at the first call instead (about 10 µs).
 *
 * `effect` 4 compiles a class's constructor once by itself (a few µs for a
 * transaction with its source union), so the wrapper now returns the class
 * unchanged; it stays so that every resource class keeps one declaration
 * shape. The constructor throws an `Error` whose `cause` is the
 * `SchemaIssue.Issue` when the props are invalid, and `{ disableChecks: true }`
 * (the successor of the `true` flag) skips filters, not the parsing of types
 * and structure (and is slower than validating, in 4.1).
 */
import type { Schema } from "effect"

export const withCompiledValidation = <
  C extends
    & (new(props: never, options?: Schema.MakeOptions) => object)
    & { readonly fields: Schema.Struct.Fields; readonly identifier: string }
>(klass: C): C => klass
