/** Bookkeeping accounts, entry sets, entries and unbookkept cash transactions. */
import {
  BookkeepingAccount,
  BookkeepingBalanceLookup,
  BookkeepingEntry,
  BookkeepingEntryFilter,
  BookkeepingEntrySet,
  BookkeepingEntrySetFilter,
  CreateBookkeepingAccount,
  CreateBookkeepingEntrySet,
  UnbookkeptCashTransactionFilter,
  UpdateBookkeepingAccount
} from "@moneta/domain/Bookkeeping"
import { BookkeepingAccountId, BookkeepingEntryId, BookkeepingEntrySetId } from "@moneta/domain/Ids"
import { Timestamp } from "@moneta/domain/Timestamp"
import { Transaction } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { IdempotencyKeyFilter, listFields, Page } from "./Parameters.js"

const accountPath = Schema.Struct({ bookkeeping_account_id: BookkeepingAccountId })

export class Bookkeeping extends HttpApiGroup.make("bookkeeping")
  .annotateMerge(OpenApi.annotations({
    title: "Bookkeeping Accounts",
    description:
      "Bookkeeping accounts are T-accounts that store accounting entries, so that money movements can be annotated for compliance."
  }))
  .add(
    HttpApiEndpoint.post("createAccount", "/bookkeeping_accounts", {
      payload: CreateBookkeepingAccount,
      success: BookkeepingAccount,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create a Bookkeeping Account")
      .annotate(
        OpenApi.Description,
        "Creates a bookkeeping account: a T-account that stores accounting entries. A `commingled_cash` account may name the `account_id` it tracks, a `customer_balance` account the `entity_id` it owes."
      )
  )
  .add(
    HttpApiEndpoint.get("listAccounts", "/bookkeeping_accounts", {
      query: { ...listFields, ...IdempotencyKeyFilter.fields },
      success: Page(BookkeepingAccount)
    })
      .annotate(OpenApi.Summary, "List Bookkeeping Accounts")
      .annotate(
        OpenApi.Description,
        "Lists your bookkeeping accounts, newest first, optionally only the one created with `idempotency_key`."
      )
  )
  .add(
    HttpApiEndpoint.get("retrieveAccount", "/bookkeeping_accounts/:bookkeeping_account_id", {
      params: accountPath,
      success: BookkeepingAccount,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Account")
      .annotate(OpenApi.Description, "Returns the bookkeeping account with this identifier.")
  )
  .add(
    HttpApiEndpoint.patch("updateAccount", "/bookkeeping_accounts/:bookkeeping_account_id", {
      params: accountPath,
      payload: UpdateBookkeepingAccount,
      success: BookkeepingAccount,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update a Bookkeeping Account")
      .annotate(OpenApi.Description, "Renames a bookkeeping account.")
  )
  .add(
    HttpApiEndpoint.get("balance", "/bookkeeping_accounts/:bookkeeping_account_id/balance", {
      params: accountPath,
      query: { at_time: Schema.optional(Timestamp) },
      success: BookkeepingBalanceLookup,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Account Balance")
      .annotate(
        OpenApi.Description,
        "Returns the bookkeeping account's balance: the sum of its entries, at `at_time` when given, otherwise now."
      )
  )
  .add(
    HttpApiEndpoint.post("createEntrySet", "/bookkeeping_entry_sets", {
      payload: CreateBookkeepingEntrySet,
      success: BookkeepingEntrySet,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create a Bookkeeping Entry Set")
      .annotate(
        OpenApi.Description,
        "Books a balanced set of entries (their amounts sum to zero) on a date, optionally tied to a transaction."
      )
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entry Sets"] })
  )
  .add(
    HttpApiEndpoint.get("retrieveEntrySet", "/bookkeeping_entry_sets/:bookkeeping_entry_set_id", {
      params: Schema.Struct({ bookkeeping_entry_set_id: BookkeepingEntrySetId }),
      success: BookkeepingEntrySet,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Entry Set")
      .annotate(OpenApi.Description, "Returns the bookkeeping entry set with this identifier.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entry Sets"] })
  )
  .add(
    HttpApiEndpoint.get("listEntrySets", "/bookkeeping_entry_sets", {
      query: { ...listFields, ...BookkeepingEntrySetFilter.fields },
      success: Page(BookkeepingEntrySet)
    })
      .annotate(OpenApi.Summary, "List Bookkeeping Entry Sets")
      .annotate(
        OpenApi.Description,
        "Lists your bookkeeping entry sets, newest first, filtered by transaction or idempotency key."
      )
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entry Sets"] })
  )
  .add(
    HttpApiEndpoint.get("retrieveEntry", "/bookkeeping_entries/:bookkeeping_entry_id", {
      params: Schema.Struct({ bookkeeping_entry_id: BookkeepingEntryId }),
      success: BookkeepingEntry,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Entry")
      .annotate(OpenApi.Description, "Returns the bookkeeping entry with this identifier.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entries"] })
  )
  .add(
    HttpApiEndpoint.get("listEntries", "/bookkeeping_entries", {
      query: { ...listFields, ...BookkeepingEntryFilter.fields },
      success: Page(BookkeepingEntry)
    })
      .annotate(OpenApi.Summary, "List Bookkeeping Entries")
      .annotate(OpenApi.Description, "Lists bookkeeping entries, newest first, optionally of one bookkeeping account.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entries"] })
  )
  .add(
    HttpApiEndpoint.get("listUnbookkeptCashTransactions", "/unbookkept_cash_transactions", {
      query: { ...listFields, ...UnbookkeptCashTransactionFilter.fields },
      success: Page(Transaction),
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "List unbookkept cash Transactions")
      .annotate(
        OpenApi.Description,
        "Lists the transactions of the account a `commingled_cash` bookkeeping account tracks that no entry set is tied to yet."
      )
  )
  .middleware(Authorization)
{}
