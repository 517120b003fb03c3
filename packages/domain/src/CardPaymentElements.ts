/**
 * The elements of a card payment: one schema per interaction with the card
 * network (authentication, authorization, decline, increment, reversal,
 * expiration, settlement, refund, fuel confirmation, balance inquiry…), and the
 * `Element` union `{category, created_at, <category>: object}`. Several of
 * these objects are also the `source` of the transaction, pending transaction
 * or declined transaction they cause. The rules that add elements to a card
 * payment live in `CardPayment.ts`.
 */
import { Schema } from "effect"
import { CardAuthentication } from "./CardAuthentication.js"
import {
  Actioner,
  AdditionalAmounts,
  AuthorizationDeclineReason,
  CardDeclineReason,
  ClearingNetworkIdentifiers,
  DecimalString,
  Direction,
  Healthcare,
  merchantFields,
  Network,
  NetworkDetails,
  NetworkIdentifiers,
  NetworkRiskScore,
  ProcessingCategory,
  SchemeFee,
  Verification
} from "./CardNetwork.js"
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
} from "./Ids.js"
import { Amount, Currency, CurrencyCode } from "./Money.js"
import { Timestamp } from "./Timestamp.js"

/** A hold on the account while the merchant has not settled; also the `card_authorization` source of its pending transaction. */
export class CardAuthorization extends Schema.Class<CardAuthorization>("CardAuthorization")({
  id: CardAuthorizationId,
  actioner: Actioner,
  additional_amounts: AdditionalAmounts,
  /** The pending amount, in USD cents. */
  amount: Amount,
  card_payment_id: CardPaymentId,
  currency: Currency,
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  direction: Direction,
  /** When the hold is released if the merchant has not settled. */
  expires_at: Timestamp,
  healthcare: Schema.NullOr(Healthcare),
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  processing_category: ProcessingCategory,
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  scheme_fees: Schema.Array(SchemeFee),
  terminal_id: Schema.NullOr(Schema.String),
  type: Schema.tag("card_authorization"),
  verification: Verification
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
  id: CardAuthorizationExpirationId,
  card_authorization_id: CardAuthorizationId,
  currency: Currency,
  /** The hold released by the expiration. */
  expired_amount: Amount,
  network: Network,
  type: Schema.tag("card_authorization_expiration")
}) {}

export class CardBalanceInquiry extends Schema.Class<CardBalanceInquiry>("CardBalanceInquiry")({
  id: CardBalanceInquiryId,
  additional_amounts: AdditionalAmounts,
  /** The balance reported to the merchant. */
  balance: Amount,
  card_payment_id: CardPaymentId,
  currency: Currency,
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  scheme_fees: Schema.Array(SchemeFee),
  terminal_id: Schema.NullOr(Schema.String),
  type: Schema.tag("card_balance_inquiry"),
  verification: Verification
}) {}

/**
 * A declined authorization (or increment): also the `card_decline` source of
 * its declined transaction. The wire object has no `type` field.
 */
export class CardDecline extends Schema.Class<CardDecline>("CardDecline")({
  id: CardDeclineId,
  actioner: Actioner,
  additional_amounts: AdditionalAmounts,
  amount: Amount,
  card_payment_id: CardPaymentId,
  currency: Currency,
  declined_transaction_id: DeclinedTransactionId,
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  direction: Direction,
  /** Set when the declined request was an increment of that authorization. */
  incremented_card_authorization_id: Schema.NullOr(CardAuthorizationId),
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  processing_category: ProcessingCategory,
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  /** The reason the user gave when declining through a real-time decision. */
  real_time_decision_reason: Schema.NullOr(AuthorizationDeclineReason),
  reason: CardDeclineReason,
  scheme_fees: Schema.Array(SchemeFee),
  terminal_id: Schema.NullOr(Schema.String),
  verification: Verification
}) {}

