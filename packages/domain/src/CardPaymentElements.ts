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
  actionerDescription,
  AdditionalAmounts,
  AuthorizationDeclineReason,
  authorizationDeclineReasonValues,
  CardDeclineReason,
  cardDeclineReasonDescription,
  ClearingNetworkIdentifiers,
  DecimalString,
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
import { described } from "./Described.js"
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
const createdAtText = "When the element was created (ISO 8601, UTC)."
const elementCategoryText =
  "The kind of interaction; the object named after it holds its details. `card_authentication`, `card_authorization`, `card_authorization_expiration`, `card_balance_inquiry`, `card_decline`, `card_financial`, `card_fuel_confirmation`, `card_increment`, `card_refund`, `card_reversal`, `card_settlement`, `card_validation` or `other`. New values can appear over time; tolerate unknown ones."

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

export const Cashback = Schema.Struct({
  amount: described(
    DecimalString,
    "The cashback amount as a string holding a decimal number in major units (`\"1.25\"` for $1.25): positive when credited to you (settlements), negative when debited (refunds)."
  ),
  currency: described(Currency, "The ISO 4217 code of the cashback's currency. Always `USD`.")
})
export type Cashback = typeof Cashback.Type

export const Interchange = Schema.Struct({
  amount: described(
    DecimalString,
    "The interchange amount as a string holding a decimal number in major units (`\"3.14\"` for $3.14): positive when credited to the issuer (settlements), negative when debited (refunds)."
  ),
  code: described(
    Schema.NullOr(Schema.String),
    "The card network's interchange code; null when the network gave none."
  ),
  currency: described(Currency, "The ISO 4217 code of the interchange's currency. Always `USD`.")
})
export type Interchange = typeof Interchange.Type

const nullableAmount = Schema.NullOr(Amount)
const nullableCurrency = Schema.NullOr(Schema.String)

export const CarRental = Schema.Struct({
  car_class_code: described(
    Schema.NullOr(Schema.String),
    "The code of the vehicle's class; null when the merchant did not send it."
  ),
  checkout_date: described(
    Schema.NullOr(Schema.String),
    "The date the customer picked up the car or, for a no-show or pre-paid rental, the scheduled pick-up date (`YYYY-MM-DD`); null when the merchant did not send it."
  ),
  daily_rental_rate_amount: described(
    nullableAmount,
    "The daily rate charged for the vehicle, in the minor unit of its currency; null when the merchant did not send it."
  ),
  daily_rental_rate_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the daily rental rate; null when the merchant did not send it."
  ),
  days_rented: described(
    Schema.NullOr(Schema.Int),
    "The number of days the vehicle was rented; null when the merchant did not send it."
  ),
  extra_charges: described(
    Schema.NullOr(
      Schema.Literals([
        "no_extra_charge",
        "gas",
        "extra_mileage",
        "late_return",
        "one_way_service_fee",
        "parking_violation"
      ])
    ),
    "Additional charges billed. `no_extra_charge`, `gas`, `extra_mileage`, `late_return`, `one_way_service_fee` or `parking_violation`; null when the merchant did not send it."
  ),
  fuel_charges_amount: described(
    nullableAmount,
    "Fuel charges for the vehicle, in the minor unit of its currency; null when the merchant did not send it."
  ),
  fuel_charges_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the fuel charges; null when the merchant did not send it."
  ),
  insurance_charges_amount: described(
    nullableAmount,
    "Insurance charged for the vehicle, in the minor unit of its currency; null when the merchant did not send it."
  ),
  insurance_charges_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the insurance charges; null when the merchant did not send it."
  ),
  no_show_indicator: described(
    Schema.NullOr(Schema.Literals(["not_applicable", "no_show_for_specialized_vehicle"])),
    "Whether the cardholder is billed for a reserved vehicle that was not rented (a no-show). `not_applicable` or `no_show_for_specialized_vehicle`; null when the merchant did not send it."
  ),
  one_way_drop_off_charges_amount: described(
    nullableAmount,
    "Charges for returning the vehicle elsewhere than where it was picked up, in the minor unit of its currency; null when the merchant did not send it."
  ),
  one_way_drop_off_charges_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the one-way drop-off charges; null when the merchant did not send it."
  ),
  renter_name: described(
    Schema.NullOr(Schema.String),
    "The name of the person renting the vehicle; null when the merchant did not send it."
  ),
  weekly_rental_rate_amount: described(
    nullableAmount,
    "The weekly rate charged for the vehicle, in the minor unit of its currency; null when the merchant did not send it."
  ),
  weekly_rental_rate_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the weekly rental rate; null when the merchant did not send it."
  )
})
export type CarRental = typeof CarRental.Type

