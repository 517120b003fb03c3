/** Sandbox simulations of the outside world that are not tied to one area. */
import { interestPaymentSource, type SimulateInterestPayment } from "@moneta/domain/Transaction"
import { AccountStore } from "@moneta/store/Accounts"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Layer } from "effect"
import { Ledger } from "./Ledger.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
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
      transactionally(Effect.gen(function*() {
        const accruedOn = request.accrued_on_account_id
        if (accruedOn !== undefined) {
          yield* findOwn("account", accruedOn, accounts.find)
        }
        const createdAt = yield* now
        return yield* ledger.post({
          accountId: request.account_id,
          amount: request.amount,
          description: "Interest payment",
          route: null,
          createdAt,
          source: interestPaymentSource(request, createdAt)
        })
      }))

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
