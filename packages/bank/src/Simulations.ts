/** Sandbox simulations of the outside world that are not tied to one area. */
import { transactionOf } from "@moneta/domain/Ledger"
import { interestPayment as interestPaymentPosting } from "@moneta/domain/Simulations"
import type { SimulateInterestPayment } from "@moneta/domain/Transaction"
import { AccountStore } from "@moneta/store/Accounts"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer } from "effect"
import { Ledger } from "./Ledger.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

export class Simulations extends Context.Service<Simulations>()("@moneta/bank/Simulations", {
  make: Effect.gen(function*() {
    const ledger = yield* Ledger
    const accounts = yield* AccountStore

    /**
     * Interest paid into an account: the sandbox's way to fund one. The account it
     * accrued on is the caller's too (404 otherwise, as for the paid account).
     */
    const interestPayment = (request: SimulateInterestPayment) =>
      runStep({
        load: Effect.gen(function*() {
          const accruedOn = request.accrued_on_account_id
          if (accruedOn !== undefined) {
            yield* findOwn("account", accruedOn, accounts.find)
          }
          return { createdAt: yield* now, transactionId: yield* newId("transaction") }
        }),
        decide: ({ createdAt, transactionId }) =>
          always(interestPaymentPosting({ body: request, transactionId, createdAt })),
        // The ledger locks the paid account (404 unless it is the caller's) and settles the posting.
        persist: (posting, { createdAt }) =>
          Effect.as(ledger.apply([posting], createdAt), transactionOf(posting, createdAt))
      })

    return {
      interestPayment: spanned(
        "bank.Simulations.interestPayment",
        interestPayment,
        (request) => ({ "moneta.account_id": request.account_id, "moneta.amount": request.amount })
      )
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Ledger.Default, AccountStore.Default]))
}
