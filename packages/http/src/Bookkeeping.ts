/** Bookkeeping handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Bookkeeping } from "@moneta/bank/Bookkeeping"
import { BookkeepingAccount, BookkeepingEntrySet } from "@moneta/domain/Bookkeeping"
import { Effect, Option } from "effect"
import { idempotent } from "./Idempotent.js"

export const BookkeepingLive = HttpApiBuilder.group(MonetaApi, "bookkeeping", (handlers) =>
  Effect.gen(function*() {
    const bookkeeping = yield* Bookkeeping
    return handlers
      .handle("createAccount", ({ payload }) => idempotent(BookkeepingAccount, bookkeeping.createAccount(payload)))
      .handle("listAccounts", ({ urlParams }) => bookkeeping.listAccounts(urlParams))
      .handle("retrieveAccount", ({ path }) => bookkeeping.retrieveAccount(path.bookkeeping_account_id))
      .handle("updateAccount", ({ path, payload }) => bookkeeping.updateAccount(path.bookkeeping_account_id, payload))
      .handle("balance", ({ path, urlParams }) =>
        bookkeeping.balance(path.bookkeeping_account_id, Option.fromNullable(urlParams.at_time)))
      .handle("createEntrySet", ({ payload }) =>
        idempotent(BookkeepingEntrySet, bookkeeping.createEntrySet(payload)))
      .handle("retrieveEntrySet", ({ path }) => bookkeeping.retrieveEntrySet(path.bookkeeping_entry_set_id))
      .handle("listEntrySets", ({ urlParams }) => bookkeeping.listEntrySets(urlParams))
      .handle("retrieveEntry", ({ path }) => bookkeeping.retrieveEntry(path.bookkeeping_entry_id))
      .handle("listEntries", ({ urlParams }) => bookkeeping.listEntries(urlParams))
      .handle("listUnbookkeptCashTransactions", ({ urlParams }) => bookkeeping.unbookkeptCashTransactions(urlParams))
  }))
