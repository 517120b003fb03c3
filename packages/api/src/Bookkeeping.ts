/** Bookkeeping accounts, entry sets, entries and unbookkept cash transactions. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
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
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, IdempotencyKeyFilter, listFields, Page, urlParams } from "./Parameters.js"

const accountPath = Schema.Struct({ bookkeeping_account_id: BookkeepingAccountId })

export class Bookkeeping extends HttpApiGroup.make("bookkeeping")
  .annotateContext(OpenApi.annotations({
    title: "Bookkeeping Accounts",
    description:
      "Bookkeeping accounts are T-accounts that store accounting entries, so that money movements can be annotated for compliance."
  }))
  .add(
    HttpApiEndpoint.post("createAccount", "/bookkeeping_accounts")
      .annotate(OpenApi.Summary, "Create a Bookkeeping Account")
      .annotate(
        OpenApi.Description,
        "Creates a bookkeeping account: a T-account that stores accounting entries. A `commingled_cash` account may name the `account_id` it tracks, a `customer_balance` account the `entity_id` it owes."
      )
      .setPayload(body(CreateBookkeepingAccount))
      .addSuccess(BookkeepingAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("listAccounts", "/bookkeeping_accounts")
      .annotate(OpenApi.Summary, "List Bookkeeping Accounts")
      .annotate(
        OpenApi.Description,
        "Lists your bookkeeping accounts, newest first, optionally only the one created with `idempotency_key`."
      )
      .setUrlParams(urlParams({ ...listFields, ...IdempotencyKeyFilter.fields }))
      .addSuccess(Page(BookkeepingAccount))
  )
  .add(
    HttpApiEndpoint.get("retrieveAccount", "/bookkeeping_accounts/:bookkeeping_account_id")
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Account")
      .annotate(OpenApi.Description, "Returns the bookkeeping account with this identifier.")
      .setPath(accountPath)
      .addSuccess(BookkeepingAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("updateAccount", "/bookkeeping_accounts/:bookkeeping_account_id")
      .annotate(OpenApi.Summary, "Update a Bookkeeping Account")
      .annotate(OpenApi.Description, "Renames a bookkeeping account.")
      .setPath(accountPath)
      .setPayload(body(UpdateBookkeepingAccount))
      .addSuccess(BookkeepingAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("balance", "/bookkeeping_accounts/:bookkeeping_account_id/balance")
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Account Balance")
      .annotate(
        OpenApi.Description,
        "Returns the bookkeeping account's balance: the sum of its entries, at `at_time` when given, otherwise now."
      )
      .setPath(accountPath)
      .setUrlParams(urlParams({ at_time: Schema.optional(Timestamp) }))
      .addSuccess(BookkeepingBalanceLookup)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("createEntrySet", "/bookkeeping_entry_sets")
      .annotate(OpenApi.Summary, "Create a Bookkeeping Entry Set")
      .annotate(
        OpenApi.Description,
        "Books a balanced set of entries (their amounts sum to zero) on a date, optionally tied to a transaction."
      )
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entry Sets"] })
      .setPayload(body(CreateBookkeepingEntrySet))
      .addSuccess(BookkeepingEntrySet)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("retrieveEntrySet", "/bookkeeping_entry_sets/:bookkeeping_entry_set_id")
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Entry Set")
      .annotate(OpenApi.Description, "Returns the bookkeeping entry set with this identifier.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entry Sets"] })
      .setPath(Schema.Struct({ bookkeeping_entry_set_id: BookkeepingEntrySetId }))
      .addSuccess(BookkeepingEntrySet)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("listEntrySets", "/bookkeeping_entry_sets")
      .annotate(OpenApi.Summary, "List Bookkeeping Entry Sets")
      .annotate(
        OpenApi.Description,
        "Lists your bookkeeping entry sets, newest first, filtered by transaction or idempotency key."
      )
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entry Sets"] })
      .setUrlParams(urlParams({ ...listFields, ...BookkeepingEntrySetFilter.fields }))
      .addSuccess(Page(BookkeepingEntrySet))
  )
  .add(
    HttpApiEndpoint.get("retrieveEntry", "/bookkeeping_entries/:bookkeeping_entry_id")
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Entry")
      .annotate(OpenApi.Description, "Returns the bookkeeping entry with this identifier.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entries"] })
      .setPath(Schema.Struct({ bookkeeping_entry_id: BookkeepingEntryId }))
      .addSuccess(BookkeepingEntry)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("listEntries", "/bookkeeping_entries")
      .annotate(OpenApi.Summary, "List Bookkeeping Entries")
      .annotate(OpenApi.Description, "Lists bookkeeping entries, newest first, optionally of one bookkeeping account.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entries"] })
      .setUrlParams(urlParams({ ...listFields, ...BookkeepingEntryFilter.fields }))
      .addSuccess(Page(BookkeepingEntry))
  )
  .add(
    HttpApiEndpoint.get("listUnbookkeptCashTransactions", "/unbookkept_cash_transactions")
      .annotate(OpenApi.Summary, "List unbookkept cash Transactions")
      .annotate(
        OpenApi.Description,
        "Lists the transactions of the account a `commingled_cash` bookkeeping account tracks that no entry set is tied to yet."
      )
      .setUrlParams(urlParams({ ...listFields, ...UnbookkeptCashTransactionFilter.fields }))
      .addSuccess(Page(Transaction))
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
