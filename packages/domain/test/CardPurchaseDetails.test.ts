import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { Schema } from "effect"
import * as fc from "fast-check"
import { CarRental, Lodging, Travel } from "../src/cards/CardClearingDetails.js"
import * as CardDetail from "../src/cards/CardDetail.js"
import * as Cardholder from "../src/cards/Cardholder.js"
import * as CardPurchaseDetails from "../src/cards/CardPurchaseDetails.js"
import { prop } from "./support/Property.js"

const at = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")
const amounts = fc.integer({ min: 1, max: 10_000_000 })
const references = fc.stringMatching(/^\d{12}$/)
const input = (amount: number, reference: string, direction: "settlement" | "refund" = "settlement") => ({
  amount,
  direction,
  at,
  merchantName: "SANDBOX TRAVEL",
  transactionReference: reference,
  cardholder: Cardholder.sandboxCardholder
})

describe("the level 3 details of car rental, lodging and travel merchants", () => {
  it("the merchant categories of each kind", () => {
    expect(["7512", "3351", "3441", "7011", "3501", "3999", "4511", "3000", "3350", "4722", "5814", "x"].map(
      CardPurchaseDetails.purchaseKindOf
    )).toEqual([
      "car_rental",
      "car_rental",
      "car_rental",
      "lodging",
      "lodging",
      "lodging",
      "airline",
      "airline",
      "airline",
      "travel_agency",
      null,
      null
    ])
  })

  prop("a rental's days at its daily rate make at most the amount; every field is sent", [amounts, references], ([
    amount,
    reference
  ]) => {
    const rental = CardPurchaseDetails.carRentalOf(input(amount, reference))
    expect(Schema.is(CarRental)(rental)).toBe(true)
    expect((rental.days_rented ?? 0) * (rental.daily_rental_rate_amount ?? 0)).toBeLessThanOrEqual(amount)
    expect(Object.values(rental)).not.toContain(null)
    expect(rental.checkout_date! < DateTime.formatIsoDateUtc(at)).toBe(true)
  })

  prop("a stay's room and tax make the amount; every field is sent", [amounts, references], ([amount, reference]) => {
    const stay = CardPurchaseDetails.lodgingOf(input(amount, reference))
    expect(Schema.is(Lodging)(stay)).toBe(true)
    expect(Object.values(stay)).not.toContain(null)
    expect((stay.room_nights ?? 0) * (stay.daily_room_rate_amount ?? 0) + (stay.total_room_tax_amount ?? 0))
      .toBeLessThanOrEqual(amount)
  })

  prop(
    "a flight is a round trip; a small airline charge is a checked bag; a refund is a cancellation",
    [amounts, references, fc.boolean(), fc.constantFrom("settlement" as const, "refund" as const)],
    ([amount, reference, agency, direction]) => {
      const travel = CardPurchaseDetails.travelOf({ ...input(amount, reference, direction), agency })
      expect(Schema.is(Travel)(travel)).toBe(true)
      const legs = travel.trip_legs ?? []
      expect(legs.at(-1)?.destination_city_airport_code).toBe(travel.origination_city_airport_code)
      expect(legs[0]?.destination_city_airport_code).not.toBe(travel.origination_city_airport_code)
      expect(travel.ancillary !== null).toBe(!agency && amount < CardPurchaseDetails.ancillaryBelow)
      expect(travel.ancillary?.connected_ticket_document_number ?? travel.ticket_number).toBe(travel.ticket_number)
      expect(travel.travel_agency_name !== null).toBe(agency)
      expect(travel.credit_reason_indicator === "no_credit").toBe(direction === "settlement")
      expect(travel.passenger_name).toBe("CARDHOLDER/SANDBOX Q")
    }
  )

  it("a clearing carries the details of its merchant's kind only, and names its agreement or folio", () => {
    const of = (merchantCategoryCode: string) =>
      CardDetail.clearingDetailsOf({
        at,
        amount: 30_000,
        direction: "settlement",
        merchantCategoryCode,
        merchantName: "SANDBOX",
        processingCategory: null,
        transactionReference: "123456789012"
      }).purchase_details
    const rental = of("7512")
    expect([rental.car_rental !== null, rental.lodging, rental.travel]).toEqual([true, null, null])
    expect(rental.purchase_identifier_format).toBe("rental_agreement_number")
    expect(of("7011").purchase_identifier_format).toBe("hotel_folio_number")
    expect(of("4511").travel?.trip_legs).toHaveLength(2)
    const plain = of("5814")
    expect([plain.car_rental, plain.lodging, plain.travel, plain.purchase_identifier_format]).toEqual([
      null,
      null,
      null,
      "order_number"
    ])
  })
})

describe("the cardholder of a card's entity", () => {
  it("names: first word, last word, the rest in between", () => {
    expect(Cardholder.namesOf("Ada Byron King")).toEqual({ first: "Ada", middle: "Byron", last: "King" })
    expect(Cardholder.namesOf(" Ada  King ")).toEqual({ first: "Ada", middle: null, last: "King" })
    expect(Cardholder.namesOf("Plato")).toEqual({ first: "Plato", middle: null, last: "Plato" })
    expect(Cardholder.cardholderOf(null)).toEqual(Cardholder.sandboxCardholder)
    expect(Cardholder.fullNameOf({ first: "Ada", middle: null, last: "King", organization: null })).toBe("Ada King")
  })
})
