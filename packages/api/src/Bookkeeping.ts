/** Bookkeeping accounts, entry sets, entries and unbookkept cash transactions. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import {
  BookkeepingAccount,
  BookkeepingBalanceLookup,
  BookkeepingEntry,
  BookkeepingEntrySet,
  CreateBookkeepingAccount,
  CreateBookkeepingEntrySet,
  UpdateBookkeepingAccount
} from "@moneta/domain/Bookkeeping"
import { BookkeepingAccountId, BookkeepingEntryId, BookkeepingEntrySetId, TransactionId } from "@moneta/domain/Ids"
import { IdempotencyKey } from "@moneta/domain/Text"
import { Timestamp } from "@moneta/domain/Timestamp"
import { Transaction } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

const accountPath = Schema.Struct({ bookkeeping_account_id: BookkeepingAccountId })

export class Bookkeeping extends HttpApiGroup.make("bookkeeping")
  .add(
    HttpApiEndpoint.post("createAccount", "/bookkeeping_accounts")
      .setPayload(body(CreateBookkeepingAccount))
      .addSuccess(BookkeepingAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("listAccounts", "/bookkeeping_accounts")
      .setUrlParams(urlParams({ ...listFields, idempotency_key: Schema.optional(IdempotencyKey) }))
      .addSuccess(Page(BookkeepingAccount))
  )
  .add(
    HttpApiEndpoint.get("retrieveAccount", "/bookkeeping_accounts/:bookkeeping_account_id")
      .setPath(accountPath)
      .addSuccess(BookkeepingAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("updateAccount", "/bookkeeping_accounts/:bookkeeping_account_id")
      .setPath(accountPath)
      .setPayload(body(UpdateBookkeepingAccount))
      .addSuccess(BookkeepingAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("balance", "/bookkeeping_accounts/:bookkeeping_account_id/balance")
      .setPath(accountPath)
      .setUrlParams(urlParams({ at_time: Schema.optional(Timestamp) }))
      .addSuccess(BookkeepingBalanceLookup)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("createEntrySet", "/bookkeeping_entry_sets")
      .setPayload(body(CreateBookkeepingEntrySet))
      .addSuccess(BookkeepingEntrySet)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("retrieveEntrySet", "/bookkeeping_entry_sets/:bookkeeping_entry_set_id")
      .setPath(Schema.Struct({ bookkeeping_entry_set_id: BookkeepingEntrySetId }))
      .addSuccess(BookkeepingEntrySet)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("listEntrySets", "/bookkeeping_entry_sets")
      .setUrlParams(urlParams({
        ...listFields,
        idempotency_key: Schema.optional(IdempotencyKey),
        transaction_id: Schema.optional(TransactionId)
      }))
      .addSuccess(Page(BookkeepingEntrySet))
  )
  .add(
    HttpApiEndpoint.get("retrieveEntry", "/bookkeeping_entries/:bookkeeping_entry_id")
      .setPath(Schema.Struct({ bookkeeping_entry_id: BookkeepingEntryId }))
      .addSuccess(BookkeepingEntry)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("listEntries", "/bookkeeping_entries")
      .setUrlParams(urlParams({ ...listFields, account_id: Schema.optional(BookkeepingAccountId) }))
      .addSuccess(Page(BookkeepingEntry))
  )
  .add(
    HttpApiEndpoint.get("listUnbookkeptCashTransactions", "/unbookkept_cash_transactions")
      .setUrlParams(urlParams({ ...listFields, bookkeeping_account_id: BookkeepingAccountId }))
      .addSuccess(Page(Transaction))
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
