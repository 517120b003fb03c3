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
import * as Examples from "./Examples.js"
import { IdempotencyKeyFilter, listFields, Page } from "./Parameters.js"

const accountPath = Schema.Struct({ bookkeeping_account_id: BookkeepingAccountId })

const bookkeepingAccount = {
  id: "bookkeeping_account_e37p1f1iuocw5intf35v",
  name: "Cash held for customers",
  compliance_category: "commingled_cash",
  account_id: "account_in71c4amph0vgo2qllky",
  entity_id: null,
  idempotency_key: null,
  type: "bookkeeping_account"
} satisfies typeof BookkeepingAccount.Encoded

const customerBalanceAccountId = "bookkeeping_account_q3b9ng0dml1kqy7ubgbd"

const entrySet = {
  id: "bookkeeping_entry_set_n80c6wr2p8gtc6p4ingf",
  created_at: "2026-11-21T22:41:05.123Z",
  date: "2026-11-21T00:00:00.000Z",
  entries: [
    { id: "bookkeeping_entry_dky8hp2qtb1m3zgw7v5r", account_id: bookkeepingAccount.id, amount: 125000 },
    { id: "bookkeeping_entry_x1ftq7sb5g2ha3kw9cvd", account_id: customerBalanceAccountId, amount: -125000 }
  ],
  idempotency_key: null,
  transaction_id: "transaction_uyrp7fld2ium70oa7oib",
  type: "bookkeeping_entry_set"
} satisfies typeof BookkeepingEntrySet.Encoded

const entry = {
  id: "bookkeeping_entry_dky8hp2qtb1m3zgw7v5r",
  account_id: bookkeepingAccount.id,
  amount: 125000,
  created_at: "2026-11-21T22:41:05.123Z",
  entry_set_id: entrySet.id,
  type: "bookkeeping_entry"
} satisfies typeof BookkeepingEntry.Encoded

const cashTransaction = {
  id: "transaction_uyrp7fld2ium70oa7oib",
  account_id: "account_in71c4amph0vgo2qllky",
  amount: 125000,
  currency: "USD",
  created_at: "2026-11-21T22:41:05.123Z",
  description: "Interest payment",
  route_id: null,
  route_type: null,
  source: {
    category: "interest_payment",
    interest_payment: {
      accrued_on_account_id: "account_in71c4amph0vgo2qllky",
      amount: 125000,
      currency: "USD",
      period_start: "2026-10-21T22:41:05.123Z",
      period_end: "2026-11-21T22:41:05.123Z"
    }
  },
  type: "transaction"
} satisfies typeof Transaction.Encoded

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
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            name: "Cash held for customers",
            compliance_category: "commingled_cash",
            account_id: "account_in71c4amph0vgo2qllky"
          },
          response: bookkeepingAccount
        })
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [bookkeepingAccount], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieveAccount", "/bookkeeping_accounts/:bookkeeping_account_id", {
      params: accountPath,
      success: BookkeepingAccount,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Account")
      .annotate(OpenApi.Description, "Returns the bookkeeping account with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: bookkeepingAccount }))
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
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { name: "Commingled cash" },
          response: { ...bookkeepingAccount, name: "Commingled cash" }
        })
      )
  )
  .add(
    HttpApiEndpoint.get("balance", "/bookkeeping_accounts/:bookkeeping_account_id/balance", {
      params: accountPath,
      query: {
        at_time: Schema.optional(Timestamp).annotateKey({
          description:
            "The instant to look the balance up at (ISO 8601): only entry sets dated by then count. The current balance when omitted."
        })
      },
      success: BookkeepingBalanceLookup,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Bookkeeping Account Balance")
      .annotate(
        OpenApi.Description,
        "Returns the bookkeeping account's balance: the sum of its entries, at `at_time` when given, otherwise now."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: {
            balance: 125000,
            bookkeeping_account_id: bookkeepingAccount.id,
            type: "bookkeeping_balance_lookup"
          }
        })
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
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            entries: [
              { account_id: bookkeepingAccount.id, amount: 125000 },
              { account_id: customerBalanceAccountId, amount: -125000 }
            ],
            transaction_id: "transaction_uyrp7fld2ium70oa7oib"
          },
          response: entrySet
        })
      )
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: entrySet }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [entrySet], next_cursor: null } }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: entry }))
  )
  .add(
    HttpApiEndpoint.get("listEntries", "/bookkeeping_entries", {
      query: { ...listFields, ...BookkeepingEntryFilter.fields },
      success: Page(BookkeepingEntry)
    })
      .annotate(OpenApi.Summary, "List Bookkeeping Entries")
      .annotate(OpenApi.Description, "Lists bookkeeping entries, newest first, optionally of one bookkeeping account.")
      .annotate(OpenApi.Override, { tags: ["Bookkeeping Entries"] })
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [entry], next_cursor: null } }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [cashTransaction], next_cursor: null } }))
  )
  .middleware(Authorization)
{}
