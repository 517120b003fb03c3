/** Sandbox simulations of the outside world that are not tied to one area. */
import { Caller as Tenant } from "@moneta/domain/Caller"
import { interestPaymentSource, type SimulateInterestPayment } from "@moneta/domain/Transaction"
import { Accounts as AccountStore } from "@moneta/store/Accounts"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Layer } from "effect"
import { Ledger } from "./Ledger.js"
import { orNotFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

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
          yield* accounts.find(yield* Tenant, accruedOn).pipe(orNotFound("account", accruedOn))
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

    return traced("Simulations", { interestPayment } as const)
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Ledger.Default, AccountStore.Default]))
}
