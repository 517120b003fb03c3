/**
 * A card payment groups every interaction of one purchase with the card
 * network (authentication, authorization, increments, reversals, settlement,
 * refunds…) into one object. Each interaction is an element; `state` keeps the
 * running totals of the elements' amounts.
 *
 * The arithmetic (decisions.md j):
 *
 * | element                                  | state                                                  |
 * |------------------------------------------|--------------------------------------------------------|
 * | card_authorization, direction settlement | authorized_amount += amount                            |
 * | card_authorization, direction refund     | refund_authorized_amount += amount                     |
 * | card_increment                           | incremented_amount += amount                           |
 * | card_reversal                            | reversed_amount += reversal_amount                     |
 * | card_settlement                          | settled_amount += amount                               |
 * | card_refund                              | refunded_amount += amount                              |
 * | card_fuel_confirmation                   | fuel_confirmed_amount += updated_authorization_amount  |
 * | any other                                | nothing                                                |
 *
 * The outstanding hold is authorized + incremented − reversed − settled,
 * floored at 0, and 0 once the authorization has expired. `applyElement`
 * fills in the fields derived from the state (`updated_authorization_amount`
 * of increments and reversals, `expired_amount`) so that they cannot disagree
 * with it, and refuses (`InvalidOperationError`):
 * - an element whose object names another card payment;
 * - a non-positive amount (a fuel confirmation may be 0);
 * - a second authorization, an authorization after a declined one or after
 *   money moved (settlement, refund, financial), a decline of an approved one;
 * - an increment, reversal, fuel confirmation or expiration without an open
 *   settlement authorization (one that exists, is the one named, has not
 *   expired and still holds money);
 * - a reversal or a settlement of more than is outstanding (a settlement that
 *   names no authorization is a forced one, only on a payment without one);
 * - a refund beyond what was settled or refund-authorized and not yet refunded;
 * - a second fuel confirmation (one per authorization) or authentication.
 */
import { Either, Schema } from "effect"
import {
  CardAuthentication,
  type Command as CardAuthenticationCommand,
  transition as transitionAuthentication
} from "./CardAuthentication.js"
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
import { InvalidOperationError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import {
  AccountId,
  CardAuthorizationExpirationId,
  CardAuthorizationId,
  CardBalanceInquiryId,
  CardDeclineId,
  CardFinancialId,
  CardFuelConfirmationId,
  CardId,
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
    Schema.Literal("no_extra_charge", "gas", "extra_mileage", "late_return", "one_way_service_fee", "parking_violation")
  ),
  fuel_charges_amount: nullableAmount,
  fuel_charges_currency: nullableCurrency,
  insurance_charges_amount: nullableAmount,
  insurance_charges_currency: nullableCurrency,
  no_show_indicator: Schema.NullOr(Schema.Literal("not_applicable", "no_show_for_specialized_vehicle")),
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
    Schema.Literal("no_extra_charge", "restaurant", "gift_shop", "mini_bar", "telephone", "other", "laundry")
  ),
  folio_cash_advances_amount: nullableAmount,
  folio_cash_advances_currency: nullableCurrency,
  food_beverage_charges_amount: nullableAmount,
  food_beverage_charges_currency: nullableCurrency,
  no_show_indicator: Schema.NullOr(Schema.Literal("not_applicable", "no_show")),
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
    Schema.Literal(
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
    )
  ),
  sub_category: Schema.NullOr(Schema.String)
})

export const Ancillary = Schema.Struct({
  connected_ticket_document_number: Schema.NullOr(Schema.String),
  credit_reason_indicator: Schema.NullOr(
    Schema.Literal(
      "no_credit",
      "passenger_transport_ancillary_purchase_cancellation",
      "airline_ticket_and_passenger_transport_ancillary_purchase_cancellation",
      "other"
    )
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
  stop_over_code: Schema.NullOr(Schema.Literal("none", "stop_over_allowed", "stop_over_not_allowed"))
})

export const Travel = Schema.Struct({
  ancillary: Schema.NullOr(Ancillary),
  computerized_reservation_system: Schema.NullOr(Schema.String),
  credit_reason_indicator: Schema.NullOr(
    Schema.Literal(
      "no_credit",
      "passenger_transport_ancillary_purchase_cancellation",
      "airline_ticket_and_passenger_transport_ancillary_purchase_cancellation",
      "airline_ticket_cancellation",
      "other",
      "partial_refund_of_airline_ticket"
    )
  ),
  departure_date: Schema.NullOr(Schema.String),
  origination_city_airport_code: Schema.NullOr(Schema.String),
  passenger_name: Schema.NullOr(Schema.String),
  restricted_ticket_indicator: Schema.NullOr(Schema.Literal("no_restrictions", "restricted_non_refundable_ticket")),
  ticket_change_indicator: Schema.NullOr(Schema.Literal("none", "change_to_existing_ticket", "new_ticket")),
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
    Schema.Literal("free_text", "order_number", "rental_agreement_number", "hotel_folio_number", "invoice_number")
  ),
  travel: Schema.NullOr(Travel)
}).annotations({ identifier: "CardPurchaseDetails" })
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

