/**
 * Account numbers: routes into an account. Numbers are made here (twelve
 * random digits, unique across the database) under this bank's routing number.
 */
import type { AccountNumberFilter } from "@moneta/domain/AccountNumber"
import {
  accountNumberDigitRanges,
  accountNumberOf,
  creatableOn,
  create as createAccountNumber,
  type CreateAccountNumber,
  type CreateInput as CreateAccountNumberInput,
  update as updateAccountNumber,
  type UpdateAccountNumber
} from "@moneta/domain/AccountNumber"
import type { AccountNumberId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountNumberStore } from "@moneta/store/AccountNumbers"
import { AccountStore } from "@moneta/store/Accounts"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer, Random, Result } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export type AccountNumberListParameters = ListParameters & AccountNumberFilter

/** A new account number: the domain's digits, each drawn at random in its range. */
const newAccountNumber = Effect.map(
  Effect.forEach(accountNumberDigitRanges, ([min, max]) => Random.nextIntBetween(min, max, { halfOpen: true })),
  accountNumberOf
)

export class AccountNumbers extends Context.Service<AccountNumbers>()("@moneta/bank/AccountNumbers", {
  make: Effect.gen(function*() {
    const store = yield* AccountNumberStore
    const accounts = yield* AccountStore
    const events = yield* Events

    const create = (request: CreateAccountNumber) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const account = yield* findOwn("account", request.account_id, accounts.find)
          const input: CreateAccountNumberInput = {
            id: yield* newId("account_number"),
            createdAt: yield* now,
            idempotencyKey: yield* idempotencyKey,
            body: request,
            accountNumber: yield* newAccountNumber
          }
          return { tenant, account, input }
        }),
        decide: ({ account, input }) => Result.map(creatableOn(account), () => createAccountNumber(input)),
        persist: ({ events: emitted, next: accountNumber }, { input, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, accountNumber)
            yield* events.record(emitted, input.createdAt)
            return accountNumber
          })
      })

    const retrieve = (id: AccountNumberId) => findOwn("account_number", id, store.find)

    /** Changes the given fields (the domain's `update`: status transitions, name, inbound settings). */
    const update = (id: AccountNumberId, request: UpdateAccountNumber) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("account_number", id, store.lock)
          const account = yield* findOwn("account", current.account_id, accounts.find)
          return { tenant, current, account, at: yield* now }
        }),
        decide: ({ account, current }) => updateAccountNumber(current, account, request),
        persist: ({ events: emitted, next: updated }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.update(tenant, updated)
            yield* events.record(emitted, at)
            return updated
          })
      })

    const list = (parameters: AccountNumberListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned("bank.AccountNumbers.create", create, (request) => ({ "moneta.account_id": request.account_id })),
      retrieve: spanned("bank.AccountNumbers.retrieve", retrieve, (id) => ({ "moneta.account_number_id": id })),
      update: spanned("bank.AccountNumbers.update", update, (id) => ({ "moneta.account_number_id": id })),
      list: spanned("bank.AccountNumbers.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([AccountNumberStore.Default, AccountStore.Default, Events.Default])
  )
}
