/** Check deposits handlers. A create is idempotent, as every POST. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CheckDeposits } from "@moneta/bank/CheckDeposits"
import { CheckDeposit } from "@moneta/domain/CheckDeposit"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const CheckDepositsLive = Group.make(MonetaApi, "checkDeposits", (handlers) =>
  Effect.gen(function*() {
    const deposits = yield* CheckDeposits
    return handlers
      .handle("create", ({ payload }) => idempotent(CheckDeposit, deposits.create(payload)))
      .handle("list", ({ query }) => answerEncodedPage(CheckDeposit, deposits.list(query)))
      .handle("retrieve", ({ params }) => answerEncoded(CheckDeposit, deposits.retrieve(params.check_deposit_id)))
  }))
