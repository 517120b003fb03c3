/** Sandbox wire network simulations; a live server answers 404 as if they did not exist. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { WireTransferSimulations } from "@moneta/bank/WireTransferSimulations"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { Effect } from "effect"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

export const WireTransferSimulationsLive = Group.make(
  MonetaApi,
  "wireTransferSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const simulations = yield* WireTransferSimulations
      const inSandbox = yield* sandboxOnly
      return handlers
        .handle("submit", ({ params }) =>
          inSandbox(idempotent(WireTransfer, simulations.submit(params.wire_transfer_id))))
        .handle(
          "reverse",
          ({ params }) =>
            inSandbox(idempotent(WireTransfer, simulations.reverse(params.wire_transfer_id)))
        )
    })
)
