/**
 * ABA routing transit numbers: nine digits whose weighted sum (weights 3, 7, 1
 * repeating) is a multiple of ten, so that a mistyped digit is caught before a
 * wire leaves the bank.
 */
import { Schema } from "effect"

const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const

const weightedSum = (digits: string): number => {
  let total = 0
  for (let index = 0; index < digits.length; index++) {
    total += Number(digits[index]) * (weights[index] ?? 0)
  }
  return total
}

/** The ninth digit that makes `firstEight` a valid routing number. */
export const checkDigit = (firstEight: string): string => String((10 - (weightedSum(firstEight) % 10)) % 10)

/** Nine digits with a valid check digit. */
export const isValid = (candidate: string): boolean => /^\d{9}$/.test(candidate) && weightedSum(candidate) % 10 === 0

/**
 * Random nine-digit strings fail the checksum nine times in ten: tests draw valid ones
 * directly (`routingNumberArbitrary` of `@moneta/domain/testing`).
 */
export const RoutingNumber = Schema.String.check(
  Schema.isPattern(/^\d{9}$/u, { message: "must be 9 digits" }).abort(),
  Schema.makeFilter((candidate: string) =>
    isValid(candidate) || "is not a valid ABA routing number (check digit mismatch)"
  )
).pipe(Schema.brand("RoutingNumber")).annotate({
  identifier: "RoutingNumber",
  description: "An American Bankers' Association (ABA) routing transit number."
})
export type RoutingNumber = typeof RoutingNumber.Type
