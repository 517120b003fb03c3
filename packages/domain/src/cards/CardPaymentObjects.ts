/**
 * The objects of a card payment's elements: one schema per interaction with
 * the card network (authorization, decline, increment, reversal, expiration,
 * settlement, refund, fuel confirmation, balance inquiry…). Several of
 * these objects are also the `source` of the transaction, pending transaction
 * or declined transaction they cause. The rules that add elements to a card
 * payment live in `CardPayment.ts`.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import {
  CardAuthorizationExpirationId,
  CardAuthorizationId,
  CardBalanceInquiryId,
  CardDeclineId,
  CardFinancialId,
  CardFuelConfirmationId,
  CardIncrementId,
  CardPaymentId,
  CardRefundId,
  CardReversalId,
  CardSettlementId,
  CardValidationId,
  DeclinedTransactionId,
  DigitalWalletTokenId,
  PendingTransactionId,
  PhysicalCardId,
  RealTimeDecisionId,
  TransactionId
} from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import { Amount, Currency, CurrencyCode } from "../money/Money.js"
import { Cashback, Interchange, PurchaseDetails, Surcharge } from "./CardClearingDetails.js"
import {
  Actioner,
  actionerDescription,
  AdditionalAmounts,
  AuthorizationDeclineReason,
  authorizationDeclineReasonValues,
  CardDeclineReason,
  cardDeclineReasonDescription,
  ClearingNetworkIdentifiers,
  Direction,
  directionDescription,
  Healthcare,
  merchantFields,
  Network,
  networkDescription,
  NetworkDetails,
  NetworkIdentifiers,
  NetworkRiskScore,
  ProcessingCategory,
  processingCategoryDescription,
  SchemeFee,
  Verification
} from "./CardNetwork.js"

/** Texts of the API reference shared by the elements' fields. */
const cardPaymentIdText = "The identifier of the card payment this object belongs to."
const usdText = "The ISO 4217 code of the amount's currency. Always `USD`: the service only moves US dollars."
const walletTokenText =
  "The digital wallet token the card was used through (a wallet purchase); null when the card itself was used."
const physicalCardText = "The physical card used in person; always null: the service issues no physical cards."
const realTimeDecisionText =
  "The real-time decision that asked you to approve or decline; null when the service decided itself."
const terminalIdText =
  "The terminal identifier (TID) of the terminal the card was used at; null when the network did not give it."
const riskScoreText =
  "The network's risk score: on `network_a` from 0 to 99, on `network_b` from 0 to 999, the higher the riskier. Null when the network gave none (the sandbox gives one only when the simulation names it)."
const presentmentCurrencyText =
  "The ISO 4217 code of the currency the cardholder saw (the presentment currency), such as `USD`."
const schemeFeesText = "The fees the card network assessed for this message; empty when none."
const networkDetailsText = "Fields specific to the card network that processed the message."
const networkIdentifiersText = "Identifiers the card network assigned to this message."
const verificationText = "How the values the cardholder gave compared with those on file."
const additionalAmountsText =
  "Amounts the network itemized within the amount, such as an ATM surcharge; each null when not given."

/** A hold on the account while the merchant has not settled; also the `card_authorization` source of its pending transaction. */
export class CardAuthorization extends Schema.Class<CardAuthorization>("CardAuthorization")({
  id: described(CardAuthorizationId, "The card authorization's identifier."),
  actioner: described(Actioner, actionerDescription),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  /** The pending amount, in USD cents. */
  amount: described(
    Amount,
    "The authorized amount in the minor unit of the transaction's currency (cents for USD); for a partial approval, the approved `partial_amount`. Later increments, reversals and settlements leave it as it is: the card payment's `state` keeps the running totals, and the pending transaction's `amount` what is still held."
  ),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  currency: described(Currency, usdText),
  digital_wallet_token_id: described(Schema.NullOr(DigitalWalletTokenId), walletTokenText),
  direction: described(Direction, directionDescription),
  /** When the hold is released if the merchant has not settled. */
  expires_at: described(
    Timestamp,
    "When the authorization expires and its hold is released if the merchant has not settled it (ISO 8601, UTC): seven days after it was made. The sandbox only expires authorizations through the expiration simulation."
  ),
  healthcare: described(
    Schema.NullOr(Healthcare),
    "Healthcare fields of the authorization, only for specific programs; null otherwise."
  ),
  ...merchantFields,
  network_details: described(NetworkDetails, networkDetailsText),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  network_risk_score: described(Schema.NullOr(NetworkRiskScore), riskScoreText),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The pending transaction that holds the amount on the account; null for a refund authorization that holds nothing."
  ),
  physical_card_id: described(Schema.NullOr(PhysicalCardId), physicalCardText),
  presentment_amount: described(
    Amount,
    "The amount in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  processing_category: described(ProcessingCategory, processingCategoryDescription),
  real_time_decision_id: described(Schema.NullOr(RealTimeDecisionId), realTimeDecisionText),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  terminal_id: described(Schema.NullOr(Schema.String), terminalIdText),
  type: described(Schema.tag("card_authorization"), "Always `card_authorization`: the type of this object."),
  verification: described(Verification, verificationText)
}) {}

