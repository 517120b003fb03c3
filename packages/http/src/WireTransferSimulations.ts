/** Sandbox wire network simulations; a live server answers 404 as if they did not exist. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { WireTransferSimulations } from "@moneta/bank/WireTransferSimulations"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

export const WireTransferSimulationsLive = HttpApiBuilder.group(
  MonetaApi,
  "wireTransferSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const simulations = yield* WireTransferSimulations
      const inSandbox = yield* sandboxOnly
      return handlers
        .handle("submit", ({ path }) => inSandbox(idempotent(WireTransfer, simulations.submit(path.wire_transfer_id))))
        .handle(
          "reverse",
          ({ path }) => inSandbox(idempotent(WireTransfer, simulations.reverse(path.wire_transfer_id)))
        )
    })
)
