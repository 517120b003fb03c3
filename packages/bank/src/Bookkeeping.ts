/**
 * Bookkeeping: T-accounts annotating money movements. Entry sets must balance
 * (domain rule) and name only this caller's bookkeeping accounts; they are
 * written atomically with their `bookkeeping_entry_set.updated` event.
 */
import {
  absoluteAmountsInLockOrder,
  BookkeepingBalanceLookup,
  type BookkeepingEntryFilter,
  type BookkeepingEntrySetFilter,
  checkBalanceExtremes,
  createAccount as createBookkeepingAccount,
  type CreateBookkeepingAccount,
  type CreateBookkeepingEntrySet,
  createEntrySet as createBookkeepingEntrySet,
  needExactBalanceCheck,
  unbookkeptCashAccount,
  type UnbookkeptCashTransactionFilter,
  updateAccount as updateBookkeepingAccount,
  type UpdateBookkeepingAccount,
  validateEntrySet
} from "@moneta/domain/Bookkeeping"
import { type BookkeepingAccountId, type BookkeepingEntryId, type BookkeepingEntrySetId } from "@moneta/domain/Ids"
import type { IdempotencyKeyFilter } from "@moneta/domain/ListParameters"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { BookkeepingStore } from "@moneta/store/Bookkeeping"
import { EntityStore } from "@moneta/store/Entities"
import { newId } from "@moneta/store/IdGenerator"
import { TransactionStore } from "@moneta/store/Transactions"
import { Context, type DateTime, Effect, Layer, Option } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

