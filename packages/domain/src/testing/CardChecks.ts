/**
 * Building blocks shared by the card area's consistent arbitraries and
 * command generators: plausible instants, contacts, and how a command checks
 * its expectations.
 */
import { DateTime, Result } from "effect"
import * as fc from "fast-check"

/** Instants in a plausible window, so that adding a decision window never overflows. */
export const instantArbitrary: fc.Arbitrary<DateTime.Utc> = fc
  .date({ min: new Date("2020-01-01T00:00:00.000Z"), max: new Date("2035-01-01T00:00:00.000Z"), noInvalidDate: true })
  .map((date) => DateTime.fromDateUnsafe(date))

export const emailArbitrary = fc.stringMatching(/^[a-z]{1,12}@example\.com$/)
export const phoneArbitrary = fc.stringMatching(/^\+1\d{10}$/)

/** Checks an expectation of a command; fast-check reports the throw with the command history. */
export const ensure = (condition: boolean, message: string): void => {
  if (!condition) throw new Error(message)
}

/** The failure of a result (its `Either` left on Effect 3), or `undefined` when it succeeded. */
export const leftOf = <A, E>(result: Result.Result<A, E>): E | undefined =>
  Result.isFailure(result) ? result.failure : undefined