export const Lodging = Schema.Struct({
  check_in_date: described(
    Schema.NullOr(Schema.String),
    "The date the customer checked in (`YYYY-MM-DD`); null when the merchant did not send it."
  ),
  daily_room_rate_amount: described(
    nullableAmount,
    "The daily rate charged for the room, in the minor unit of its currency; null when the merchant did not send it."
  ),
  daily_room_rate_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the daily room rate; null when the merchant did not send it."
  ),
  extra_charges: described(
    Schema.NullOr(
      Schema.Literals(["no_extra_charge", "restaurant", "gift_shop", "mini_bar", "telephone", "other", "laundry"])
    ),
    "Additional charges billed. `no_extra_charge`, `restaurant`, `gift_shop`, `mini_bar`, `telephone`, `laundry` or `other`; null when the merchant did not send it."
  ),
  folio_cash_advances_amount: described(
    nullableAmount,
    "Folio cash advances for the room, in the minor unit of its currency; null when the merchant did not send it."
  ),
  folio_cash_advances_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the folio cash advances; null when the merchant did not send it."
  ),
  food_beverage_charges_amount: described(
    nullableAmount,
    "Food and beverage charges for the room, in the minor unit of its currency; null when the merchant did not send it."
  ),
  food_beverage_charges_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the food and beverage charges; null when the merchant did not send it."
  ),
  no_show_indicator: described(
    Schema.NullOr(Schema.Literals(["not_applicable", "no_show"])),
    "Whether the cardholder is billed for a reserved room that was not used. `not_applicable` or `no_show`; null when the merchant did not send it."
  ),
  prepaid_expenses_amount: described(
    nullableAmount,
    "Prepaid expenses charged for the room, in the minor unit of its currency; null when the merchant did not send it."
  ),
  prepaid_expenses_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the prepaid expenses; null when the merchant did not send it."
  ),
  room_nights: described(
    Schema.NullOr(Schema.Int),
    "The number of nights the room was rented; null when the merchant did not send it."
  ),
  total_room_tax_amount: described(
    nullableAmount,
    "The total room tax charged, in the minor unit of its currency; null when the merchant did not send it."
  ),
  total_room_tax_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the total room tax; null when the merchant did not send it."
  ),
  total_tax_amount: described(
    nullableAmount,
    "The total tax charged for the room, in the minor unit of its currency; null when the merchant did not send it."
  ),
  total_tax_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the total tax; null when the merchant did not send it."
  )
})
export type Lodging = typeof Lodging.Type

