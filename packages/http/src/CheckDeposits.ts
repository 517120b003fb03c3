/** Check deposits handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CheckDeposits } from "@moneta/bank/CheckDeposits"
import { Effect } from "effect"

export const CheckDepositsLive = HttpApiBuilder.group(MonetaApi, "checkDeposits", (handlers) =>
  Effect.gen(function*() {
    const deposits = yield* CheckDeposits
    return handlers
      .handle("list", ({ urlParams }) => deposits.list(urlParams))
      .handle("retrieve", ({ path }) => deposits.retrieve(path.check_deposit_id))
  }))
