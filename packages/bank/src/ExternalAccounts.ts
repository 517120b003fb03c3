/** External accounts: saved wire destinations. Archived ones stay readable but cannot receive new transfers. */
import type { ExternalAccountFilter } from "@moneta/domain/ExternalAccount"
import {
  create as createExternalAccount,
  type CreateExternalAccount,
  update as updateExternalAccount,
  type UpdateExternalAccount
} from "@moneta/domain/ExternalAccount"
import type { ExternalAccountId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { ExternalAccountStore } from "@moneta/store/ExternalAccounts"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

export type ExternalAccountListParameters = ListParameters & ExternalAccountFilter

export class ExternalAccounts extends Context.Service<ExternalAccounts>()("@moneta/bank/ExternalAccounts", {
  make: Effect.gen(function*() {
    const store = yield* ExternalAccountStore
    const events = yield* Events

    const create = (request: CreateExternalAccount) =>
      runStep({
        load: Effect.gen(function*() {
          const createdAt = yield* now
          const input = {
            id: yield* newId("external_account"),
            createdAt,
            idempotencyKey: yield* idempotencyKey,
            body: request
          }
          return { tenant: yield* Tenant, input }
        }),
        decide: ({ input }) => always(createExternalAccount(input)),
        persist: ({ events: emitted, next: account }, { input, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, account)
            yield* events.record(emitted, input.createdAt)
            return account
          })
      })

    /** Changes the given fields (the domain's `update`). */
    const update = (id: ExternalAccountId, request: UpdateExternalAccount) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("external_account", id, store.lock)
          return { tenant, current, at: yield* now }
        }),
        decide: ({ current }) => always(updateExternalAccount(current, request)),
        persist: ({ events: emitted, next: updated }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.update(tenant, updated)
            yield* events.record(emitted, at)
            return updated
          })
      })

    const retrieve = (id: ExternalAccountId) => findOwn("external_account", id, store.find)

    const list = (parameters: ExternalAccountListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned("bank.ExternalAccounts.create", create),
      update: spanned("bank.ExternalAccounts.update", update, (id) => ({ "moneta.external_account_id": id })),
      retrieve: spanned("bank.ExternalAccounts.retrieve", retrieve, (id) => ({ "moneta.external_account_id": id })),
      list: spanned("bank.ExternalAccounts.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([ExternalAccountStore.Default, Events.Default])
  )
}