/**
 * The `card_authorization` source of a pending transaction: the same object as
 * the card payment's element, so the pending transactions module references
 * it from here.
 */
export const CardAuthorizationPendingSource = CardAuthorization
export type CardAuthorizationPendingSource = CardAuthorization

export class CardAuthorizationExpiration extends Schema.Class<CardAuthorizationExpiration>(
  "CardAuthorizationExpiration"
)({
  id: described(CardAuthorizationExpirationId, "The card authorization expiration's identifier."),
  card_authorization_id: described(CardAuthorizationId, "The card authorization that expired."),
  currency: described(Currency, usdText),
  /** The hold released by the expiration. */
  expired_amount: described(
    Amount,
    "The hold the expiration released, in the minor unit of the transaction's currency (cents for USD)."
  ),
  network: described(Network, networkDescription),
  type: described(
    Schema.tag("card_authorization_expiration"),
    "Always `card_authorization_expiration`: the type of this object."
  )
}) {}

export class CardBalanceInquiry extends Schema.Class<CardBalanceInquiry>("CardBalanceInquiry")({
  id: described(CardBalanceInquiryId, "The card balance inquiry's identifier."),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  /** The balance reported to the merchant. */
  balance: described(
    Amount,
    "The balance reported to the merchant, in the minor unit of the account's currency (cents for USD): your real-time decision's `approval.balance`, else the simulation's `balance`, else the account's available balance."
  ),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  currency: described(Currency, usdText),
  digital_wallet_token_id: described(Schema.NullOr(DigitalWalletTokenId), walletTokenText),
  ...merchantFields,
  network_details: described(NetworkDetails, networkDetailsText),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  network_risk_score: described(Schema.NullOr(NetworkRiskScore), riskScoreText),
  physical_card_id: described(Schema.NullOr(PhysicalCardId), physicalCardText),
  real_time_decision_id: described(Schema.NullOr(RealTimeDecisionId), realTimeDecisionText),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  terminal_id: described(Schema.NullOr(Schema.String), terminalIdText),
  type: described(Schema.tag("card_balance_inquiry"), "Always `card_balance_inquiry`: the type of this object."),
  verification: described(Verification, verificationText)
}) {}

/**
 * A declined authorization (or increment): also the `card_decline` source of
 * its declined transaction. The wire object has no `type` field.
 */