/** A single-message transaction: authorized and posted at once. */
export class CardFinancial extends Schema.Class<CardFinancial>("CardFinancial")({
  id: CardFinancialId,
  actioner: Actioner,
  additional_amounts: AdditionalAmounts,
  amount: Amount,
  card_payment_id: CardPaymentId,
  currency: Currency,
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  direction: Direction,
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  processing_category: ProcessingCategory,
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  scheme_fees: Schema.Array(SchemeFee),
  terminal_id: Schema.NullOr(Schema.String),
  transaction_id: TransactionId,
  type: Schema.tag("card_financial"),
  verification: Verification
}) {}

/**
 * The amount an automatic fuel dispenser actually dispensed. The wire object
 * carries it as `updated_authorization_amount`.
 */
export class CardFuelConfirmation extends Schema.Class<CardFuelConfirmation>("CardFuelConfirmation")({
  id: CardFuelConfirmationId,
  card_authorization_id: CardAuthorizationId,
  currency: Currency,
  network: Network,
  network_identifiers: NetworkIdentifiers,
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  scheme_fees: Schema.Array(SchemeFee),
  type: Schema.tag("card_fuel_confirmation"),
  updated_authorization_amount: Amount
}) {}

export class CardIncrement extends Schema.Class<CardIncrement>("CardIncrement")({
  id: CardIncrementId,
  actioner: Actioner,
  additional_amounts: AdditionalAmounts,
  amount: Amount,
  card_authorization_id: CardAuthorizationId,
  currency: Currency,
  network: Network,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  scheme_fees: Schema.Array(SchemeFee),
  type: Schema.tag("card_increment"),
  /** The outstanding hold after this increment. */
  updated_authorization_amount: Amount
}) {}

export const Cashback = Schema.Struct({ amount: DecimalString, currency: Currency })
export type Cashback = typeof Cashback.Type

export const Interchange = Schema.Struct({
  amount: DecimalString,
  code: Schema.NullOr(Schema.String),
  currency: Currency
})
export type Interchange = typeof Interchange.Type

const nullableAmount = Schema.NullOr(Amount)
const nullableCurrency = Schema.NullOr(Schema.String)

export const CarRental = Schema.Struct({
  car_class_code: Schema.NullOr(Schema.String),
  checkout_date: Schema.NullOr(Schema.String),
  daily_rental_rate_amount: nullableAmount,
  daily_rental_rate_currency: nullableCurrency,
  days_rented: Schema.NullOr(Schema.Int),
  extra_charges: Schema.NullOr(
    Schema.Literals([
      "no_extra_charge",
      "gas",
      "extra_mileage",
      "late_return",
      "one_way_service_fee",
      "parking_violation"
    ])
  ),
  fuel_charges_amount: nullableAmount,
  fuel_charges_currency: nullableCurrency,
  insurance_charges_amount: nullableAmount,
  insurance_charges_currency: nullableCurrency,
  no_show_indicator: Schema.NullOr(Schema.Literals(["not_applicable", "no_show_for_specialized_vehicle"])),
  one_way_drop_off_charges_amount: nullableAmount,
  one_way_drop_off_charges_currency: nullableCurrency,
  renter_name: Schema.NullOr(Schema.String),
  weekly_rental_rate_amount: nullableAmount,
  weekly_rental_rate_currency: nullableCurrency
})
export type CarRental = typeof CarRental.Type

export const Lodging = Schema.Struct({
  check_in_date: Schema.NullOr(Schema.String),
  daily_room_rate_amount: nullableAmount,
  daily_room_rate_currency: nullableCurrency,
  extra_charges: Schema.NullOr(
    Schema.Literals(["no_extra_charge", "restaurant", "gift_shop", "mini_bar", "telephone", "other", "laundry"])
  ),
  folio_cash_advances_amount: nullableAmount,
  folio_cash_advances_currency: nullableCurrency,
  food_beverage_charges_amount: nullableAmount,
  food_beverage_charges_currency: nullableCurrency,
  no_show_indicator: Schema.NullOr(Schema.Literals(["not_applicable", "no_show"])),
  prepaid_expenses_amount: nullableAmount,
  prepaid_expenses_currency: nullableCurrency,
  room_nights: Schema.NullOr(Schema.Int),
  total_room_tax_amount: nullableAmount,
  total_room_tax_currency: nullableCurrency,
  total_tax_amount: nullableAmount,
  total_tax_currency: nullableCurrency
})
export type Lodging = typeof Lodging.Type

