/** Check deposits handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CheckDeposits } from "@moneta/bank/CheckDeposits"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"

export const CheckDepositsLive = HttpApiBuilder.group(MonetaApi, "checkDeposits", (handlers) =>
  Effect.gen(function*() {
    const deposits = yield* CheckDeposits
    return handlers
      .handle("list", ({ query }) => deposits.list(query))
      .handle("retrieve", ({ params }) => deposits.retrieve(params.check_deposit_id))
  }))
