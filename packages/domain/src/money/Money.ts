/**
 * Money is an integer number of minor units (USD cents). Never a float.
 */
import { Schema } from "effect"

/**
 * A signed amount in minor units. A fraction is refused with this message alone: the
 * checks added by `PositiveAmount` and request bodies only run on an integer.
 */
export const Amount = Schema.Number.check(Schema.isInt({ message: "must be an integer" }).abort()).annotate({
  identifier: "Amount",
  description: "An amount in the minor unit of its currency (cents for USD)."
})
export type Amount = typeof Amount.Type

/** An amount that must be strictly greater than zero. */
export const PositiveAmount = Amount.check(
  Schema.isGreaterThan(0, { message: "must be a positive integer" }),
  Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER)
).annotate({ identifier: "PositiveAmount" })
export type PositiveAmount = typeof PositiveAmount.Type

/** ISO 4217 currency code; the service only moves USD. */
export const Currency = Schema.Literal("USD")
export type Currency = typeof Currency.Type

/** An ISO 4217 code as reported by a network (any three letters). */
export const CurrencyCode = Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/u))

/**
 * The largest amount, balance or total the API represents: JSON numbers are
 * exact integers only up to 2^53 − 1 (about 90 trillion dollars in cents).
 */
export const maxAmount = Number.MAX_SAFE_INTEGER

/** Whether an exact total can be shown as a JSON number without losing a cent. */
export const isRepresentable = (total: bigint): boolean => total <= BigInt(maxAmount) && total >= -BigInt(maxAmount)

/** Sums amounts in minor units exactly (floating-point addition rounds past 2^53). */
export const sum = (amounts: Iterable<number>): bigint => {
  let total = 0n
  for (const amount of amounts) total += BigInt(amount)
  return total
}
