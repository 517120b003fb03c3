/** Sandbox simulation handlers; a live server answers 404 as if they did not exist. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { Simulations } from "@moneta/bank/Simulations"
import { ApiMethodNotFoundError } from "@moneta/domain/Errors"
import { Transaction } from "@moneta/domain/Transaction"
import { Effect } from "effect"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

/** Guards a simulation: only a sandbox server has them. */
export const sandboxOnly = Effect.gen(function*() {
  const environment = yield* ServerEnvironment
  return <A, E, R>(simulation: Effect.Effect<A, E, R>) =>
    environment === "sandbox"
      ? simulation
      : Effect.fail(new ApiMethodNotFoundError({ detail: "Simulations exist only in the sandbox." }))
})

export const SimulationsLive = Group.make(MonetaApi, "simulations", (handlers) =>
  Effect.gen(function*() {
    const simulations = yield* Simulations
    const inSandbox = yield* sandboxOnly
    return handlers
      .handle("interestPayment", ({ payload }) =>
        inSandbox(idempotent(Transaction, simulations.interestPayment(payload))))
  }))
