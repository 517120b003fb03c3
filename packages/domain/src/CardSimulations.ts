/**
 * The sandbox's card simulations (decisions.md d): the request bodies of
 * `POST /simulations/card_*` and `/simulations/digital_wallet_token_requests`,
 * and the results that are not plain resources. Card authorizations, balance
 * inquiries, increments, token requests and 3DS authentications may ask the
 * client through a real-time decision before they complete.
 */
import { Schema } from "effect"
import * as CardAuthentication from "./CardAuthentication.js"
import {
  CardDeclineReason,
  ElectronicCommerceIndicator,
  NetworkRiskScore,
  PartialApprovalCapability,
  PointOfServiceEntryMode,
  StandInProcessingReason,
  TerminalEntryCapability
} from "./CardNetwork.js"
import { DeclinedTransaction } from "./DeclinedTransaction.js"
import { DeclineReason as DigitalWalletTokenDeclineReason } from "./DigitalWalletToken.js"
import {
  CardId,
  CardPaymentId,
  DigitalWalletTokenId,
  EventSubscriptionId,
  PendingTransactionId,
  PhysicalCardId,
  TransactionId
} from "./Ids.js"
import { Amount, PositiveAmount } from "./Money.js"
import { PendingTransaction } from "./PendingTransaction.js"
import { ShortText } from "./Text.js"

/**
 * Optional body fields are absent or a value: an explicit `undefined` is not a value
 * (and a union with it would add noise to decode errors).
 */
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

/**
 * A rule that exactly one of some optional fields is given. The error names
 * the first field when none is given, and the second one given otherwise.
 */
const exactlyOneOf =
  <const Field extends string>(fields: readonly [Field, ...Array<Field>]) =>
  (body: { readonly [K in Field]?: unknown }) => {
    const given = fields.filter((field) => body[field] !== undefined)
    if (given.length === 1) return undefined
    return {
      path: [given[1] ?? fields[0]],
      issue: `exactly one of ${fields.join(", ")} must be provided`
    }
  }

const cardSelectors = ["card_id", "digital_wallet_token_id", "physical_card_id"] as const

/** The merchant fields a simulation may set; the sandbox fills in the others. */
const merchantInputFields = {
  merchant_acceptor_id: optional(ShortText),
  merchant_category_code: optional(
    Schema.String.check(Schema.isPattern(/^\d{4}$/u, { message: "must be a 4-digit merchant category code" }))
  ),
  merchant_city: optional(ShortText),
  merchant_country: optional(
    Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a 2-letter country code" }))
  ),
  merchant_descriptor: optional(ShortText),
  merchant_state: optional(ShortText)
}

/** The processing categories a simulation may ask for (`unknown` is only ever reported). */
export const SimulatedProcessingCategory = Schema.Literals([
  "account_funding",
  "automatic_fuel_dispenser",
  "bill_payment",
  "original_credit",
  "purchase",
  "quasi_cash",
  "refund",
  "cash_disbursement",
  "cash_deposit",
  "balance_inquiry"
])