export const ReversalReason = Schema.Literal(
  "reversed_by_customer",
  "reversed_by_network_or_acquirer",
  "reversed_by_point_of_sale",
  "partial_reversal"
)
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

/** An interaction this version does not model: its object is kept as it came. */
export const Other = Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
  identifier: "CardPaymentOtherElement",
  // what can arrive is JSON, so property tests draw JSON (any value would not survive the wire)
  arbitrary: () => (fc) =>
    fc.dictionary(fc.stringMatching(/^[a-z_]{1,16}$/), fc.json().map((text): unknown => JSON.parse(text)), {
      maxKeys: 4
    })
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

export const Element = Schema.Union(
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
).annotations({ identifier: "CardPaymentElement" })
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

/** Running totals over the elements, in USD cents. */
export const State = Schema.Struct({
  authorized_amount: Amount,
  fuel_confirmed_amount: Amount,
  incremented_amount: Amount,
  refund_authorized_amount: Amount,
  refunded_amount: Amount,
  reversed_amount: Amount,
  settled_amount: Amount
}).annotations({ identifier: "CardPaymentState" })
export type State = typeof State.Type

export const emptyState: State = {
  authorized_amount: 0,
  fuel_confirmed_amount: 0,
  incremented_amount: 0,
  refund_authorized_amount: 0,
  refunded_amount: 0,
  reversed_amount: 0,
  settled_amount: 0
}

export class CardPayment extends Schema.Class<CardPayment>("CardPayment")({
  id: CardPaymentId,
  account_id: AccountId,
  card_id: CardId,
  created_at: Timestamp,
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  elements: Schema.Array(Element),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  state: State,
  type: Schema.tag("card_payment")
}) {}

/** Creates a card payment: every field of the payment but its elements and state. */
export interface CreateCardPayment {
  readonly id: CardPaymentId
  readonly account_id: AccountId
  readonly card_id: CardId
  readonly created_at: Timestamp
  readonly digital_wallet_token_id: DigitalWalletTokenId | null
  readonly physical_card_id: PhysicalCardId | null
}

export interface Transition {
  readonly next: CardPayment
  readonly events: ReadonlyArray<PendingEvent>
}

/** The authorization of the payment, if it has one (a payment has at most one). */
export const authorizationOf = (cardPayment: CardPayment): CardAuthorization | undefined => {
  for (const element of cardPayment.elements) {
    if (element.category === "card_authorization") return element.card_authorization
  }
  return undefined
}

export const hasExpired = (cardPayment: CardPayment): boolean =>
  cardPayment.elements.some((element) => element.category === "card_authorization_expiration")

/**
 * What is still held: authorized + incremented − reversed − settled, floored
 * at 0 (a settlement forced without authorization holds nothing), and 0 once
 * the authorization has expired (its hold was released).
 */
export const outstandingAuthorization = (cardPayment: CardPayment): number => {
  if (hasExpired(cardPayment)) return 0
  const { authorized_amount, incremented_amount, reversed_amount, settled_amount } = cardPayment.state
  return Math.max(0, authorized_amount + incremented_amount - reversed_amount - settled_amount)
}

/** The card payment an element's object names, when it names one. */
export const cardPaymentIdOf = (element: Element): CardPaymentId | undefined => {
  switch (element.category) {
    case "card_authentication":
      return element.card_authentication.card_payment_id
    case "card_authorization":
      return element.card_authorization.card_payment_id
    case "card_balance_inquiry":
      return element.card_balance_inquiry.card_payment_id
    case "card_decline":
      return element.card_decline.card_payment_id
    case "card_financial":
      return element.card_financial.card_payment_id
    case "card_refund":
      return element.card_refund.card_payment_id
    case "card_settlement":
      return element.card_settlement.card_payment_id
    case "card_validation":
      return element.card_validation.card_payment_id
    case "card_authorization_expiration":
    case "card_fuel_confirmation":
    case "card_increment":
    case "card_reversal":
    case "other":
      return undefined
  }
}

/** The authorization an element acts on, for the elements that act on one. */
export const cardAuthorizationIdOf = (element: Element): CardAuthorizationId | undefined => {
  switch (element.category) {
    case "card_authorization_expiration":
      return element.card_authorization_expiration.card_authorization_id
    case "card_fuel_confirmation":
      return element.card_fuel_confirmation.card_authorization_id
    case "card_increment":
      return element.card_increment.card_authorization_id
    case "card_reversal":
      return element.card_reversal.card_authorization_id
    case "card_settlement":
      return element.card_settlement.card_authorization ?? undefined
    default:
      return undefined
  }
}

