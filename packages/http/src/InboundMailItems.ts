/** Inbound mail items handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { InboundMailItems } from "@moneta/bank/InboundMailItems"
import { InboundMailItem } from "@moneta/domain/InboundMailItem"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const InboundMailItemsLive = HttpApiBuilder.group(
  MonetaApi,
  "inboundMailItems",
  (handlers) =>
    Effect.gen(function*() {
      const items = yield* InboundMailItems
      return handlers
        .handle("list", ({ urlParams }) => items.list(urlParams))
        .handle("retrieve", ({ path }) => items.retrieve(path.inbound_mail_item_id))
        .handle(
          "action",
          ({ path, payload }) => idempotent(InboundMailItem, items.action(path.inbound_mail_item_id, payload))
        )
    })
)
