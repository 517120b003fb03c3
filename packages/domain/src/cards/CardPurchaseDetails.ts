/**
 * The level 3 details a car rental, lodging or travel merchant sends with its
 * clearing (docs/decisions.md, "Card detail and token rules"): the simulations
 * name none of them, so the sandbox's merchants of those kinds (by merchant
 * category) send realistic ones, derived from the amount, the clearing's date
 * and the transaction's reference. Pure and deterministic from the inputs.
 */
import { DateTime } from "effect"
import type { Timestamp } from "../core/Timestamp.js"
import type { CarRental, Lodging, Travel } from "./CardClearingDetails.js"
import { type Cardholder, fullNameOf } from "./Cardholder.js"

/** The kind of level 3 details a merchant category sends, if any. */
export type PurchaseKind = "car_rental" | "lodging" | "airline" | "travel_agency"

const inRange = (code: number, from: number, to: number) => code >= from && code <= to

/**
 * Car rental agencies (3351–3441 by name, 7512), hotels (3501–3999 by name,
 * 7011), airlines (3000–3350 by name, 4511) and travel agencies (4722).
 */
export const purchaseKindOf = (merchantCategoryCode: string): PurchaseKind | null => {
  if (!/^\d{4}$/.test(merchantCategoryCode)) return null
  const code = Number(merchantCategoryCode)
  if (code === 7512 || inRange(code, 3351, 3441)) return "car_rental"
  if (code === 7011 || inRange(code, 3501, 3999)) return "lodging"
  if (code === 4511 || inRange(code, 3000, 3350)) return "airline"
  if (code === 4722) return "travel_agency"
  return null
}

export interface PurchaseInput {
  /** The cleared amount in cents (positive; a refund's too). */
  readonly amount: number
  readonly direction: "settlement" | "refund"
  readonly at: Timestamp
  readonly merchantName: string
  /** The renter, guest or passenger. */
  readonly cardholder: Cardholder
  /** The transaction's reference (digits), from which document numbers are taken. */
  readonly transactionReference: string
}

const isoDate = (at: Timestamp, days: number) => DateTime.formatIsoDateUtc(DateTime.add(at, { days }))
const tail = (reference: string, length: number) => reference.padStart(length, "0").slice(-length)
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value))

/** A rental of about $50 a day, returned on the day it clears, with no extra charges. */
export const carRentalOf = (input: PurchaseInput): CarRental => {
  const days = clamp(Math.floor(input.amount / 5_000), 1, 28)
  const daily = Math.floor(input.amount / days)
  return {
    car_class_code: "ICAR",
    checkout_date: isoDate(input.at, -days),
    daily_rental_rate_amount: daily,
    daily_rental_rate_currency: "USD",
    days_rented: days,
    extra_charges: "no_extra_charge",
    fuel_charges_amount: 0,
    fuel_charges_currency: "USD",
    insurance_charges_amount: 0,
    insurance_charges_currency: "USD",
    no_show_indicator: "not_applicable",
    one_way_drop_off_charges_amount: 0,
    one_way_drop_off_charges_currency: "USD",
    renter_name: fullNameOf(input.cardholder),
    // the agency's weekly rate: five days' price
    weekly_rental_rate_amount: daily * 5,
    weekly_rental_rate_currency: "USD"
  }
}

/** The room tax the sandbox's hotels charge: 12% of the room's price. */
const roomTaxRate = 0.12

/** A stay of about $150 a night ending the day it clears, taxed 12%, with nothing else on the folio. */
export const lodgingOf = (input: PurchaseInput): Lodging => {
  const nights = clamp(Math.floor(input.amount / 15_000), 1, 28)
  const room = Math.round(input.amount / (1 + roomTaxRate))
  const tax = input.amount - room
  return {
    check_in_date: isoDate(input.at, -nights),
    daily_room_rate_amount: Math.floor(room / nights),
    daily_room_rate_currency: "USD",
    extra_charges: "no_extra_charge",
    folio_cash_advances_amount: 0,
    folio_cash_advances_currency: "USD",
    food_beverage_charges_amount: 0,
    food_beverage_charges_currency: "USD",
    no_show_indicator: "not_applicable",
    prepaid_expenses_amount: 0,
    prepaid_expenses_currency: "USD",
    room_nights: nights,
    total_room_tax_amount: tax,
    total_room_tax_currency: "USD",
    total_tax_amount: tax,
    total_tax_currency: "USD"
  }
}

