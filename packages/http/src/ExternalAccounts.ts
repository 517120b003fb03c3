/** External accounts handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ExternalAccounts } from "@moneta/bank/ExternalAccounts"
import { ExternalAccount } from "@moneta/domain/ExternalAccount"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const ExternalAccountsLive = HttpApiBuilder.group(
  MonetaApi,
  "externalAccounts",
  (handlers) =>
    Effect.gen(function*() {
      const externalAccounts = yield* ExternalAccounts
      return handlers
        .handle("create", ({ payload }) => idempotent(ExternalAccount, externalAccounts.create(payload)))
        .handle("list", ({ urlParams }) => externalAccounts.list(urlParams))
        .handle("retrieve", ({ path }) => externalAccounts.retrieve(path.external_account_id))
        .handle("update", ({ path, payload }) => externalAccounts.update(path.external_account_id, payload))
    })
)
