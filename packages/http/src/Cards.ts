/** Cards handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Cards } from "@moneta/bank/Cards"
import { Card } from "@moneta/domain/Card"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const CardsLive = HttpApiBuilder.group(MonetaApi, "cards", (handlers) =>
  Effect.gen(function*() {
    const cards = yield* Cards
    return handlers
      .handle("create", ({ payload }) => idempotent(Card, cards.create(payload)))
      .handle("retrieve", ({ path }) => cards.retrieve(path.card_id))
      .handle("update", ({ path, payload }) => cards.update(path.card_id, payload))
      .handle("list", ({ urlParams }) => cards.list(urlParams))
  }))