type Outcome = Either.Either<{ readonly element: Element; readonly state: State }, InvalidOperationError>

const refuse = (detail: string): Either.Either<never, InvalidOperationError> =>
  Either.left(new InvalidOperationError({ detail }))

const requirePositive = (amount: number, what: string): Either.Either<void, InvalidOperationError> =>
  amount > 0 ? Either.void : refuse(`The ${what} must be a positive amount (got ${amount}).`)

/**
 * Checks that the payment has a settlement authorization still holding money,
 * the one the element names.
 */
const requireOpenAuthorization = (
  cardPayment: CardPayment,
  element: Element,
  what: string
): Either.Either<CardAuthorization, InvalidOperationError> => {
  const authorization = authorizationOf(cardPayment)
  if (authorization === undefined) return refuse(`A ${what} needs an authorization; this card payment has none.`)
  if (cardAuthorizationIdOf(element) !== authorization.id) {
    return refuse(`The ${what} names another authorization than this card payment's (${authorization.id}).`)
  }
  if (authorization.direction !== "settlement") return refuse(`A refund authorization cannot take a ${what}.`)
  if (hasExpired(cardPayment)) return refuse(`The authorization has expired; it cannot take a ${what}.`)
  if (outstandingAuthorization(cardPayment) === 0) {
    return refuse(`The authorization holds nothing any more; it cannot take a ${what}.`)
  }
  return Either.right(authorization)
}

/** Elements that post money: an authorization can only precede them. */
const movesMoney = (element: Element): boolean =>
  element.category === "card_settlement" || element.category === "card_refund" || element.category === "card_financial"

const isAuthorizationDecline = (element: Element): boolean =>
  element.category === "card_decline" && element.card_decline.incremented_card_authorization_id === null

/** The arithmetic of one element: the element as stored (derived fields filled in) and the next totals. */
const arithmetic = (cardPayment: CardPayment, element: Element): Outcome => {
  const state = cardPayment.state
  const outstanding = outstandingAuthorization(cardPayment)
  switch (element.category) {
    case "card_authorization": {
      const authorization = element.card_authorization
      if (authorizationOf(cardPayment) !== undefined) return refuse("This card payment already has an authorization.")
      if (cardPayment.elements.some(isAuthorizationDecline)) {
        return refuse("This card payment's authorization was declined; a new attempt is a new card payment.")
      }
      if (cardPayment.elements.some(movesMoney)) {
        return refuse("Money already moved in this card payment; an authorization comes before that.")
      }
      return Either.map(requirePositive(authorization.amount, "authorization amount"), () => ({
        element,
        state: authorization.direction === "settlement"
          ? { ...state, authorized_amount: state.authorized_amount + authorization.amount }
          : { ...state, refund_authorized_amount: state.refund_authorized_amount + authorization.amount }
      }))
    }
    case "card_decline":
      if (isAuthorizationDecline(element) && authorizationOf(cardPayment) !== undefined) {
        return refuse("This card payment's authorization was approved; it cannot also be declined.")
      }
      return Either.right({ element, state })
    case "card_increment": {
      const increment = element.card_increment
      return Either.gen(function*() {
        yield* requirePositive(increment.amount, "increment amount")
        yield* requireOpenAuthorization(cardPayment, element, "increment")
        return {
          element: {
            ...element,
            card_increment: new CardIncrement({
              ...increment,
              updated_authorization_amount: outstanding + increment.amount
            })
          },
          state: { ...state, incremented_amount: state.incremented_amount + increment.amount }
        }
      })
    }
    case "card_reversal": {
      const reversal = element.card_reversal
      return Either.gen(function*() {
        yield* requirePositive(reversal.reversal_amount, "reversal amount")
        yield* requireOpenAuthorization(cardPayment, element, "reversal")
        if (reversal.reversal_amount > outstanding) {
          return yield* refuse(
            `Cannot reverse ${reversal.reversal_amount}: only ${outstanding} of the authorization is outstanding.`
          )
        }
        return {
          element: {
            ...element,
            card_reversal: new CardReversal({
              ...reversal,
              updated_authorization_amount: outstanding - reversal.reversal_amount
            })
          },
          state: { ...state, reversed_amount: state.reversed_amount + reversal.reversal_amount }
        }
      })
    }
    case "card_authorization_expiration": {
      const expiration = element.card_authorization_expiration
      return Either.map(requireOpenAuthorization(cardPayment, element, "expiration"), () => ({
        element: {
          ...element,
          card_authorization_expiration: new CardAuthorizationExpiration({ ...expiration, expired_amount: outstanding })
        },
        state
      }))
    }
    case "card_settlement": {
      const settlement = element.card_settlement
      return Either.gen(function*() {
        yield* requirePositive(settlement.amount, "settlement amount")
        const authorization = authorizationOf(cardPayment)
        if (settlement.card_authorization === null) {
          // a settlement forced without authorization: only on a payment that holds nothing
          if (authorization !== undefined) {
            return yield* refuse("This card payment has an authorization; its settlements must name it.")
          }
        } else {
          yield* requireOpenAuthorization(cardPayment, element, "settlement")
          if (settlement.amount > outstanding) {
            return yield* refuse(
              `Cannot settle ${settlement.amount}: only ${outstanding} of the authorization is outstanding.`
            )
          }
        }
        return { element, state: { ...state, settled_amount: state.settled_amount + settlement.amount } }
      })
    }
    case "card_refund": {
      const refund = element.card_refund
      return Either.gen(function*() {
        yield* requirePositive(refund.amount, "refund amount")
        const refundable = state.settled_amount + state.refund_authorized_amount - state.refunded_amount
        if (refund.amount > refundable) {
          return yield* refuse(`Cannot refund ${refund.amount}: only ${refundable} of this card payment is refundable.`)
        }
        return { element, state: { ...state, refunded_amount: state.refunded_amount + refund.amount } }
      })
    }
    case "card_fuel_confirmation": {
      const confirmation = element.card_fuel_confirmation
      return Either.gen(function*() {
        if (cardPayment.elements.some((existing) => existing.category === "card_fuel_confirmation")) {
          return yield* refuse("The authorization already has a fuel confirmation (there is one per authorization).")
        }
        if (confirmation.updated_authorization_amount < 0) {
          return yield* refuse("The confirmed fuel amount must not be negative.")
        }
        yield* requireOpenAuthorization(cardPayment, element, "fuel confirmation")
        if (confirmation.updated_authorization_amount > outstanding) {
          return yield* refuse(
            `Cannot confirm ${confirmation.updated_authorization_amount} of fuel: only ${outstanding} is authorized.`
          )
        }
        return {
          element,
          state: {
            ...state,
            fuel_confirmed_amount: state.fuel_confirmed_amount + confirmation.updated_authorization_amount
          }
        }
      })
    }
    case "card_authentication":
      if (cardPayment.elements.some((existing) => existing.category === "card_authentication")) {
        return refuse("This card payment already has an authentication.")
      }
      return Either.right({ element, state })
    case "card_balance_inquiry":
    case "card_financial":
    case "card_validation":
    case "other":
      return Either.right({ element, state })
  }
}

