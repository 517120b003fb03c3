/**
 * What a money movement does to an account's running totals, decided before
 * anything is written: a guarded movement (a debit or hold the account pays)
 * must leave the available balance covered, and no total may leave the range
 * the API represents exactly (`maxAmount`). Arithmetic is exact (bigint);
 * totals read and returned are numbers within range.
 */
import { Result } from "effect"
import { AmountOutOfRange, InsufficientAvailableBalance } from "../core/Refusals.js"
import { isRepresentable, maxAmount } from "./Money.js"

export interface Totals {
  readonly current: number
  readonly held: number
}

export interface Change {
  /** Added to the current balance (negative for debits). */
  readonly posted: bigint
  /** Added to the total held by open holds (negative when holds end). */
  readonly held: bigint
  /** The account pays: the available balance must stay at or above zero. */
  readonly guarded: boolean
}

export interface NextTotals extends Totals {
  readonly available: number
}

export const outOfRange = (what: string) =>
  new AmountOutOfRange({
    detail: `${what} would leave the range of amounts this API represents exactly (±${maxAmount} minor units)`
  })

/** The account's totals after `change`, or why the change is refused (409, nothing written). */
export const applyChange = (
  accountId: string,
  totals: Totals,
  change: Change
): Result.Result<NextTotals, InsufficientAvailableBalance | AmountOutOfRange> => {
  const current = BigInt(totals.current) + change.posted
  const held = BigInt(totals.held) + change.held
  const available = current - held
  if (change.guarded && available < 0n) {
    return Result.fail(
      new InsufficientAvailableBalance({
        detail: `insufficient available balance: account ${accountId} has ${totals.current - totals.held} available, ${
          change.held - change.posted
        } needed`
      })
    )
  }
  if (!isRepresentable(current) || !isRepresentable(held) || !isRepresentable(available)) {
    return Result.fail(outOfRange(`The balance of account ${accountId}`))
  }
  return Result.succeed({ current: Number(current), held: Number(held), available: Number(available) })
}