export const AncillaryService = Schema.Struct({
  category: Schema.NullOr(
    Schema.Literals([
      "none",
      "bundled_service",
      "baggage_fee",
      "change_fee",
      "cargo",
      "carbon_offset",
      "frequent_flyer",
      "gift_card",
      "ground_transport",
      "in_flight_entertainment",
      "lounge",
      "medical",
      "meal_beverage",
      "other",
      "passenger_assist_fee",
      "pets",
      "seat_fees",
      "standby",
      "service_fee",
      "store",
      "travel_service",
      "unaccompanied_travel",
      "upgrades",
      "wifi"
    ])
  ),
  sub_category: Schema.NullOr(Schema.String)
})

export const Ancillary = Schema.Struct({
  connected_ticket_document_number: Schema.NullOr(Schema.String),
  credit_reason_indicator: Schema.NullOr(
    Schema.Literals([
      "no_credit",
      "passenger_transport_ancillary_purchase_cancellation",
      "airline_ticket_and_passenger_transport_ancillary_purchase_cancellation",
      "other"
    ])
  ),
  passenger_name_or_description: Schema.NullOr(Schema.String),
  services: Schema.Array(AncillaryService),
  ticket_document_number: Schema.NullOr(Schema.String)
})

export const TripLeg = Schema.Struct({
  carrier_code: Schema.NullOr(Schema.String),
  destination_city_airport_code: Schema.NullOr(Schema.String),
  fare_basis_code: Schema.NullOr(Schema.String),
  flight_number: Schema.NullOr(Schema.String),
  service_class: Schema.NullOr(Schema.String),
  stop_over_code: Schema.NullOr(Schema.Literals(["none", "stop_over_allowed", "stop_over_not_allowed"]))
})

export const Travel = Schema.Struct({
  ancillary: Schema.NullOr(Ancillary),
  computerized_reservation_system: Schema.NullOr(Schema.String),
  credit_reason_indicator: Schema.NullOr(
    Schema.Literals([
      "no_credit",
      "passenger_transport_ancillary_purchase_cancellation",
      "airline_ticket_and_passenger_transport_ancillary_purchase_cancellation",
      "airline_ticket_cancellation",
      "other",
      "partial_refund_of_airline_ticket"
    ])
  ),
  departure_date: Schema.NullOr(Schema.String),
  origination_city_airport_code: Schema.NullOr(Schema.String),
  passenger_name: Schema.NullOr(Schema.String),
  restricted_ticket_indicator: Schema.NullOr(Schema.Literals(["no_restrictions", "restricted_non_refundable_ticket"])),
  ticket_change_indicator: Schema.NullOr(Schema.Literals(["none", "change_to_existing_ticket", "new_ticket"])),
  ticket_number: Schema.NullOr(Schema.String),
  travel_agency_code: Schema.NullOr(Schema.String),
  travel_agency_name: Schema.NullOr(Schema.String),
  trip_legs: Schema.NullOr(Schema.Array(TripLeg))
})
export type Travel = typeof Travel.Type

/** Additional details the merchant sent with the clearing message (level 2/3 data). */
export const PurchaseDetails = Schema.Struct({
  car_rental: Schema.NullOr(CarRental),
  customer_reference_identifier: Schema.NullOr(Schema.String),
  local_tax_amount: nullableAmount,
  local_tax_currency: nullableCurrency,
  lodging: Schema.NullOr(Lodging),
  national_tax_amount: nullableAmount,
  national_tax_currency: nullableCurrency,
  purchase_identifier: Schema.NullOr(Schema.String),
  purchase_identifier_format: Schema.NullOr(
    Schema.Literals(["free_text", "order_number", "rental_agreement_number", "hotel_folio_number", "invoice_number"])
  ),
  travel: Schema.NullOr(Travel)
}).annotate({ identifier: "CardPurchaseDetails" })
export type PurchaseDetails = typeof PurchaseDetails.Type