/**
 * Adds an interaction to a card payment, updating its totals; refuses one that
 * the payment's current state does not allow. Emits `card_payment.updated`.
 */
export const applyElement = (cardPayment: CardPayment, element: Element): Either.Either<Transition, InvalidOperationError> => {
  const named = cardPaymentIdOf(element)
  if (named !== undefined && named !== cardPayment.id) {
    return refuse(`The ${element.category} belongs to card payment ${named}, not ${cardPayment.id}.`)
  }
  return Either.map(arithmetic(cardPayment, element), ({ element: stored, state }) => ({
    next: new CardPayment({ ...cardPayment, elements: [...cardPayment.elements, stored], state }),
    events: [pendingEvent("card_payment.updated", "card_payment", cardPayment.id)]
  }))
}

/** Creates a card payment from its first interaction. Emits `card_payment.created`. */
export const create = (
  fields: CreateCardPayment,
  firstElement: Element
): Either.Either<Transition, InvalidOperationError> =>
  Either.map(applyElement(new CardPayment({ ...fields, elements: [], state: emptyState }), firstElement), ({ next }) => ({
    next,
    events: [pendingEvent("card_payment.created", "card_payment", fields.id)]
  }))

/**
 * Moves the payment's authentication through its status graph (see
 * `CardAuthentication.transition`). Emits `card_payment.updated`.
 */
export const updateAuthentication = (
  cardPayment: CardPayment,
  command: CardAuthenticationCommand
): Either.Either<Transition, InvalidOperationError> => {
  const index = cardPayment.elements.findIndex((element) => element.category === "card_authentication")
  const element = cardPayment.elements[index]
  if (element === undefined || element.category !== "card_authentication") {
    return refuse("This card payment has no card authentication.")
  }
  return Either.map(transitionAuthentication(element.card_authentication, command), ({ next, events }) => ({
    next: new CardPayment({
      ...cardPayment,
      elements: cardPayment.elements.map((existing, position) =>
        position === index ? { ...element, card_authentication: next } : existing
      )
    }),
    events
  }))
}

/** The payment's authentication, if it has one. */
export const authenticationOf = (cardPayment: CardPayment): CardAuthentication | undefined => {
  for (const element of cardPayment.elements) {
    if (element.category === "card_authentication") return element.card_authentication
  }
  return undefined
}
