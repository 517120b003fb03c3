/** Accounts handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Accounts } from "@moneta/bank/Accounts"
import { Account } from "@moneta/domain/Account"
import { Effect, Option } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const AccountsLive = Group.make(MonetaApi, "accounts", (handlers) =>
  Effect.gen(function*() {
    const accounts = yield* Accounts
    return handlers
      .handle("create", ({ payload }) => idempotent(Account, accounts.create(payload)))
      .handle("retrieve", ({ params }) => answerEncoded(Account, accounts.retrieve(params.account_id)))
      .handle("list", ({ query }) => answerEncodedPage(Account, accounts.list(query)))
      .handle("update", ({ params, payload }) => answerRefusals(accounts.update(params.account_id, payload)))
      .handle("close", ({ params }) => idempotent(Account, accounts.close(params.account_id)))
      .handle(
        "balance",
        ({ params, query }) => accounts.balance(params.account_id, Option.fromNullishOr(query.at_time))
      )
  }))
