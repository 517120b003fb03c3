/** External accounts: saved wire destinations. Archived ones stay readable but cannot receive new transfers. */
import { Caller as Tenant } from "@moneta/domain/Caller"
import { pendingEvent } from "@moneta/domain/Event"
import type { ExternalAccountFilter } from "@moneta/domain/ExternalAccount"
import { type CreateExternalAccount, ExternalAccount, type UpdateExternalAccount } from "@moneta/domain/ExternalAccount"
import type { ExternalAccountId } from "@moneta/domain/Ids"
import { ExternalAccounts as ExternalAccountStore } from "@moneta/store/ExternalAccounts"
import { newId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Layer } from "effect"
import { idempotencyKey } from "./Caller.js"
import { Events } from "./Events.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

export type ExternalAccountListParameters = ListParameters & ExternalAccountFilter

export class ExternalAccounts extends Context.Service<ExternalAccounts>()("@moneta/bank/ExternalAccounts", {
  make: Effect.gen(function*() {
    const store = yield* ExternalAccountStore
    const events = yield* Events

    const create = (request: CreateExternalAccount) =>
      transactionally(Effect.gen(function*() {
        const createdAt = yield* now
        const account = new ExternalAccount({
          id: yield* newId("external_account"),
          account_holder: request.account_holder ?? "unknown",
          account_number: request.account_number,
          created_at: createdAt,
          description: request.description,
          funding: request.funding ?? "checking",
          idempotency_key: yield* idempotencyKey,
          routing_number: request.routing_number,
          status: "active"
        })
        yield* store.insert(yield* Tenant, account)
        yield* events.record([pendingEvent("external_account.created", "external_account", account.id)], createdAt)
        return account
      }))

    /** Changes the given fields; an archived account can be made active again. */
    const update = (id: ExternalAccountId, request: UpdateExternalAccount) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const current = yield* store.lock(tenant, id).pipe(orNotFound("external_account", id))
        const updated = new ExternalAccount({
          ...current,
          account_holder: request.account_holder ?? current.account_holder,
          description: request.description ?? current.description,
          funding: request.funding ?? current.funding,
          status: request.status ?? current.status
        })
        yield* store.update(tenant, updated)
        yield* events.record([pendingEvent("external_account.updated", "external_account", id)], yield* now)
        return updated
      }))

    const retrieve = (id: ExternalAccountId) => findOwn("external_account", id, store.find)

    const list = (parameters: ExternalAccountListParameters) =>
      listOwn(parameters, (tenant, request) =>
        store.list(tenant, request, {
          idempotencyKey: parameters.idempotency_key,
          routingNumber: parameters.routing_number,
          statuses: parameters["status.in"]
        }))

    return traced("ExternalAccounts", { create, update, retrieve, list } as const)
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([ExternalAccountStore.Default, Events.Default])
  )
}
