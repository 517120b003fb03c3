/** Wire transfer handlers. Every POST is idempotent: a replayed approve or cancel returns the stored response. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { WireTransfers } from "@moneta/bank/WireTransfers"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const WireTransfersLive = Group.make(MonetaApi, "wireTransfers", (handlers) =>
  Effect.gen(function*() {
    const wireTransfers = yield* WireTransfers
    return handlers
      .handle("create", ({ payload }) => idempotent(WireTransfer, wireTransfers.create(payload)))
      .handle("list", ({ query }) => answerEncodedPage(WireTransfer, wireTransfers.list(query)))
      .handle("retrieve", ({ params }) => answerEncoded(WireTransfer, wireTransfers.retrieve(params.wire_transfer_id)))
      .handle("approve", ({ params }) => idempotent(WireTransfer, wireTransfers.approve(params.wire_transfer_id)))
      .handle("cancel", ({ params }) => idempotent(WireTransfer, wireTransfers.cancel(params.wire_transfer_id)))
  }))