/** The airports the sandbox's flights connect. */
const airports = ["ORD", "JFK", "SFO", "LAX", "ATL", "DFW", "SEA", "BOS", "DEN", "MIA"] as const

/** Below this an airline's charge is an ancillary purchase (a checked bag), at or above it a ticket. */
export const ancillaryBelow = 10_000

/** The airline's ticket document numbers: its three-digit code and ten digits. */
const airlineCode = "016"

/**
 * A round trip in economy departing two weeks after the clearing, between
 * airports read from the reference, for the cardholder (airline style
 * `LAST/FIRST MIDDLE`). A charge under $100 at an airline is a checked
 * bag bought for that ticket (the ancillary). A travel agency names itself and
 * books through a reservation system. A refund is a cancellation.
 */
export const travelOf = (input: PurchaseInput & { readonly agency: boolean }): Travel => {
  const digit = (index: number) => Number(tail(input.transactionReference, 10)[index] ?? "0")
  const origin = airports[digit(9)] ?? "ORD"
  const destination = airports[(digit(9) + 1 + (digit(8) % 9)) % airports.length] ?? "JFK"
  const ticket = `${airlineCode}${tail(input.transactionReference, 10)}`
  const { first, last, middle } = input.cardholder
  const passenger = `${last}/${first}${middle === null ? "" : ` ${middle}`}`.toUpperCase()
  const refund = input.direction === "refund"
  const ancillary = !input.agency && input.amount < ancillaryBelow
  const leg = (to: string, flight: number) => ({
    carrier_code: "SX",
    destination_city_airport_code: to,
    fare_basis_code: "YLOWUS",
    flight_number: String(flight),
    service_class: "Y",
    stop_over_code: "stop_over_not_allowed" as const
  })
  const flight = 100 + Number(tail(input.transactionReference, 3))
  return {
    ancillary: ancillary
      ? {
        connected_ticket_document_number: ticket,
        credit_reason_indicator: refund ? "passenger_transport_ancillary_purchase_cancellation" : "no_credit",
        passenger_name_or_description: passenger,
        services: [{ category: "baggage_fee", sub_category: "CHECKED BAG" }],
        ticket_document_number: `${airlineCode}${tail(String(Number(tail(input.transactionReference, 9)) + 1), 10)}`
      }
      : null,
    computerized_reservation_system: input.agency ? "AMAD" : "DIRECT",
    credit_reason_indicator: !refund ? "no_credit" : ancillary
      ? "passenger_transport_ancillary_purchase_cancellation"
      : "airline_ticket_cancellation",
    departure_date: isoDate(input.at, 14),
    origination_city_airport_code: origin,
    passenger_name: passenger,
    restricted_ticket_indicator: "no_restrictions",
    ticket_change_indicator: "none",
    ticket_number: ticket,
    travel_agency_code: input.agency ? tail(input.transactionReference, 8) : null,
    travel_agency_name: input.agency ? input.merchantName : null,
    trip_legs: [leg(destination, flight), leg(origin, flight + 1)]
  }
}

/** The merchant-kind details of a clearing: at most one of them is set. */
export const kindDetailsOf = (
  merchantCategoryCode: string,
  input: PurchaseInput
): { readonly car_rental: CarRental | null; readonly lodging: Lodging | null; readonly travel: Travel | null } => {
  const kind = purchaseKindOf(merchantCategoryCode)
  return {
    car_rental: kind === "car_rental" ? carRentalOf(input) : null,
    lodging: kind === "lodging" ? lodgingOf(input) : null,
    travel: kind === "airline" || kind === "travel_agency"
      ? travelOf({ ...input, agency: kind === "travel_agency" })
      : null
  }
}