export class Bookkeeping extends Context.Service<Bookkeeping>()("@moneta/bank/Bookkeeping", {
  make: Effect.gen(function*() {
    const store = yield* BookkeepingStore
    const accounts = yield* AccountStore
    const entities = yield* EntityStore
    const transactions = yield* TransactionStore
    const events = yield* Events

    const createAccount = (request: CreateBookkeepingAccount) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          if (request.account_id !== undefined) {
            yield* findOwn("account", request.account_id, accounts.find)
          }
          if (request.entity_id !== undefined) {
            yield* findOwn("entity", request.entity_id, entities.find)
          }
          const at = yield* now
          const input = {
            id: yield* newId("bookkeeping_account"),
            idempotencyKey: yield* idempotencyKey,
            body: request
          }
          return { tenant, at, input }
        }),
        decide: ({ input }) => always(createBookkeepingAccount(input)),
        persist: ({ events: emitted, next: account }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.insertAccount(tenant, account, at)
            yield* events.record(emitted, at)
            return account
          })
      })

    const retrieveAccount = (id: BookkeepingAccountId) => findOwn("bookkeeping_account", id, store.findAccount)

    const updateAccount = (id: BookkeepingAccountId, request: UpdateBookkeepingAccount) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("bookkeeping_account", id, store.lockAccount)
          return { tenant, current, at: yield* now }
        }),
        decide: ({ current }) => always(updateBookkeepingAccount(current, request)),
        persist: ({ events: emitted, next: updated }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.updateAccount(tenant, updated)
            yield* events.record(emitted, at)
            return updated
          })
      })

    const listAccounts = (parameters: ListParameters & IdempotencyKeyFilter) =>
      listOwn(
        parameters,
        (tenant, request) => store.listAccounts(tenant, request, parameters)
      )

    const balance = (id: BookkeepingAccountId, atTime: Option.Option<DateTime.Utc>) =>
      Effect.gen(function*() {
        const amount = yield* store.balance(yield* Tenant, id, atTime).pipe(orNotFound("bookkeeping_account", id))
        return new BookkeepingBalanceLookup({ balance: amount, bookkeeping_account_id: id })
      })

    /**
     * The set is dated and built by the domain (`createEntrySet`); its
     * balance bounds are checked once it is written, against the totals its
     * write locked (`needExactBalanceCheck`, `checkBalanceExtremes`): a
     * refusal there rolls the whole step back.
     */
    const createEntrySet = (request: CreateBookkeepingEntrySet) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          // The body's own rules answer first (400), before any object it names is looked up (404).
          const body = yield* Effect.fromResult(validateEntrySet(request))
          for (const accountId of new Set(body.entries.map((entry) => entry.account_id))) {
            yield* findOwn("bookkeeping_account", accountId, store.findAccount)
          }
          const transaction = body.transaction_id === undefined
            ? Option.none()
            : Option.some(yield* findOwn("transaction", body.transaction_id, transactions.find))
          const createdAt = yield* now
          const entryIds = yield* Effect.forEach(body.entries, () => newId("bookkeeping_entry"))
          const input = {
            id: yield* newId("bookkeeping_entry_set"),
            createdAt,
            idempotencyKey: yield* idempotencyKey,
            body,
            entryIds,
            transaction
          }
          return { tenant, input }
        }),
        decide: ({ input }) => always(createBookkeepingEntrySet(input)),
        persist: ({ events: emitted, next: entrySet }, { input, tenant }) =>
          Effect.gen(function*() {
            // Touched accounts are locked (by adding to their absolute totals) in the domain's order, so
            // concurrent entry sets on them queue and each checks the others' totals.
            const additions = absoluteAmountsInLockOrder(input.body.entries)
            const absoluteTotals = yield* store.addAbsoluteTotals(tenant, additions)
            yield* store.insertEntrySet(tenant, entrySet)
            const uncertain = needExactBalanceCheck(absoluteTotals)
            if (uncertain.length > 0) {
              yield* Effect.fromResult(
                checkBalanceExtremes(yield* store.balanceExtremes(tenant, uncertain, entrySet.date))
              )
            }
            yield* events.record(emitted, input.createdAt)
            return entrySet
          })
      })

    const retrieveEntrySet = (id: BookkeepingEntrySetId) => findOwn("bookkeeping_entry_set", id, store.findEntrySet)

    const listEntrySets = (parameters: ListParameters & BookkeepingEntrySetFilter) =>
      listOwn(parameters, (tenant, request) => store.listEntrySets(tenant, request, parameters))

    const retrieveEntry = (id: BookkeepingEntryId) => findOwn("bookkeeping_entry", id, store.findEntry)

    const listEntries = (parameters: ListParameters & BookkeepingEntryFilter) =>
      listOwn(parameters, (tenant, request) => store.listEntries(tenant, request, parameters))

    /** Transactions of the commingled cash account that no entry set references yet. */
    const unbookkeptCashTransactions = (parameters: ListParameters & UnbookkeptCashTransactionFilter) =>
      Effect.gen(function*() {
        const account = yield* retrieveAccount(parameters.bookkeeping_account_id)
        const cashAccountId = yield* Effect.fromResult(unbookkeptCashAccount(account))
        return yield* listOwn(parameters, (tenant, request) => transactions.unbookkept(tenant, cashAccountId, request))
      })

    return {
      createAccount: spanned(
        "bank.Bookkeeping.createAccount",
        createAccount,
        (request) => ({ "moneta.account_id": request.account_id, "moneta.entity_id": request.entity_id })
      ),
      retrieveAccount: spanned(
        "bank.Bookkeeping.retrieveAccount",
        retrieveAccount,
        (id) => ({ "moneta.bookkeeping_account_id": id })
      ),
      updateAccount: spanned(
        "bank.Bookkeeping.updateAccount",
        updateAccount,
        (id) => ({ "moneta.bookkeeping_account_id": id })
      ),
      listAccounts: spanned("bank.Bookkeeping.listAccounts", listAccounts),
      balance: spanned("bank.Bookkeeping.balance", balance, (id) => ({ "moneta.bookkeeping_account_id": id })),
      createEntrySet: spanned(
        "bank.Bookkeeping.createEntrySet",
        createEntrySet,
        (request) => ({ "moneta.transaction_id": request.transaction_id, "moneta.entry_count": request.entries.length })
      ),
      retrieveEntrySet: spanned(
        "bank.Bookkeeping.retrieveEntrySet",
        retrieveEntrySet,
        (id) => ({ "moneta.bookkeeping_entry_set_id": id })
      ),
      listEntrySets: spanned("bank.Bookkeeping.listEntrySets", listEntrySets),
      retrieveEntry: spanned(
        "bank.Bookkeeping.retrieveEntry",
        retrieveEntry,
        (id) => ({ "moneta.bookkeeping_entry_id": id })
      ),
      listEntries: spanned("bank.Bookkeeping.listEntries", listEntries),
      unbookkeptCashTransactions: spanned("bank.Bookkeeping.unbookkeptCashTransactions", unbookkeptCashTransactions)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      BookkeepingStore.Default,
      AccountStore.Default,
      EntityStore.Default,
      TransactionStore.Default,
      Events.Default
    ])
  )
}