/** Money returned to the cardholder; also the `card_refund` source of its transaction. */
export class CardRefund extends Schema.Class<CardRefund>("CardRefund")({
  id: CardRefundId,
  amount: Amount,
  card_payment_id: CardPaymentId,
  cashback: Schema.NullOr(Cashback),
  currency: Currency,
  interchange: Schema.NullOr(Interchange),
  merchant_acceptor_id: Schema.String,
  merchant_category_code: Schema.String,
  merchant_city: Schema.String,
  merchant_country: Schema.String,
  merchant_name: Schema.String,
  merchant_postal_code: Schema.NullOr(Schema.String),
  merchant_state: Schema.NullOr(Schema.String),
  network_identifiers: ClearingNetworkIdentifiers,
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  purchase_details: Schema.NullOr(PurchaseDetails),
  scheme_fees: Schema.Array(SchemeFee),
  transaction_id: TransactionId,
  type: Schema.tag("card_refund")
}) {}

export const ReversalReason = Schema.Literals([
  "reversed_by_customer",
  "reversed_by_network_or_acquirer",
  "reversed_by_point_of_sale",
  "partial_reversal"
])
export type ReversalReason = typeof ReversalReason.Type

export class CardReversal extends Schema.Class<CardReversal>("CardReversal")({
  id: CardReversalId,
  card_authorization_id: CardAuthorizationId,
  currency: Currency,
  merchant_acceptor_id: Schema.String,
  merchant_category_code: Schema.String,
  merchant_city: Schema.NullOr(Schema.String),
  merchant_country: Schema.NullOr(Schema.String),
  merchant_descriptor: Schema.String,
  merchant_postal_code: Schema.NullOr(Schema.String),
  merchant_state: Schema.NullOr(Schema.String),
  network: Network,
  network_identifiers: NetworkIdentifiers,
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  presentment_currency: CurrencyCode,
  reversal_amount: Amount,
  reversal_presentment_amount: Amount,
  reversal_reason: Schema.NullOr(ReversalReason),
  scheme_fees: Schema.Array(SchemeFee),
  terminal_id: Schema.NullOr(Schema.String),
  type: Schema.tag("card_reversal"),
  /** The outstanding hold after this reversal. */
  updated_authorization_amount: Amount,
  updated_authorization_presentment_amount: Amount
}) {}

export const Surcharge = Schema.Struct({ amount: Amount, presentment_amount: Amount })
export type Surcharge = typeof Surcharge.Type

/** The merchant's clearing of a purchase; also the `card_settlement` source of its transaction. */
export class CardSettlement extends Schema.Class<CardSettlement>("CardSettlement")({
  id: CardSettlementId,
  amount: Amount,
  /** The authorization settled; null for a settlement forced without one. */
  card_authorization: Schema.NullOr(CardAuthorizationId),
  card_payment_id: CardPaymentId,
  cashback: Schema.NullOr(Cashback),
  currency: Currency,
  interchange: Schema.NullOr(Interchange),
  merchant_acceptor_id: Schema.String,
  merchant_category_code: Schema.String,
  merchant_city: Schema.String,
  merchant_country: Schema.String,
  merchant_name: Schema.String,
  merchant_postal_code: Schema.NullOr(Schema.String),
  merchant_state: Schema.NullOr(Schema.String),
  network: Network,
  network_identifiers: ClearingNetworkIdentifiers,
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  purchase_details: Schema.NullOr(PurchaseDetails),
  scheme_fees: Schema.Array(SchemeFee),
  surcharge: Schema.NullOr(Surcharge),
  transaction_id: TransactionId,
  type: Schema.tag("card_settlement")
}) {}