export class CardDecline extends Schema.Class<CardDecline>("CardDecline")({
  id: described(CardDeclineId, "The card decline's identifier."),
  actioner: described(Actioner, actionerDescription),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  amount: described(
    Amount,
    "The declined amount in the minor unit of the account's currency (cents for USD); 0 for a declined balance inquiry."
  ),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  currency: described(Currency, usdText),
  declined_transaction_id: described(DeclinedTransactionId, "The declined transaction recorded for this decline."),
  digital_wallet_token_id: described(Schema.NullOr(DigitalWalletTokenId), walletTokenText),
  direction: described(Direction, directionDescription),
  /** Set when the declined request was an increment of that authorization. */
  incremented_card_authorization_id: described(
    Schema.NullOr(CardAuthorizationId),
    "The card authorization this request tried to increment; null when the declined request was not an increment."
  ),
  ...merchantFields,
  network_details: described(NetworkDetails, networkDetailsText),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  network_risk_score: described(Schema.NullOr(NetworkRiskScore), riskScoreText),
  physical_card_id: described(Schema.NullOr(PhysicalCardId), physicalCardText),
  presentment_amount: described(
    Amount,
    "The declined amount in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  processing_category: described(ProcessingCategory, processingCategoryDescription),
  real_time_decision_id: described(Schema.NullOr(RealTimeDecisionId), realTimeDecisionText),
  /** The reason the user gave when declining through a real-time decision. */
  real_time_decision_reason: described(
    Schema.NullOr(AuthorizationDeclineReason),
    "The reason you gave when declining through a real-time decision (`other` when you gave none); null when the decline was not yours. " +
      authorizationDeclineReasonValues
  ),
  reason: described(CardDeclineReason, cardDeclineReasonDescription),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  terminal_id: described(Schema.NullOr(Schema.String), terminalIdText),
  verification: described(Verification, verificationText)
}) {}

/** A single-message transaction: authorized and posted at once. */
export class CardFinancial extends Schema.Class<CardFinancial>("CardFinancial")({
  id: described(CardFinancialId, "The card financial's identifier."),
  actioner: described(Actioner, actionerDescription),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  amount: described(
    Amount,
    "The amount in the minor unit of the transaction's currency (cents for USD), authorized and cleared in this single message."
  ),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  currency: described(Currency, usdText),
  digital_wallet_token_id: described(Schema.NullOr(DigitalWalletTokenId), walletTokenText),
  direction: described(Direction, directionDescription),
  ...merchantFields,
  network_details: described(NetworkDetails, networkDetailsText),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  network_risk_score: described(Schema.NullOr(NetworkRiskScore), riskScoreText),
  physical_card_id: described(Schema.NullOr(PhysicalCardId), physicalCardText),
  presentment_amount: described(
    Amount,
    "The amount in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  processing_category: described(ProcessingCategory, processingCategoryDescription),
  real_time_decision_id: described(Schema.NullOr(RealTimeDecisionId), realTimeDecisionText),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  terminal_id: described(Schema.NullOr(Schema.String), terminalIdText),
  transaction_id: described(TransactionId, "The transaction that posted the amount."),
  type: described(Schema.tag("card_financial"), "Always `card_financial`: the type of this object."),
  verification: described(Verification, verificationText)
}) {}

/**
 * The amount an automatic fuel dispenser actually dispensed. The wire object
 * carries it as `updated_authorization_amount`.
 */
export class CardFuelConfirmation extends Schema.Class<CardFuelConfirmation>("CardFuelConfirmation")({
  id: described(CardFuelConfirmationId, "The card fuel confirmation's identifier."),
  card_authorization_id: described(
    CardAuthorizationId,
    "The card authorization (at a fuel pump) whose amount this confirms."
  ),
  currency: described(Currency, usdText),
  network: described(Network, networkDescription),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The pending transaction of the authorization; null when it has none."
  ),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  type: described(Schema.tag("card_fuel_confirmation"), "Always `card_fuel_confirmation`: the type of this object."),
  updated_authorization_amount: described(
    Amount,
    "The amount the fuel dispenser actually dispensed, in the minor unit of the transaction's currency (cents for USD): at most what the authorization still holds. It is added to the payment's `fuel_confirmed_amount`; the hold is unchanged."
  )
}) {}

export class CardIncrement extends Schema.Class<CardIncrement>("CardIncrement")({
  id: described(CardIncrementId, "The card increment's identifier."),
  actioner: described(Actioner, actionerDescription),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  amount: described(
    Amount,
    "The amount the increment adds to the authorization, in the minor unit of the transaction's currency (cents for USD)."
  ),
  card_authorization_id: described(CardAuthorizationId, "The card authorization this increments."),
  currency: described(Currency, usdText),
  network: described(Network, networkDescription),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  network_risk_score: described(Schema.NullOr(NetworkRiskScore), riskScoreText),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The pending transaction whose hold grew; null when the authorization holds nothing."
  ),
  presentment_amount: described(
    Amount,
    "The increment in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  real_time_decision_id: described(
    Schema.NullOr(RealTimeDecisionId),
    "The real-time decision that asked you to approve the increment; null when the service decided itself."
  ),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  type: described(Schema.tag("card_increment"), "Always `card_increment`: the type of this object."),
  /** The outstanding hold after this increment. */
  updated_authorization_amount: described(
    Amount,
    "The authorization's outstanding amount after this increment, in the minor unit of the transaction's currency (cents for USD)."
  )
}) {}

