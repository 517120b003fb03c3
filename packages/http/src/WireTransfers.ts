/** Wire transfer handlers. Every POST is idempotent: a replayed approve or cancel returns the stored response. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { WireTransfers } from "@moneta/bank/WireTransfers"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const WireTransfersLive = HttpApiBuilder.group(MonetaApi, "wireTransfers", (handlers) =>
  Effect.gen(function*() {
    const wireTransfers = yield* WireTransfers
    return handlers
      .handle("create", ({ payload }) => idempotent(WireTransfer, wireTransfers.create(payload)))
      .handle("list", ({ urlParams }) => wireTransfers.list(urlParams))
      .handle("retrieve", ({ path }) => wireTransfers.retrieve(path.wire_transfer_id))
      .handle("approve", ({ path }) => idempotent(WireTransfer, wireTransfers.approve(path.wire_transfer_id)))
      .handle("cancel", ({ path }) => idempotent(WireTransfer, wireTransfers.cancel(path.wire_transfer_id)))
  }))
