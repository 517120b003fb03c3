/** Cards handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Cards } from "@moneta/bank/Cards"
import { Card } from "@moneta/domain/Card"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const CardsLive = Group.make(MonetaApi, "cards", (handlers) =>
  Effect.gen(function*() {
    const cards = yield* Cards
    return handlers
      .handle("create", ({ payload }) => idempotent(Card, cards.create(payload)))
      .handle("retrieve", ({ params }) => answerEncoded(Card, cards.retrieve(params.card_id)))
      .handle("update", ({ params, payload }) => answerRefusals(cards.update(params.card_id, payload)))
      .handle("list", ({ query }) => answerEncodedPage(Card, cards.list(query)))
  }))
