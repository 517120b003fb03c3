/** External accounts handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ExternalAccounts } from "@moneta/bank/ExternalAccounts"
import { ExternalAccount } from "@moneta/domain/ExternalAccount"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const ExternalAccountsLive = Group.make(
  MonetaApi,
  "externalAccounts",
  (handlers) =>
    Effect.gen(function*() {
      const externalAccounts = yield* ExternalAccounts
      return handlers
        .handle("create", ({ payload }) => idempotent(ExternalAccount, externalAccounts.create(payload)))
        .handle("list", ({ query }) => answerEncodedPage(ExternalAccount, externalAccounts.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(ExternalAccount, externalAccounts.retrieve(params.external_account_id)))
        .handle("update", ({ params, payload }) =>
          externalAccounts.update(params.external_account_id, payload))
    })
)
