/** Sandbox card network simulations; a live server answers 404 as if they did not exist. Every one is idempotent. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CardAuthentications } from "@moneta/bank/CardAuthentications"
import { CardSimulations } from "@moneta/bank/CardSimulations"
import { DigitalWalletTokens } from "@moneta/bank/DigitalWalletTokens"
import { CardPayment } from "@moneta/domain/CardPayment"
import {
  CardAuthorizationSimulationResult,
  DigitalWalletTokenRequestSimulationResult
} from "@moneta/domain/CardSimulations"
import { Transaction } from "@moneta/domain/Transaction"
import { Effect } from "effect"
import * as Group from "./Group.js"
import { idempotent, idempotentResult } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

/** The object an authorization result is about: its pending or its declined transaction. */
const resultObjectId = (result: CardAuthorizationSimulationResult) =>
  result.pending_transaction?.id ?? result.declined_transaction?.id ?? null

export const CardSimulationsLive = Group.make(
  MonetaApi,
  "cardSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const simulations = yield* CardSimulations
      const authentications = yield* CardAuthentications
      const digitalWalletTokens = yield* DigitalWalletTokens
      const inSandbox = yield* sandboxOnly
      return handlers
        .handle("authorize", ({ payload }) =>
          inSandbox(
            idempotentResult(
              CardAuthorizationSimulationResult,
              simulations.authorize(payload),
              resultObjectId
            )
          ))
        .handle(
          "increment",
          ({ payload }) => inSandbox(idempotent(CardPayment, simulations.increment(payload)))
        )
        .handle("reverse", ({ payload }) => inSandbox(idempotent(CardPayment, simulations.reverse(payload))))
        .handle("expire", ({ payload }) => inSandbox(idempotent(CardPayment, simulations.expire(payload))))
        .handle("settle", ({ payload }) => inSandbox(idempotent(Transaction, simulations.settle(payload))))
        .handle("refund", ({ payload }) => inSandbox(idempotent(Transaction, simulations.refund(payload))))
        .handle("confirmFuel", ({ payload }) => inSandbox(idempotent(CardPayment, simulations.confirmFuel(payload))))
        .handle(
          "inquireBalance",
          ({ payload }) => inSandbox(idempotent(CardPayment, simulations.inquireBalance(payload)))
        )
        .handle(
          "authenticate",
          ({ payload }) => inSandbox(idempotent(CardPayment, authentications.authenticate(payload)))
        )
        .handle(
          "challenge",
          ({ params }) => inSandbox(idempotent(CardPayment, authentications.challenge(params.card_payment_id)))
        )
        .handle(
          "attemptChallenge",
          ({ params, payload }) =>
            inSandbox(idempotent(CardPayment, authentications.attemptChallenge(params.card_payment_id, payload)))
        )
        .handle("requestDigitalWalletToken", ({ payload }) =>
          inSandbox(idempotentResult(
            DigitalWalletTokenRequestSimulationResult,
            digitalWalletTokens.simulateRequest(payload),
            (result) => result.digital_wallet_token_id
          )))
    })
)