/** `POST /simulations/card_authorizations`. */
export const SimulateCardAuthorization = Schema.Struct({
  amount: PositiveAmount,
  /** A card payment with a `card_authentication`, to simulate an authenticated authorization. */
  authenticated_card_payment_id: optional(CardPaymentId),
  card_id: optional(CardId),
  /** Forces a decline with this reason; no real-time decision is sent. */
  decline_reason: optional(CardDeclineReason),
  digital_wallet_token_id: optional(DigitalWalletTokenId),
  /** Routes the real-time decision to this subscription instead of the default one. */
  event_subscription_id: optional(EventSubscriptionId),
  ...merchantInputFields,
  network_details: optional(
    Schema.Struct({
      network_a: Schema.Struct({
        electronic_commerce_indicator: optional(ElectronicCommerceIndicator),
        point_of_service_entry_mode: optional(PointOfServiceEntryMode),
        stand_in_processing_reason: optional(StandInProcessingReason),
        terminal_entry_capability: optional(TerminalEntryCapability)
      })
    })
  ),
  network_risk_score: optional(NetworkRiskScore),
  /**
   * Whether the simulated merchant accepts a partial approval (default
   * `not_supported`); a real-time decision may then approve less than asked.
   */
  partial_approval_capability: optional(PartialApprovalCapability),
  physical_card_id: optional(PhysicalCardId),
  processing_category: optional(
    Schema.Struct({
      category: SimulatedProcessingCategory,
      /** For refund authorizations: the card payment the refund belongs to. */
      refund: optional(Schema.Struct({ original_card_payment_id: optional(CardPaymentId) }))
    }).check(
      Schema.makeFilter((processing) =>
        processing.refund !== undefined && processing.category !== "refund"
          ? { path: ["refund"], issue: "is only allowed when category is refund" }
          : undefined
      )
    )
  ),
  terminal_id: optional(ShortText)
}).check(Schema.makeFilter(exactlyOneOf(cardSelectors))).annotate({ identifier: "SimulateCardAuthorization" })
export type SimulateCardAuthorization = typeof SimulateCardAuthorization.Type

/** `POST /simulations/card_authorization_expirations`: expires the payment's authorization now. */
export const SimulateCardAuthorizationExpiration = Schema.Struct({
  card_payment_id: CardPaymentId
}).annotate({ identifier: "SimulateCardAuthorizationExpiration" })
export type SimulateCardAuthorizationExpiration = typeof SimulateCardAuthorizationExpiration.Type

/** `POST /simulations/card_settlements`: without `pending_transaction_id` the settlement is forced without authorization. */
export const SimulateCardSettlement = Schema.Struct({
  card_id: CardId,
  /** Defaults to the outstanding amount of the authorization settled. */
  amount: optional(PositiveAmount),
  pending_transaction_id: optional(PendingTransactionId)
}).annotate({ identifier: "SimulateCardSettlement" })
export type SimulateCardSettlement = typeof SimulateCardSettlement.Type

/** `POST /simulations/card_reversals`: partial reversals may repeat up to the outstanding amount. */
export const SimulateCardReversal = Schema.Struct({
  card_payment_id: CardPaymentId,
  /** Defaults to the whole outstanding amount. */
  amount: optional(PositiveAmount)
}).annotate({ identifier: "SimulateCardReversal" })
export type SimulateCardReversal = typeof SimulateCardReversal.Type

/** `POST /simulations/card_increments`: may ask the client through a real-time decision. */
export const SimulateCardIncrement = Schema.Struct({
  amount: PositiveAmount,
  card_payment_id: CardPaymentId,
  event_subscription_id: optional(EventSubscriptionId)
}).annotate({ identifier: "SimulateCardIncrement" })
export type SimulateCardIncrement = typeof SimulateCardIncrement.Type

/**
 * `POST /simulations/card_refunds`: refunds a settlement (`transaction_id`) or
 * completes a refund authorization (`pending_transaction_id`), exactly one.
 */
export const SimulateCardRefund = Schema.Struct({
  /** Defaults to the amount of the settlement or of the refund authorization. */
  amount: optional(PositiveAmount),
  pending_transaction_id: optional(PendingTransactionId),
  transaction_id: optional(TransactionId)
}).check(Schema.makeFilter(exactlyOneOf(["transaction_id", "pending_transaction_id"]))).annotate({
  identifier: "SimulateCardRefund"
})
export type SimulateCardRefund = typeof SimulateCardRefund.Type

/** `POST /simulations/card_fuel_confirmations`: once per authorization. */
export const SimulateCardFuelConfirmation = Schema.Struct({
  amount: PositiveAmount,
  card_payment_id: CardPaymentId
}).annotate({ identifier: "SimulateCardFuelConfirmation" })
export type SimulateCardFuelConfirmation = typeof SimulateCardFuelConfirmation.Type

