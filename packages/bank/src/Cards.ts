/**
 * Cards: issue, retrieve, update, list, each write one step (`Step.ts`). The
 * sandbox issues card numbers with a test BIN; the full number is never
 * stored or shown. A card is issued only on an open account (domain
 * `Card.requireIssuableOn`). A status change
 * carries the card's wallet tokens along (domain's `DigitalWalletTokenLifecycle`).
 */
import type { CardFilter } from "@moneta/domain/Card"
import {
  create as createCard,
  type CreateCard,
  last4Choices,
  requireIssuableOn,
  update as updateCard,
  type UpdateCard
} from "@moneta/domain/Card"
import * as DigitalWalletTokenLifecycle from "@moneta/domain/DigitalWalletTokenLifecycle"
import type { CardId, EntityId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { CardStore } from "@moneta/store/Cards"
import { DigitalWalletTokenStore } from "@moneta/store/DigitalWalletTokens"
import { EntityStore } from "@moneta/store/Entities"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer, Random, Result } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export class Cards extends Context.Service<Cards>()("@moneta/bank/Cards", {
  make: Effect.gen(function*() {
    const store = yield* CardStore
    const accounts = yield* AccountStore
    const events = yield* Events
    const entities = yield* EntityStore
    const tokens = yield* DigitalWalletTokenStore

    /** A referenced entity must be the caller's, like every other reference (404 otherwise). */
    const requireEntity = (entityId: EntityId | undefined) =>
      entityId === undefined
        ? Effect.void
        : Effect.asVoid(findOwn("entity", entityId, entities.find))

    const create = (request: CreateCard) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const account = yield* findOwn("account", request.account_id, accounts.find)
          yield* requireEntity(request.entity_id)
          const input = {
            id: yield* newId("card"),
            createdAt: yield* now,
            idempotencyKey: yield* idempotencyKey,
            body: request,
            accountEntityId: account.entity_id,
            last4Draw: yield* Random.nextIntBetween(0, last4Choices, { halfOpen: true })
          }
          return { tenant, account, input }
        }),
        decide: ({ account, input }) => Result.map(requireIssuableOn(account), () => createCard(input)),
        persist: ({ events: emitted, next: card }, { input, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, card)
            yield* events.record(emitted, input.createdAt)
            return card
          })
      })

    const retrieve = (id: CardId) => findOwn("card", id, store.find)

    /** Changes the card (domain `Card.update`); its wallet tokens follow its status, in the same transaction. */
    const update = (id: CardId, request: UpdateCard) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("card", id, store.lock)
          yield* requireEntity(request.entity_id)
          return { tenant, current, tokens: yield* tokens.ofCard(tenant, id), at: yield* now }
        }),
        decide: ({ at, current, tokens }) =>
          Result.map(updateCard(current, request), (changed) => ({
            ...changed,
            tokens: DigitalWalletTokenLifecycle.followCardChange(
              tokens,
              { previous: current.status, next: changed.next.status },
              at
            )
          })),
        persist: ({ events: emitted, next, tokens: followed }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.update(tenant, next)
            yield* events.record(emitted, at)
            for (const token of followed) {
              yield* tokens.update(tenant, token.next)
              yield* events.record(token.events, at)
            }
            return next
          })
      })

    const list = (parameters: ListParameters & CardFilter) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned("bank.Cards.create", create, (request) => ({ "moneta.account_id": request.account_id })),
      retrieve: spanned("bank.Cards.retrieve", retrieve, (id) => ({ "moneta.card_id": id })),
      update: spanned("bank.Cards.update", update, (id) => ({ "moneta.card_id": id })),
      list: spanned("bank.Cards.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      CardStore.Default,
      AccountStore.Default,
      EntityStore.Default,
      DigitalWalletTokenStore.Default,
      Events.Default
    ])
  )
}
