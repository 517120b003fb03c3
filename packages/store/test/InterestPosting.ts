/** A posting for the store's tests: an interest payment of `amount` to the account, made at `at`. */
import type { AccountId } from "@moneta/domain/Ids"
import { TransactionId } from "@moneta/domain/Ids"
import { Transaction } from "@moneta/domain/Transaction"
import type { DateTime } from "effect"

export const interestPosting = (id: string, accountId: AccountId, amount: number, at: DateTime.Utc): Transaction =>
  new Transaction({
    id: TransactionId.make(id),
    account_id: accountId,
    amount,
    currency: "USD",
    created_at: at,
    description: "store test posting",
    route_id: null,
    route_type: null,
    source: {
      category: "interest_payment",
      interest_payment: { accrued_on_account_id: accountId, amount, currency: "USD", period_start: at, period_end: at }
    }
  })
