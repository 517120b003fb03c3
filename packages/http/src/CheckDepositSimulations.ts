/** Sandbox check processing simulations; a live server answers 404 as if they did not exist. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CheckDepositSimulations } from "@moneta/bank/CheckDepositSimulations"
import { CheckDeposit } from "@moneta/domain/CheckDeposit"
import { Effect } from "effect"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

export const CheckDepositSimulationsLive = Group.make(
  MonetaApi,
  "checkDepositSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const simulations = yield* CheckDepositSimulations
      const inSandbox = yield* sandboxOnly
      return handlers
        .handle("submit", ({ params, payload }) =>
          inSandbox(idempotent(CheckDeposit, simulations.submit(params.check_deposit_id, payload ?? {}))))
        .handle("reject", ({ params }) =>
          inSandbox(idempotent(CheckDeposit, simulations.reject(params.check_deposit_id))))
        .handle("return", ({ params }) =>
          inSandbox(idempotent(CheckDeposit, simulations.return(params.check_deposit_id))))
        .handle("adjustment", ({ params, payload }) =>
          inSandbox(idempotent(CheckDeposit, simulations.adjustment(params.check_deposit_id, payload ?? {}))))
    })
)
