/** Account numbers handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { AccountNumbers } from "@moneta/bank/AccountNumbers"
import { AccountNumber } from "@moneta/domain/AccountNumber"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const AccountNumbersLive = HttpApiBuilder.group(
  MonetaApi,
  "accountNumbers",
  (handlers) =>
    Effect.gen(function*() {
      const accountNumbers = yield* AccountNumbers
      return handlers
        .handle("create", ({ payload }) => idempotent(AccountNumber, accountNumbers.create(payload)))
        .handle("list", ({ urlParams }) => accountNumbers.list(urlParams))
        .handle("retrieve", ({ path }) => accountNumbers.retrieve(path.account_number_id))
    })
)
