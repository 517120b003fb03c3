/** Accounts handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Accounts } from "@moneta/bank/Accounts"
import { Account } from "@moneta/domain/Account"
import { Effect, Option } from "effect"
import { idempotent } from "./Idempotent.js"

export const AccountsLive = HttpApiBuilder.group(MonetaApi, "accounts", (handlers) =>
  Effect.gen(function*() {
    const accounts = yield* Accounts
    return handlers
      .handle("create", ({ payload }) => idempotent(Account, accounts.create(payload)))
      .handle("retrieve", ({ path }) => accounts.retrieve(path.account_id))
      .handle("list", ({ urlParams }) => accounts.list(urlParams))
      .handle("balance", ({ path, urlParams }) =>
        accounts.balance(path.account_id, Option.fromNullable(urlParams.at_time)))
  }))