/** A zero-amount check that the card is valid (account verification). */
export class CardValidation extends Schema.Class<CardValidation>("CardValidation")({
  id: CardValidationId,
  actioner: Actioner,
  additional_amounts: AdditionalAmounts,
  card_payment_id: CardPaymentId,
  currency: Currency,
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  scheme_fees: Schema.Array(SchemeFee),
  terminal_id: Schema.NullOr(Schema.String),
  // the wire name of this object type differs from its element category
  type: Schema.tag("inbound_card_validation"),
  verification: Verification
}) {}

/**
 * An interaction this version does not model: its object is kept as it came.
 * What can arrive is JSON, so property tests draw JSON objects for it
 * (`otherElementObjectArbitrary` in `testing/CardSchemas.ts`).
 */
export const Other = Schema.Record(Schema.String, Schema.Unknown).annotate({
  identifier: "CardPaymentOtherElement"
})
export type Other = typeof Other.Type

/*
 * An element is `{category, created_at, <category>: object}`; the object named
 * after the category is the only one present, which one struct per category
 * states exactly.
 */
export const CardAuthenticationElement = Schema.Struct({
  category: Schema.Literal("card_authentication"),
  created_at: Timestamp,
  card_authentication: CardAuthentication
})
export const CardAuthorizationElement = Schema.Struct({
  category: Schema.Literal("card_authorization"),
  created_at: Timestamp,
  card_authorization: CardAuthorization
})
export const CardAuthorizationExpirationElement = Schema.Struct({
  category: Schema.Literal("card_authorization_expiration"),
  created_at: Timestamp,
  card_authorization_expiration: CardAuthorizationExpiration
})
export const CardBalanceInquiryElement = Schema.Struct({
  category: Schema.Literal("card_balance_inquiry"),
  created_at: Timestamp,
  card_balance_inquiry: CardBalanceInquiry
})
export const CardDeclineElement = Schema.Struct({
  category: Schema.Literal("card_decline"),
  created_at: Timestamp,
  card_decline: CardDecline
})
export const CardFinancialElement = Schema.Struct({
  category: Schema.Literal("card_financial"),
  created_at: Timestamp,
  card_financial: CardFinancial
})
export const CardFuelConfirmationElement = Schema.Struct({
  category: Schema.Literal("card_fuel_confirmation"),
  created_at: Timestamp,
  card_fuel_confirmation: CardFuelConfirmation
})
export const CardIncrementElement = Schema.Struct({
  category: Schema.Literal("card_increment"),
  created_at: Timestamp,
  card_increment: CardIncrement
})
export const CardRefundElement = Schema.Struct({
  category: Schema.Literal("card_refund"),
  created_at: Timestamp,
  card_refund: CardRefund
})
export const CardReversalElement = Schema.Struct({
  category: Schema.Literal("card_reversal"),
  created_at: Timestamp,
  card_reversal: CardReversal
})
export const CardSettlementElement = Schema.Struct({
  category: Schema.Literal("card_settlement"),
  created_at: Timestamp,
  card_settlement: CardSettlement
})
export const CardValidationElement = Schema.Struct({
  category: Schema.Literal("card_validation"),
  created_at: Timestamp,
  card_validation: CardValidation
})
export const OtherElement = Schema.Struct({
  category: Schema.Literal("other"),
  created_at: Timestamp,
  other: Other
})

export const Element = Schema.Union([
  CardAuthenticationElement,
  CardAuthorizationElement,
  CardAuthorizationExpirationElement,
  CardBalanceInquiryElement,
  CardDeclineElement,
  CardFinancialElement,
  CardFuelConfirmationElement,
  CardIncrementElement,
  CardRefundElement,
  CardReversalElement,
  CardSettlementElement,
  CardValidationElement,
  OtherElement
]).annotate({ identifier: "CardPaymentElement" })
export type Element = typeof Element.Type

export type ElementCategory = Element["category"]

export const elementCategories: ReadonlyArray<ElementCategory> = [
  "card_authentication",
  "card_authorization",
  "card_authorization_expiration",
  "card_balance_inquiry",
  "card_decline",
  "card_financial",
  "card_fuel_confirmation",
  "card_increment",
  "card_refund",
  "card_reversal",
  "card_settlement",
  "card_validation",
  "other"
]