export const AncillaryService = Schema.Struct({
  category: described(
    Schema.NullOr(
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
    "The kind of ancillary service: `none`, `bundled_service`, `baggage_fee`, `change_fee`, `cargo`, `carbon_offset`, `frequent_flyer`, `gift_card`, `ground_transport`, `in_flight_entertainment`, `lounge`, `medical`, `meal_beverage`, `other`, `passenger_assist_fee`, `pets`, `seat_fees`, `standby`, `service_fee`, `store`, `travel_service`, `unaccompanied_travel`, `upgrades` or `wifi`; null when the merchant did not send it."
  ),
  sub_category: described(
    Schema.NullOr(Schema.String),
    "A free-form sub-category of the ancillary service; null when the merchant did not send it."
  )
})

export const Ancillary = Schema.Struct({
  connected_ticket_document_number: described(
    Schema.NullOr(Schema.String),
    "The ticket document number of the purchase this one relates to (such as the ticket a baggage fee is for); null when the merchant did not send it."
  ),
  credit_reason_indicator: described(
    Schema.NullOr(
      Schema.Literals([
        "no_credit",
        "passenger_transport_ancillary_purchase_cancellation",
        "airline_ticket_and_passenger_transport_ancillary_purchase_cancellation",
        "other"
      ])
    ),
    "Why the cardholder is credited. `no_credit`, `passenger_transport_ancillary_purchase_cancellation`, `airline_ticket_and_passenger_transport_ancillary_purchase_cancellation` or `other`; null when the merchant did not send it."
  ),
  passenger_name_or_description: described(
    Schema.NullOr(Schema.String),
    "The passenger's name or a description of the ancillary purchase; null when the merchant did not send it."
  ),
  services: described(
    Schema.Array(AncillaryService),
    "Additional travel charges, such as baggage fees; empty when none."
  ),
  ticket_document_number: described(
    Schema.NullOr(Schema.String),
    "The ticket document number; null when the merchant did not send it."
  )
})

export const TripLeg = Schema.Struct({
  carrier_code: described(
    Schema.NullOr(Schema.String),
    "The carrier's code (the airline); null when the merchant did not send it."
  ),
  destination_city_airport_code: described(
    Schema.NullOr(Schema.String),
    "The code of the destination city or airport; null when the merchant did not send it."
  ),
  fare_basis_code: described(
    Schema.NullOr(Schema.String),
    "The fare basis code; null when the merchant did not send it."
  ),
  flight_number: described(Schema.NullOr(Schema.String), "The flight number; null when the merchant did not send it."),
  service_class: described(
    Schema.NullOr(Schema.String),
    "The service class (such as first or business class); null when the merchant did not send it."
  ),
  stop_over_code: described(
    Schema.NullOr(Schema.Literals(["none", "stop_over_allowed", "stop_over_not_allowed"])),
    "Whether a stopover is allowed on this leg. `none`, `stop_over_allowed` or `stop_over_not_allowed`; null when the merchant did not send it."
  )
})

export const Travel = Schema.Struct({
  ancillary: described(
    Schema.NullOr(Ancillary),
    "Ancillary purchases in addition to the airfare; null when none was sent."
  ),
  computerized_reservation_system: described(
    Schema.NullOr(Schema.String),
    "The computerized reservation system used to book the ticket; null when the merchant did not send it."
  ),
  credit_reason_indicator: described(
    Schema.NullOr(
      Schema.Literals([
        "no_credit",
        "passenger_transport_ancillary_purchase_cancellation",
        "airline_ticket_and_passenger_transport_ancillary_purchase_cancellation",
        "airline_ticket_cancellation",
        "other",
        "partial_refund_of_airline_ticket"
      ])
    ),
    "Why the cardholder is credited. `no_credit`, `passenger_transport_ancillary_purchase_cancellation`, `airline_ticket_and_passenger_transport_ancillary_purchase_cancellation`, `airline_ticket_cancellation`, `partial_refund_of_airline_ticket` or `other`; null when the merchant did not send it."
  ),
  departure_date: described(
    Schema.NullOr(Schema.String),
    "The date of departure (`YYYY-MM-DD`); null when the merchant did not send it."
  ),
  origination_city_airport_code: described(
    Schema.NullOr(Schema.String),
    "The code of the originating city or airport; null when the merchant did not send it."
  ),
  passenger_name: described(
    Schema.NullOr(Schema.String),
    "The passenger's name; null when the merchant did not send it."
  ),
  restricted_ticket_indicator: described(
    Schema.NullOr(Schema.Literals(["no_restrictions", "restricted_non_refundable_ticket"])),
    "Whether the ticket is non-refundable. `no_restrictions` or `restricted_non_refundable_ticket`; null when the merchant did not send it."
  ),
  ticket_change_indicator: described(
    Schema.NullOr(Schema.Literals(["none", "change_to_existing_ticket", "new_ticket"])),
    "Why the ticket was changed. `none`, `change_to_existing_ticket` or `new_ticket`; null when the merchant did not send it."
  ),
  ticket_number: described(Schema.NullOr(Schema.String), "The ticket number; null when the merchant did not send it."),
  travel_agency_code: described(
    Schema.NullOr(Schema.String),
    "The code of the travel agency that issued the ticket; null when no agency did or the merchant did not send it."
  ),
  travel_agency_name: described(
    Schema.NullOr(Schema.String),
    "The name of the travel agency that issued the ticket; null when no agency did or the merchant did not send it."
  ),
  trip_legs: described(
    Schema.NullOr(Schema.Array(TripLeg)),
    "The legs of the journey; null when the merchant did not send them."
  )
})
export type Travel = typeof Travel.Type

/** Additional details the merchant sent with the clearing message (level 2/3 data). */
export const PurchaseDetails = Schema.Struct({
  car_rental: described(
    Schema.NullOr(CarRental),
    "Fields specific to car rentals; null when the purchase is not one or the merchant sent none."
  ),
  customer_reference_identifier: described(
    Schema.NullOr(Schema.String),
    "The merchant's identifier for the customer; null when the merchant did not send it."
  ),
  local_tax_amount: described(
    nullableAmount,
    "The state or provincial tax, in the minor unit of its currency; null when the merchant did not send it."
  ),
  local_tax_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the local tax; null when the merchant did not send it."
  ),
  lodging: described(
    Schema.NullOr(Lodging),
    "Fields specific to lodging; null when the purchase is not one or the merchant sent none."
  ),
  national_tax_amount: described(
    nullableAmount,
    "The national tax, in the minor unit of its currency; null when the merchant did not send it."
  ),
  national_tax_currency: described(
    nullableCurrency,
    "The ISO 4217 code of the currency of the national tax; null when the merchant did not send it."
  ),
  purchase_identifier: described(
    Schema.NullOr(Schema.String),
    "The merchant's identifier for the purchase, for the issuer and the cardholder; null when the merchant did not send it."
  ),
  purchase_identifier_format: described(
    Schema.NullOr(
      Schema.Literals(["free_text", "order_number", "rental_agreement_number", "hotel_folio_number", "invoice_number"])
    ),
    "The format of `purchase_identifier`. `free_text`, `order_number`, `rental_agreement_number`, `hotel_folio_number` or `invoice_number`; null when the merchant did not send it."
  ),
  travel: described(
    Schema.NullOr(Travel),
    "Fields specific to travel; null when the purchase is not travel or the merchant sent none."
  )
}).annotate({
  identifier: "CardPurchaseDetails",
  description:
    "Additional details the merchant sent with the clearing message (level 2 and 3 data): taxes and fields specific to car rentals, lodging and travel."
})
export type PurchaseDetails = typeof PurchaseDetails.Type

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

