/**
 * Accounts: create, retrieve, list, balance lookups, update and close. A
 * closed account moves no money (the domain's `Ledger.settle` refuses it).
 */
import type { AccountFilter } from "@moneta/domain/Account"
import {
  BalanceLookup,
  close as closeAccount,
  create as createAccount,
  type CreateAccount,
  type CreateInput as CreateAccountInput,
  ownedByGroupEntity,
  type Transition,
  update as updateAccount,
  type UpdateAccount
} from "@moneta/domain/Account"
import { requireUnarchived } from "@moneta/domain/EntityUpdate"
import type { AccountId, EntityId } from "@moneta/domain/Ids"
import { Tenant, type TenantShape } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { EntityStore } from "@moneta/store/Entities"
import { newId } from "@moneta/store/IdGenerator"
import { Context, type DateTime, Effect, Layer, Option, Result } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export class Accounts extends Context.Service<Accounts>()("@moneta/bank/Accounts", {
  make: Effect.gen(function*() {
    const store = yield* AccountStore
    const entities = yield* EntityStore
    const events = yield* Events

    const requireEntity = (id: EntityId) => Effect.asVoid(findOwn("entity", id, entities.find))

    const create = (request: CreateAccount) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const owner = request.entity_id === undefined
            ? null
            : yield* findOwn("entity", request.entity_id, entities.find)
          if (request.informational_entity_id !== undefined) yield* requireEntity(request.informational_entity_id)
          const groupEntity = ownedByGroupEntity(request) ? yield* entities.oldestActive(tenant) : Option.none()
          const input: CreateAccountInput = {
            id: yield* newId("account"),
            createdAt: yield* now,
            idempotencyKey: yield* idempotencyKey,
            body: request,
            environment: tenant.environment,
            groupEntity
          }
          return { tenant, owner, input }
        }),
        decide: ({ input, owner }) =>
          Result.flatMap(owner === null ? Result.succeed(null) : requireUnarchived(owner), () => createAccount(input)),
        persist: ({ events: emitted, next: account }, { input, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, account)
            yield* events.record(emitted, input.createdAt)
            return account
          })
      })

    const retrieve = (id: AccountId) => findOwn("account", id, store.find)

    /** Writes a changed account and its events. */
    const persistChange = (
      { events: emitted, next }: Transition,
      { at, tenant }: { readonly at: DateTime.Utc; readonly tenant: TenantShape }
    ) =>
      Effect.gen(function*() {
        yield* store.update(tenant, next)
        yield* events.record(emitted, at)
        return next
      })

    /** Changes the given fields (the domain's `update`). */
    const update = (id: AccountId, request: UpdateAccount) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("account", id, store.lock)
          return { tenant, current, at: yield* now }
        }),
        decide: ({ current }) => updateAccount(current, request),
        persist: persistChange
      })

    /**
     * Closes the account (the domain's `close`) against its balance read
     * under the row lock every spender takes, so no money moves in between.
     */
    const close = (id: AccountId) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("account", id, store.lock)
          const balance = yield* store.lockBalance(tenant, id).pipe(orNotFound("account", id))
          return { tenant, current, balance, at: yield* now }
        }),
        decide: ({ at, balance, current }) => closeAccount(current, balance, at),
        persist: persistChange
      })

    const list = (parameters: ListParameters & AccountFilter) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    const balance = (id: AccountId, atTime: Option.Option<DateTime.Utc>) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const { current, available } = yield* Option.match(atTime, {
          onNone: () => store.balance(tenant, id),
          onSome: (at) => store.balanceAt(tenant, id, at)
        }).pipe(orNotFound("account", id))
        return new BalanceLookup({
          account_id: id,
          current_balance: current,
          available_balance: available,
          loan: null
        })
      })

    return {
      create: spanned("bank.Accounts.create", create, (request) => ({ "moneta.entity_id": request.entity_id })),
      retrieve: spanned("bank.Accounts.retrieve", retrieve, (id) => ({ "moneta.account_id": id })),
      update: spanned("bank.Accounts.update", update, (id) => ({ "moneta.account_id": id })),
      close: spanned("bank.Accounts.close", close, (id) => ({ "moneta.account_id": id })),
      list: spanned("bank.Accounts.list", list),
      balance: spanned("bank.Accounts.balance", balance, (id) => ({ "moneta.account_id": id }))
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([AccountStore.Default, EntityStore.Default, Events.Default])
  )
}
