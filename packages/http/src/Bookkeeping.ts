/** Bookkeeping handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Bookkeeping } from "@moneta/bank/Bookkeeping"
import { BookkeepingAccount, BookkeepingEntrySet } from "@moneta/domain/Bookkeeping"
import { Effect, Option } from "effect"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const BookkeepingLive = Group.make(MonetaApi, "bookkeeping", (handlers) =>
  Effect.gen(function*() {
    const bookkeeping = yield* Bookkeeping
    return handlers
      .handle("createAccount", ({ payload }) => idempotent(BookkeepingAccount, bookkeeping.createAccount(payload)))
      .handle("listAccounts", ({ query }) => bookkeeping.listAccounts(query))
      .handle("retrieveAccount", ({ params }) => bookkeeping.retrieveAccount(params.bookkeeping_account_id))
      .handle(
        "updateAccount",
        ({ params, payload }) => bookkeeping.updateAccount(params.bookkeeping_account_id, payload)
      )
      .handle(
        "balance",
        ({ params, query }) => bookkeeping.balance(params.bookkeeping_account_id, Option.fromNullishOr(query.at_time))
      )
      .handle("createEntrySet", ({ payload }) => idempotent(BookkeepingEntrySet, bookkeeping.createEntrySet(payload)))
      .handle("retrieveEntrySet", ({ params }) => bookkeeping.retrieveEntrySet(params.bookkeeping_entry_set_id))
      .handle("listEntrySets", ({ query }) => bookkeeping.listEntrySets(query))
      .handle("retrieveEntry", ({ params }) => bookkeeping.retrieveEntry(params.bookkeeping_entry_id))
      .handle("listEntries", ({ query }) => bookkeeping.listEntries(query))
      .handle("listUnbookkeptCashTransactions", ({ query }) => bookkeeping.unbookkeptCashTransactions(query))
  }))