/** The interchange and merchant fields a settlement and a refund both carry, as the clearing message gives them. */
const clearedMerchantFields = {
  interchange: described(
    Schema.NullOr(Interchange),
    "The interchange assessed on this transaction; null when none was reported (always so in the sandbox)."
  ),
  merchant_acceptor_id: described(Schema.String, "The merchant identifier (MID) of the merchant."),
  merchant_category_code: described(
    Schema.String,
    "The Merchant Category Code (MCC) of the merchant: four digits naming its line of business."
  ),
  merchant_city: described(Schema.String, "The city the merchant resides in."),
  merchant_country: described(
    Schema.String,
    "The country the merchant resides in, as an ISO 3166-1 alpha-2 code (for example `US`)."
  ),
  merchant_name: described(Schema.String, "The merchant's name as the clearing message gives it."),
  merchant_postal_code: described(
    Schema.NullOr(Schema.String),
    "The merchant's postal code (for US merchants a 5- or 9-digit ZIP code); null when the network did not give it."
  ),
  merchant_state: described(
    Schema.NullOr(Schema.String),
    "The state the merchant resides in; null when the network did not give it."
  )
}
/** Money returned to the cardholder; also the `card_refund` source of its transaction. */
export class CardRefund extends Schema.Class<CardRefund>("CardRefund")({
  id: described(CardRefundId, "The card refund's identifier."),
  amount: described(
    Amount,
    "The refunded amount in the minor unit of the transaction's settlement currency (cents for USD), credited to the account."
  ),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  cashback: described(
    Schema.NullOr(Cashback),
    "Cashback debited for this refund; null when not eligible (always so in the sandbox)."
  ),
  currency: described(Currency, usdText),
  ...clearedMerchantFields,
  network_identifiers: described(ClearingNetworkIdentifiers, "Identifiers the card network assigned to this refund."),
  presentment_amount: described(
    Amount,
    "The refunded amount in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  purchase_details: described(
    Schema.NullOr(PurchaseDetails),
    "Additional details the merchant sent with the clearing message, such as taxes and industry-specific fields; null when none (always so in the sandbox)."
  ),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  transaction_id: described(TransactionId, "The transaction that credited the refund to the account."),
  type: described(Schema.tag("card_refund"), "Always `card_refund`: the type of this object.")
}) {}

export const ReversalReason = Schema.Literals([
  "reversed_by_customer",
  "reversed_by_network_or_acquirer",
  "reversed_by_point_of_sale",
  "partial_reversal"
])
export type ReversalReason = typeof ReversalReason.Type

export class CardReversal extends Schema.Class<CardReversal>("CardReversal")({
  id: described(CardReversalId, "The card reversal's identifier."),
  card_authorization_id: described(CardAuthorizationId, "The card authorization this reverses."),
  currency: described(Currency, usdText),
  merchant_acceptor_id: described(Schema.String, "The merchant identifier (MID) of the merchant."),
  merchant_category_code: described(
    Schema.String,
    "The Merchant Category Code (MCC) of the merchant: four digits naming its line of business."
  ),
  merchant_city: described(
    Schema.NullOr(Schema.String),
    "The city the merchant resides in; null when the network did not give it."
  ),
  merchant_country: described(
    Schema.NullOr(Schema.String),
    "The country the merchant resides in, as an ISO 3166-1 alpha-2 code; null when the network did not give it."
  ),
  merchant_descriptor: described(
    Schema.String,
    "The merchant descriptor: the merchant's name as it appears on statements."
  ),
  merchant_postal_code: described(
    Schema.NullOr(Schema.String),
    "The merchant's postal code (for US merchants a 5- or 9-digit ZIP code); null when the network did not give it."
  ),
  merchant_state: described(
    Schema.NullOr(Schema.String),
    "The state the merchant resides in; null when the network did not give it."
  ),
  network: described(Network, networkDescription),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The pending transaction whose hold the reversal lowered (or completed); null when the authorization holds nothing."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  reversal_amount: described(
    Amount,
    "The amount reversed, in the minor unit of the transaction's currency (cents for USD)."
  ),
  reversal_presentment_amount: described(
    Amount,
    "The amount reversed, in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  reversal_reason: described(
    Schema.NullOr(ReversalReason),
    "Why the reversal was made. `reversed_by_customer`: at the customer's request. `reversed_by_network_or_acquirer`: by the network or the acquirer. `reversed_by_point_of_sale`: by the point-of-sale device. `partial_reversal`: a partial reversal, for any reason. Null when the network gave no reason."
  ),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  terminal_id: described(Schema.NullOr(Schema.String), terminalIdText),
  type: described(Schema.tag("card_reversal"), "Always `card_reversal`: the type of this object."),
  /** The outstanding hold after this reversal. */
  updated_authorization_amount: described(
    Amount,
    "The amount left pending on the card authorization after this reversal, in the minor unit of the transaction's currency (cents for USD); 0 after a full reversal."
  ),
  updated_authorization_presentment_amount: described(
    Amount,
    "The amount left pending on the card authorization after this reversal, in the minor unit of the presentment currency."
  )
}) {}

