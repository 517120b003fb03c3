/**
 * The sandbox's check processing: `POST /simulations/check_deposits/{id}/submit`,
 * `/reject` and `/return`. The ids a step needs are drawn here; the deposit's
 * steps are written by `CheckDeposits.act`, in one transaction.
 */
import * as CheckDeposit from "@moneta/domain/CheckDeposit"
import type { CheckDepositId } from "@moneta/domain/Ids"
import type { SimulateCheckDepositSubmission } from "@moneta/domain/Simulations"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer } from "effect"
import { CheckDeposits } from "./CheckDeposits.js"
import { spanned } from "./OperationSpan.js"

const transactionId = newId("transaction")

export class CheckDepositSimulations
  extends Context.Service<CheckDepositSimulations>()("@moneta/bank/CheckDepositSimulations", {
    make: Effect.gen(function*() {
      const checkDeposits = yield* CheckDeposits

      /** A `pending` deposit is accepted (its amount credited) and submitted to the Check21 network. */
      const submit = (id: CheckDepositId, body: SimulateCheckDepositSubmission) =>
        checkDeposits.act(
          id,
          (at) =>
            Effect.map(transactionId, (reserved) =>
              CheckDeposit.Command.Submit({ at, transactionId: reserved, scan: body.scan ?? null }))
        )

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

      const attributes = (id: CheckDepositId) => ({ "moneta.check_deposit_id": id })
      return {
        submit: spanned("bank.CheckDepositSimulations.submit", submit, attributes),
        reject: spanned("bank.CheckDepositSimulations.reject", reject, attributes),
        return: spanned("bank.CheckDepositSimulations.return", returnDeposit, attributes)
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(CheckDeposits.Default))
}
