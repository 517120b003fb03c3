/**
 * Check deposits: read-only here. They are created by depositing the checks
 * of inbound mail (`InboundMailItems`), which the sandbox accepts at once.
 */
import type { CheckDepositFilter } from "@moneta/domain/CheckDeposit"
import type { CheckDepositId } from "@moneta/domain/Ids"
import { CheckDepositStore } from "@moneta/store/CheckDeposits"
import { Context, Effect, Layer } from "effect"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"

export type CheckDepositListParameters = ListParameters & CheckDepositFilter

export class CheckDeposits extends Context.Service<CheckDeposits>()("@moneta/bank/CheckDeposits", {
  make: Effect.gen(function*() {
    const store = yield* CheckDepositStore

    const retrieve = (id: CheckDepositId) => findOwn("check_deposit", id, store.find)

    const list = (parameters: CheckDepositListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      retrieve: spanned("bank.CheckDeposits.retrieve", retrieve, (id) => ({ "moneta.check_deposit_id": id })),
      list: spanned("bank.CheckDeposits.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(CheckDepositStore.Default))
}