/** The merchant's clearing of a purchase; also the `card_settlement` source of its transaction. */
export class CardSettlement extends Schema.Class<CardSettlement>("CardSettlement")({
  id: described(CardSettlementId, "The card settlement's identifier."),
  amount: described(
    Amount,
    "The settled amount in the minor unit of the transaction's settlement currency (cents for USD), debited from the account."
  ),
  /** The authorization settled; null for a settlement forced without one. */
  card_authorization: described(
    Schema.NullOr(CardAuthorizationId),
    "The identifier of the card authorization this settles; null for a settlement forced without one."
  ),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  cashback: described(
    Schema.NullOr(Cashback),
    "Cashback earned on this transaction, paid out monthly in aggregate; null when not eligible (always so in the sandbox)."
  ),
  currency: described(Currency, usdText),
  ...clearedMerchantFields,
  network: described(Network, networkDescription),
  network_identifiers: described(
    ClearingNetworkIdentifiers,
    "Identifiers the card network assigned to this settlement."
  ),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The pending transaction of the settled authorization, completed by the settlement; null for a forced settlement."
  ),
  presentment_amount: described(
    Amount,
    "The settled amount in the minor unit of the presentment currency, the currency the cardholder saw."
  ),
  presentment_currency: described(CurrencyCode, presentmentCurrencyText),
  purchase_details: described(
    Schema.NullOr(PurchaseDetails),
    "Additional details the merchant sent with the clearing message, such as taxes and industry-specific fields; null when none (always so in the sandbox)."
  ),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  surcharge: described(Schema.NullOr(Surcharge), "The surcharge within the amount; null when there is none."),
  transaction_id: described(TransactionId, "The transaction that posted the settlement (debited the account)."),
  type: described(Schema.tag("card_settlement"), "Always `card_settlement`: the type of this object.")
}) {}

/** A zero-amount check that the card is valid (account verification). */
export class CardValidation extends Schema.Class<CardValidation>("CardValidation")({
  id: described(CardValidationId, "The card validation's identifier."),
  actioner: described(Actioner, actionerDescription),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  card_payment_id: described(CardPaymentId, cardPaymentIdText),
  currency: described(Currency, usdText),
  digital_wallet_token_id: described(Schema.NullOr(DigitalWalletTokenId), walletTokenText),
  ...merchantFields,
  network_details: described(NetworkDetails, networkDetailsText),
  network_identifiers: described(NetworkIdentifiers, networkIdentifiersText),
  network_risk_score: described(Schema.NullOr(NetworkRiskScore), riskScoreText),
  physical_card_id: described(Schema.NullOr(PhysicalCardId), physicalCardText),
  real_time_decision_id: described(Schema.NullOr(RealTimeDecisionId), realTimeDecisionText),
  scheme_fees: described(Schema.Array(SchemeFee), schemeFeesText),
  terminal_id: described(Schema.NullOr(Schema.String), terminalIdText),
  // the wire name of this object type differs from its element category
  type: described(Schema.tag("inbound_card_validation"), "Always `inbound_card_validation`: the type of this object."),
  verification: described(Verification, verificationText)
}) {}
