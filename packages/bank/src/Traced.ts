/**
 * A span for each bank operation: `traced("WireTransfers", { create, … })`
 * returns the same operations, each call of which runs in a span named
 * `bank.WireTransfers.create` (a write that asks first adds
 * `….apply` for its transaction). In a trace it sits between the request's span
 * and the SQL statements' spans (exported over OTLP when the server is
 * configured for it; see docs/operations.md).
 */
import { Effect } from "effect"
import { isAskingWrite, mapEffects } from "./AskingWrite.js"

export const traced = <Operations extends object>(service: string, operations: Operations): Operations => {
  const wrapped = new Map<PropertyKey, unknown>()
  // A proxy keeps the operations' exact types without restating them.
  return new Proxy(operations, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== "function" || typeof property !== "string") return value
      const known = wrapped.get(property)
      if (known !== undefined) return known
      const spanName = `bank.${service}.${property}`
      const operation = (...args: ReadonlyArray<unknown>): unknown => {
        const result: unknown = Reflect.apply(value, target, args)
        // No call-site stack trace: it would always point here, and capturing it cost 2 % of a read's CPU.
        if (Effect.isEffect(result)) return Effect.withSpan(result, spanName, { captureStackTrace: false })
        // a write that asks first: its ask and its apply step each in a span
        if (isAskingWrite(result)) {
          return mapEffects(
            result,
            (effect, part) =>
              Effect.withSpan(effect, part === "ask" ? spanName : `${spanName}.apply`, { captureStackTrace: false })
          )
        }
        return result
      }
      wrapped.set(property, operation)
      return operation
    }
  })
}
