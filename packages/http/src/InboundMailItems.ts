/** Inbound mail items handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { InboundMailItems } from "@moneta/bank/InboundMailItems"
import { InboundMailItem } from "@moneta/domain/InboundMailItem"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const InboundMailItemsLive = Group.make(
  MonetaApi,
  "inboundMailItems",
  (handlers) =>
    Effect.gen(function*() {
      const items = yield* InboundMailItems
      return handlers
        .handle("list", ({ query }) => answerEncodedPage(InboundMailItem, items.list(query)))
        .handle("retrieve", ({ params }) => answerEncoded(InboundMailItem, items.retrieve(params.inbound_mail_item_id)))
        .handle(
          "action",
          ({ params, payload }) => idempotent(InboundMailItem, items.action(params.inbound_mail_item_id, payload))
        )
    })
)
