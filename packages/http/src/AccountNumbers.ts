/** Account numbers handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { AccountNumbers } from "@moneta/bank/AccountNumbers"
import { AccountNumber } from "@moneta/domain/AccountNumber"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const AccountNumbersLive = Group.make(
  MonetaApi,
  "accountNumbers",
  (handlers) =>
    Effect.gen(function*() {
      const accountNumbers = yield* AccountNumbers
      return handlers
        .handle("create", ({ payload }) => idempotent(AccountNumber, accountNumbers.create(payload)))
        .handle("list", ({ query }) => answerEncodedPage(AccountNumber, accountNumbers.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(AccountNumber, accountNumbers.retrieve(params.account_number_id)))
        .handle(
          "update",
          ({ params, payload }) =>
            answerRefusals(accountNumbers.update(params.account_number_id, payload))
        )
    })
)
