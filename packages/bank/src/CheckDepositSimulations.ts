/**
 * The sandbox's check processing: `POST /simulations/check_deposits/{id}/submit`,
 * `/reject`, `/return` and `/adjustment`, and the release of a deposit's
 * inbound funds hold (`POST /simulations/pending_transactions/{id}/release_inbound_funds_hold`).
 * The ids a step needs are drawn here; the deposit's steps are `runStep`s of
 * `CheckDeposits.act` / `actOnHold`, each in one transaction.
 */
import * as CheckDeposit from "@moneta/domain/CheckDeposit"
import type { CheckDepositId, PendingTransactionId } from "@moneta/domain/Ids"
import type { SimulateCheckDepositAdjustment, SimulateCheckDepositSubmission } from "@moneta/domain/Simulations"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer } from "effect"
import { CheckDeposits } from "./CheckDeposits.js"
import { spanned } from "./OperationSpan.js"

const transactionId = newId("transaction")

export class CheckDepositSimulations
  extends Context.Service<CheckDepositSimulations>()("@moneta/bank/CheckDepositSimulations", {
    make: Effect.gen(function*() {
      const checkDeposits = yield* CheckDeposits

      /** A `pending` deposit is accepted (its amount credited and held) and submitted to the Check21 network. */
      const submit = (id: CheckDepositId, body: SimulateCheckDepositSubmission) =>
        checkDeposits.act(id, (at) =>
          Effect.gen(function*() {
            return CheckDeposit.Command.Submit({
              at,
              transactionId: yield* transactionId,
              scan: body.scan ?? null,
              holdId: yield* newId("pending_transaction")
            })
          }))

      /** A `pending` deposit is rejected; a Declined Transaction records it. */
      const reject = (id: CheckDepositId) =>
        checkDeposits.act(
          id,
          (at) =>
            Effect.map(newId("declined_transaction"), (declinedTransactionId) =>
              CheckDeposit.Command.Reject({ at, declinedTransactionId }))
        )

      /** A `submitted` deposit is returned by the bank the check was drawn on; its amount is debited back. */
      const returnDeposit = (id: CheckDepositId) =>
        checkDeposits.act(
          id,
          (at) => Effect.map(transactionId, (reserved) => CheckDeposit.Command.Return({ at, transactionId: reserved }))
        )

      /** A `submitted` deposit adjusted by the other bank: the adjustment is credited or debited. */
      const adjustment = (id: CheckDepositId, body: SimulateCheckDepositAdjustment) =>
        checkDeposits.act(
          id,
          (at) =>
            Effect.map(transactionId, (reserved) =>
              CheckDeposit.Command.Adjust({ at, transactionId: reserved, amount: body.amount, reason: body.reason }))
        )

      /** A deposit's held funds released at once; answers the hold's Pending Transaction, `complete`. */
      const releaseInboundFundsHold = (holdId: PendingTransactionId) =>
        checkDeposits.actOnHold(holdId, (at) => Effect.succeed(CheckDeposit.Command.ReleaseHold({ at, holdId })))

      const attributes = (id: CheckDepositId) => ({ "moneta.check_deposit_id": id })
      return {
        submit: spanned("bank.CheckDepositSimulations.submit", submit, attributes),
        reject: spanned("bank.CheckDepositSimulations.reject", reject, attributes),
        return: spanned("bank.CheckDepositSimulations.return", returnDeposit, attributes),
        adjustment: spanned("bank.CheckDepositSimulations.adjustment", adjustment, attributes),
        releaseInboundFundsHold: spanned(
          "bank.CheckDepositSimulations.releaseInboundFundsHold",
          releaseInboundFundsHold,
          (holdId) => ({ "moneta.pending_transaction_id": holdId })
        )
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(CheckDeposits.Default))
}
