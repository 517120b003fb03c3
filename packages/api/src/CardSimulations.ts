/**
 * Sandbox simulations of the card network (absent from live servers). A
 * refused simulation (wrong state, amount above what is left) is 409
 * `invalid_operation_error` (declared on the whole API) and writes nothing.
 */
import { CardPayment } from "@moneta/domain/CardPayment"
import {
  CardAuthorizationSimulationResult,
  DigitalWalletTokenRequestSimulationResult,
  SimulateCardAuthentication,
  SimulateCardAuthenticationChallengeAttempt,
  SimulateCardAuthorization,
  SimulateCardAuthorizationExpiration,
  SimulateCardBalanceInquiry,
  SimulateCardFuelConfirmation,
  SimulateCardIncrement,
  SimulateCardRefund,
  SimulateCardReversal,
  SimulateCardSettlement,
  SimulateDigitalWalletTokenRequest
} from "@moneta/domain/CardSimulations"
import { CardPaymentId } from "@moneta/domain/Ids"
import { Transaction } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as CardExamples from "./CardExamples.js"
import * as Examples from "./Examples.js"

const cardPaymentPath = Schema.Struct({ card_payment_id: CardPaymentId })

export class CardSimulations extends HttpApiGroup.make("cardSimulations")
  .add(
    HttpApiEndpoint.post("authorize", "/simulations/card_authorizations", {
      payload: SimulateCardAuthorization,
      success: CardAuthorizationSimulationResult,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card authorization",
        description:
          "Simulates a merchant authorizing a purchase on a card (or wallet token). Approved within the available balance: a pending transaction holds the amount; otherwise, or with `decline_reason`, a declined transaction. Exactly one of the two is returned. With `partial_approval_capability: supported` (the default at an automatic fuel dispenser or a grocery store) a real-time decision may approve a `partial_amount`: the hold is then that amount."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { amount: 2500, card_id: "card_01m8dhxj7h1xgvgjw02b", merchant_descriptor: "CORNER BOOKSHOP" },
          response: CardExamples.authorizationResult
        })
      )
  )
  .add(
    HttpApiEndpoint.post("increment", "/simulations/card_increments", {
      payload: SimulateCardIncrement,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate an incremental authorization",
        description:
          "Simulates the merchant raising an open authorization by `amount`: approved within the available balance (the hold grows), otherwise declined."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_payment_id: "card_payment_01m8dhxjjwjypbkgem40", amount: 500 },
          response: CardExamples.incrementedCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("reverse", "/simulations/card_reversals", {
      payload: SimulateCardReversal,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card authorization reversal",
        description:
          "Simulates the merchant releasing `amount` (default: all that is outstanding) of an authorization; partial reversals may repeat. At zero the pending transaction completes."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_payment_id: "card_payment_01m8dhxjjwjypbkgem40", amount: 300 },
          response: CardExamples.reversedCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("expire", "/simulations/card_authorization_expirations", {
      payload: SimulateCardAuthorizationExpiration,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card authorization expiration",
        description:
          "Expires the card payment's authorization now: what it still held is released and its pending transaction completes."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_payment_id: "card_payment_01m8dhxkks29k5tekmvp" },
          response: CardExamples.expiredCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("settle", "/simulations/card_settlements", {
      payload: SimulateCardSettlement,
      success: Transaction,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card settlement",
        description:
          "Simulates the merchant clearing a purchase: a `card_settlement` transaction of −amount. With `pending_transaction_id` it settles that authorization (`amount` defaults to what it holds and may not exceed it) and completes its hold; without, the settlement is forced (`amount` required, covered by the available balance)."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            card_id: "card_01m8dhxj7h1xgvgjw02b",
            pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
            amount: 2700
          },
          response: CardExamples.settlementTransaction
        })
      )
  )
  .add(
    HttpApiEndpoint.post("refund", "/simulations/card_refunds", {
      payload: SimulateCardRefund,
      success: Transaction,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card refund",
        description:
          "Simulates the merchant returning money: a `card_refund` transaction of +amount, for a settlement (`transaction_id`) or a refund authorization (`pending_transaction_id`); never more than is refundable."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { transaction_id: "transaction_01m8dhxk3ep39mjs13r7", amount: 700 },
          response: CardExamples.refundTransaction
        })
      )
  )
  .add(
    HttpApiEndpoint.post("confirmFuel", "/simulations/card_fuel_confirmations", {
      payload: SimulateCardFuelConfirmation,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card fuel confirmation",
        description:
          "Simulates a fuel dispenser reporting the amount dispensed on an open authorization; once per authorization."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_payment_id: "card_payment_01m8dhxke9benw6q595p", amount: 4250 },
          response: CardExamples.fuelConfirmedCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("inquireBalance", "/simulations/card_balance_inquiries", {
      payload: SimulateCardBalanceInquiry,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a card balance inquiry",
        description:
          "Simulates a merchant asking for the card's balance (an ATM, for example): a new card payment with a `card_balance_inquiry` element reporting `balance` (default: the available balance), or a `card_decline` when the card cannot be used or `decline_reason` forces one."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            card_id: "card_01m8dhxj7h1xgvgjw02b",
            merchant_descriptor: "ATM 1234",
            merchant_category_code: "6011"
          },
          response: CardExamples.balanceInquiryCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("authenticate", "/simulations/card_authentications", {
      payload: SimulateCardAuthentication,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a 3DS card authentication",
        description:
          "Simulates a merchant's 3-D Secure authentication attempt: a new card payment with a `card_authentication` element. The service challenges an active card (`awaiting_challenge`) and denies an inactive one (`card_not_active`)."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_id: "card_01m8dhxj7h1xgvgjw02b", merchant_name: "Corner Bookshop", purchase_amount: 4200 },
          response: CardExamples.authenticationCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("challenge", "/simulations/card_authentications/:card_payment_id/challenges", {
      params: cardPaymentPath,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate starting a 3DS challenge",
        description:
          "Starts the challenge of an authentication awaiting one: a one-time code is sent to the cardholder (shown on the element's `challenge`)."
      }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: CardExamples.challengedCardPayment }))
  )
  .add(
    HttpApiEndpoint.post("attemptChallenge", "/simulations/card_authentications/:card_payment_id/challenge_attempts", {
      params: cardPaymentPath,
      payload: SimulateCardAuthenticationChallengeAttempt,
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a 3DS challenge attempt",
        description:
          "The cardholder enters `one_time_code`: the right code authenticates with challenge; after three wrong codes the authentication ends `exceeded_attempt_threshold`."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { one_time_code: "068105" },
          response: CardExamples.authenticatedCardPayment
        })
      )
  )
  .add(
    HttpApiEndpoint.post("requestDigitalWalletToken", "/simulations/digital_wallet_token_requests", {
      payload: SimulateDigitalWalletTokenRequest,
      success: DigitalWalletTokenRequestSimulationResult,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate a digital wallet token request",
        description:
          "Simulates a wallet provisioning the card: an active token (the card's tokens take `wallet_a`, `wallet_b`, `wallet_c` in turn), or, for a card that is not active, no token (`digital_wallet_token_id: null`) and the `decline_reason`. When a subscription selects `real_time_decision.digital_wallet_token_requested` the client approves or declines; an approved token then goes through the wallet's one-time-passcode authentication (`real_time_decision.digital_wallet_authentication_requested`, to the approval's or the card's email or phone) when a subscription selects it: delivered → `active`, not delivered or not answered → `inactive`."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_id: "card_01m8dhxj7h1xgvgjw02b" },
          response: CardExamples.tokenRequestResult
        })
      )
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({
    title: "Card Simulations",
    description:
      "Sandbox-only endpoints under `/simulations` that make the card network act: authorizations, increments, reversals, expirations, settlements, refunds, fuel confirmations, balance inquiries, 3DS authentications and wallet token requests. Those that ask you through a real-time decision wait for your answer (or its window)."
  }))
{}