export const Surcharge = Schema.Struct({
  amount: described(
    Amount,
    "The surcharge in the minor unit of the settlement currency: positive when added to the transaction's amount, negative when deducted (a discount)."
  ),
  presentment_amount: described(
    Amount,
    "The surcharge in the minor unit of the presentment currency: positive when added, negative when deducted."
  )
})
export type Surcharge = typeof Surcharge.Type

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

/**
 * An interaction this version does not model: its object is kept as it came.
 * What can arrive is JSON, so property tests draw JSON objects for it
 * (`otherElementObjectArbitrary` in `testing/CardSchemas.ts`).
 */
export const Other = Schema.Record(Schema.String, Schema.Unknown).annotate({
  identifier: "CardPaymentOtherElement",
  description: "The object of an interaction this version of the service does not model, kept as it came."
})
export type Other = typeof Other.Type

/*
 * An element is `{category, created_at, <category>: object}`; the object named
 * after the category is the only one present, which one struct per category
 * states exactly.
 */
export const CardAuthenticationElement = Schema.Struct({
  category: described(Schema.Literal("card_authentication"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_authentication: described(
    CardAuthentication,
    "A 3DS authentication attempt (a card authentication). Set because `category` is `card_authentication`; the element carries no other object."
  )
})
export const CardAuthorizationElement = Schema.Struct({
  category: described(Schema.Literal("card_authorization"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_authorization: described(
    CardAuthorization,
    "A card authorization: a temporary hold on the account's funds, to be settled later. Set because `category` is `card_authorization`; the element carries no other object."
  )
})
export const CardAuthorizationExpirationElement = Schema.Struct({
  category: described(Schema.Literal("card_authorization_expiration"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_authorization_expiration: described(
    CardAuthorizationExpiration,
    "A card authorization expiration: the hold of an authorization the merchant never settled, released. Set because `category` is `card_authorization_expiration`; the element carries no other object."
  )
})
export const CardBalanceInquiryElement = Schema.Struct({
  category: described(Schema.Literal("card_balance_inquiry"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_balance_inquiry: described(
    CardBalanceInquiry,
    "A card balance inquiry: a merchant (often an ATM) checking the available balance, without a hold. Set because `category` is `card_balance_inquiry`; the element carries no other object."
  )
})
export const CardDeclineElement = Schema.Struct({
  category: described(Schema.Literal("card_decline"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_decline: described(
    CardDecline,
    "A card decline: a declined authorization, increment or balance inquiry. Set because `category` is `card_decline`; the element carries no other object."
  )
})
export const CardFinancialElement = Schema.Struct({
  category: described(Schema.Literal("card_financial"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_financial: described(
    CardFinancial,
    "A card financial: a transaction authorized and cleared in one message. Set because `category` is `card_financial`; the element carries no other object."
  )
})
export const CardFuelConfirmationElement = Schema.Struct({
  category: described(Schema.Literal("card_fuel_confirmation"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_fuel_confirmation: described(
    CardFuelConfirmation,
    "A card fuel confirmation: the amount a fuel pump actually dispensed. Set because `category` is `card_fuel_confirmation`; the element carries no other object."
  )
})
export const CardIncrementElement = Schema.Struct({
  category: described(Schema.Literal("card_increment"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_increment: described(
    CardIncrement,
    "A card increment: the merchant raising an authorization's amount. Set because `category` is `card_increment`; the element carries no other object."
  )
})
export const CardRefundElement = Schema.Struct({
  category: described(Schema.Literal("card_refund"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_refund: described(
    CardRefund,
    "A card refund: money moved back to the cardholder. Set because `category` is `card_refund`; the element carries no other object."
  )
})
export const CardReversalElement = Schema.Struct({
  category: described(Schema.Literal("card_reversal"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_reversal: described(
    CardReversal,
    "A card reversal: a part or all of an authorization canceled. Set because `category` is `card_reversal`; the element carries no other object."
  )
})
export const CardSettlementElement = Schema.Struct({
  category: described(Schema.Literal("card_settlement"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_settlement: described(
    CardSettlement,
    "A card settlement: a transaction the merchant cleared, debiting the account. Set because `category` is `card_settlement`; the element carries no other object."
  )
})
export const CardValidationElement = Schema.Struct({
  category: described(Schema.Literal("card_validation"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_validation: described(
    CardValidation,
    "A card validation: a merchant checking that the card (and its address or code) is valid, for no amount. Set because `category` is `card_validation`; the element carries no other object."
  )
})
export const OtherElement = Schema.Struct({
  category: described(Schema.Literal("other"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  other: described(
    Other,
    "An interaction this version of the service does not model, kept as it came. Set because `category` is `other`; the element carries no other object."
  )
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
]).annotate({
  identifier: "CardPaymentElement",
  description:
    "One interaction of the card payment: `category` names it, and the object named after the category holds its details."
})
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
