/** Sandbox mail simulation; a live server answers 404 as if it did not exist. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { InboundMailItemSimulations } from "@moneta/bank/InboundMailItemSimulations"
import { InboundMailItem } from "@moneta/domain/InboundMailItem"
import { Effect } from "effect"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

export const InboundMailItemSimulationsLive = Group.make(
  MonetaApi,
  "inboundMailItemSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const simulations = yield* InboundMailItemSimulations
      const inSandbox = yield* sandboxOnly
      return handlers
        .handle("create", ({ payload }) => inSandbox(idempotent(InboundMailItem, simulations.create(payload))))
    })
)
