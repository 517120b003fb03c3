/**
 * Check deposits: read-only here. They are created by depositing the checks
 * of inbound mail (`InboundMailItems`), which the sandbox accepts at once.
 */
import type { CheckDepositFilter } from "@moneta/domain/CheckDeposit"
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { CheckDepositId } from "@moneta/domain/Ids"
import { CheckDeposits as CheckDepositStore } from "@moneta/store/CheckDeposits"
import { Effect } from "effect"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { traced } from "./Traced.js"

export type CheckDepositListParameters = ListParameters & CheckDepositFilter

export class CheckDeposits extends Effect.Service<CheckDeposits>()("@moneta/bank/CheckDeposits", {
  effect: Effect.gen(function*() {
    const store = yield* CheckDepositStore

    const retrieve = (id: CheckDepositId) =>
      Effect.flatMap(Tenant, (tenant) => store.find(tenant, id).pipe(orNotFound("check_deposit", id)))

    const list = (parameters: CheckDepositListParameters) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, {
          accountId: parameters.account_id,
          idempotencyKey: parameters.idempotency_key
        }))
      })

    return traced("CheckDeposits", { retrieve, list } as const)
  }),
  dependencies: [CheckDepositStore.Default]
}) {}
