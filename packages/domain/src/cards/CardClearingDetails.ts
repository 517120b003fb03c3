/**
 * What a clearing message adds to a card settlement or refund: the
 * interchange, cashback, surcharge and the level 2/3 purchase details (car
 * rental, lodging, travel and its ancillaries) a merchant may send.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { Amount, Currency } from "../money/Money.js"
import { DecimalString } from "./CardNetwork.js"

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