/** `POST /simulations/card_balance_inquiries`: may ask the client through a real-time decision. */
export const SimulateCardBalanceInquiry = Schema.Struct({
  /** The balance to report; the account's available balance when absent. */
  balance: optional(Amount),
  card_id: optional(CardId),
  decline_reason: optional(CardDeclineReason),
  digital_wallet_token_id: optional(DigitalWalletTokenId),
  event_subscription_id: optional(EventSubscriptionId),
  ...merchantInputFields,
  network_details: optional(
    Schema.Struct({ network_a: Schema.Struct({ stand_in_processing_reason: optional(StandInProcessingReason) }) })
  ),
  network_risk_score: optional(NetworkRiskScore),
  physical_card_id: optional(PhysicalCardId),
  terminal_id: optional(ShortText)
}).check(Schema.makeFilter(exactlyOneOf(cardSelectors))).annotate({ identifier: "SimulateCardBalanceInquiry" })
export type SimulateCardBalanceInquiry = typeof SimulateCardBalanceInquiry.Type

/** `POST /simulations/card_authentications`: a 3DS attempt; returns the new card payment. */
export const SimulateCardAuthentication = Schema.Struct({
  card_id: CardId,
  category: optional(CardAuthentication.MessageCategoryName),
  device_channel: optional(CardAuthentication.DeviceChannelCategory),
  merchant_acceptor_id: optional(ShortText),
  merchant_category_code: merchantInputFields.merchant_category_code,
  merchant_country: merchantInputFields.merchant_country,
  merchant_name: optional(ShortText),
  /** Only meaningful for payment authentications. */
  purchase_amount: optional(PositiveAmount)
}).check(
  Schema.makeFilter((body) =>
    body.purchase_amount !== undefined && body.category === "non_payment_authentication"
      ? { path: ["purchase_amount"], issue: "is only allowed for payment_authentication" }
      : undefined
  )
).annotate({ identifier: "SimulateCardAuthentication" })
export type SimulateCardAuthentication = typeof SimulateCardAuthentication.Type

/** `POST /simulations/card_authentications/{card_payment_id}/challenge_attempts`. */
export const SimulateCardAuthenticationChallengeAttempt = Schema.Struct({
  one_time_code: ShortText
}).annotate({ identifier: "SimulateCardAuthenticationChallengeAttempt" })
export type SimulateCardAuthenticationChallengeAttempt = typeof SimulateCardAuthenticationChallengeAttempt.Type

/** `POST /simulations/digital_wallet_token_requests`. */
export const SimulateDigitalWalletTokenRequest = Schema.Struct({
  card_id: CardId
}).annotate({ identifier: "SimulateDigitalWalletTokenRequest" })
export type SimulateDigitalWalletTokenRequest = typeof SimulateDigitalWalletTokenRequest.Type

/**
 * The result of a simulated authorization: the pending transaction when it
 * was approved, the declined transaction when it was declined; exactly one of
 * them is set (build it with `approvedAuthorization` / `declinedAuthorization`).
 */
export class CardAuthorizationSimulationResult extends Schema.Class<CardAuthorizationSimulationResult>(
  "CardAuthorizationSimulationResult"
)({
  declined_transaction: Schema.NullOr(DeclinedTransaction),
  pending_transaction: Schema.NullOr(PendingTransaction),
  type: Schema.tag("inbound_card_authorization_simulation_result")
}) {}

export const approvedAuthorization = (pendingTransaction: PendingTransaction): CardAuthorizationSimulationResult =>
  new CardAuthorizationSimulationResult({ pending_transaction: pendingTransaction, declined_transaction: null })

export const declinedAuthorization = (declinedTransaction: DeclinedTransaction): CardAuthorizationSimulationResult =>
  new CardAuthorizationSimulationResult({ pending_transaction: null, declined_transaction: declinedTransaction })

/** The result of a simulated token request: the token when provisioned, the reason when declined. */
export class DigitalWalletTokenRequestSimulationResult extends Schema.Class<DigitalWalletTokenRequestSimulationResult>(
  "DigitalWalletTokenRequestSimulationResult"
)({
  decline_reason: Schema.NullOr(DigitalWalletTokenDeclineReason),
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  type: Schema.tag("inbound_digital_wallet_token_request_simulation_result")
}) {}
