import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import * as fc from "fast-check"
import * as CardAuthenticationDetail from "../src/cards/CardAuthenticationDetail.js"
import * as CardDetail from "../src/cards/CardDetail.js"
import { PointOfServiceEntryMode } from "../src/cards/CardNetwork.js"
import { cardArbitrary } from "../src/testing/CardSchemas.js"
import { prop } from "./support/Property.js"

const at = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")
const entryModes = fc.option(fc.constantFrom(...PointOfServiceEntryMode.literals), { nil: null })
const verdicts = fc.option(
  fc.record({
    line1: fc.constantFrom("match" as const, "no_match" as const),
    postal_code: fc.constantFrom("match" as const, "no_match" as const)
  }),
  { nil: null }
)
const amounts = fc.integer({ min: 0, max: 10_000_000 })
const categoryCodes = fc.constantFrom("5814", "8011", "8021", "5912", "8043", "4111", "6011", "5411", "5542")

describe("card detail rules", () => {
  it("the address result of each verdict", () => {
    expect(CardDetail.addressResultOf({ line1: "match", postal_code: "match" })).toBe("match")
    expect(CardDetail.addressResultOf({ line1: "match", postal_code: "no_match" })).toBe(
      "postal_code_no_match_address_match"
    )
    expect(CardDetail.addressResultOf({ line1: "no_match", postal_code: "match" })).toBe(
      "postal_code_match_address_no_match"
    )
    expect(CardDetail.addressResultOf({ line1: "no_match", postal_code: "no_match" })).toBe("no_match")
  })

  prop(
    "a card-present message checks nothing; otherwise the address on file is what was provided, and the verdict decides",
    [cardArbitrary, entryModes, verdicts],
    ([card, entryMode, verdict]) => {
      const verification = CardDetail.verificationOf({ card, entryMode, verdict })
      const address = verification.cardholder_address
      expect(address.actual_line1).toBe(card.billing_address.line1)
      if (CardDetail.cardPresent(entryMode)) {
        expect(address.result).toBe("not_checked")
        expect(verification.card_verification_code.result).toBe("not_checked")
        expect(verification.cardholder_name).toBeNull()
        return
      }
      expect(verification.card_verification_code.result).toBe(
        entryMode === "credential_on_file" ? "not_checked" : "match"
      )
      if (address.result === "not_checked") {
        expect(address.provided_line1).toBeNull()
        return
      }
      expect(address.provided_line1).toBe(card.billing_address.line1)
      expect(address.provided_postal_code).toBe(card.billing_address.postal_code)
      expect(address.result).toBe(verdict === null ? "match" : CardDetail.addressResultOf(verdict))
    }
  )

  prop(
    "itemized amounts are parts of the amount; the healthcare total is the healthcare parts",
    [amounts, categoryCodes, fc.constantFrom(undefined, "purchase", "cash_disbursement")],
    ([amount, merchantCategoryCode, processingCategory]) => {
      const itemized = CardDetail.additionalAmountsOf({ amount, merchantCategoryCode, processingCategory })
      for (const part of Object.values(itemized)) {
        if (part !== null) expect(part.amount).toBeLessThanOrEqual(amount)
      }
      const healthcare = [itemized.clinic, itemized.dental, itemized.prescription, itemized.vision]
        .reduce((sum, part) => sum + (part?.amount ?? 0), 0)
      expect(itemized.total_healthcare?.amount ?? 0).toBe(healthcare)
      expect(itemized.total_healthcare === null).toBe(CardDetail.healthcareOf(merchantCategoryCode) === null)
      // the cash back of a purchase with cash back is the amount of unknown kind, as the settlement clears it
      const cashBack = CardDetail.cashBackOf(amount, merchantCategoryCode, processingCategory)
      expect(itemized.unknown?.amount ?? 0).toBe(cashBack)
    }
  )

  prop(
    "a refund clears the settlement's interchange and cashback with the opposite sign",
    [fc.integer({ min: 1, max: 10_000_000 }), categoryCodes, fc.constantFrom(null, "purchase", "cash_disbursement")],
    ([amount, merchantCategoryCode, processingCategory]) => {
      const of = (direction: "settlement" | "refund") =>
        CardDetail.clearingDetailsOf({
          at,
          amount,
          direction,
          merchantCategoryCode,
          merchantName: "Sandbox Merchant",
          processingCategory,
          transactionReference: "123456789012"
        })
      const settlement = of("settlement")
      const refund = of("refund")
      expect(Number(refund.interchange.amount)).toBe(-Number(settlement.interchange.amount))
      expect(refund.cashback === null ? null : Number(refund.cashback.amount)).toBe(
        settlement.cashback === null ? null : -Number(settlement.cashback.amount)
      )
      expect((settlement.surcharge?.amount ?? 0) + Number(settlement.cashback?.amount ?? 0) * 100).toBeLessThanOrEqual(
        2 * amount
      )
    }
  )

  it("decimal dollars of cents", () => {
    expect([0, 5, 98, 1_234, -5, -2_000].map(CardDetail.dollars)).toEqual([
      "0.00",
      "0.05",
      "0.98",
      "12.34",
      "-0.05",
      "-20.00"
    ])
  })

  it("partial approvals: as the simulation says, else at fuel dispensers and grocery stores", () => {
    expect(CardDetail.partialApprovalCapabilityOf({})).toBe("not_supported")
    expect(CardDetail.partialApprovalCapabilityOf({ processing_category: { category: "automatic_fuel_dispenser" } }))
      .toBe("supported")
    expect(CardDetail.partialApprovalCapabilityOf({ merchant_category_code: "5411" })).toBe("supported")
    expect(
      CardDetail.partialApprovalCapabilityOf({
        merchant_category_code: "5542",
        partial_approval_capability: "not_supported"
      })
    ).toBe("not_supported")
  })

  it("the network acts when it stands in", () => {
    expect(CardDetail.actionerOf("increase", "issuer_error")).toBe("network")
    expect(CardDetail.actionerOf("user", null)).toBe("user")
  })

  it("scheme fees: transmission always, the address check and abroad when they apply", () => {
    const types = (input: Parameters<typeof CardDetail.schemeFeesOf>[0]) =>
      CardDetail.schemeFeesOf(input).map((fee) => fee.fee_type)
    expect(types({ at, kind: "reversal", amount: 100, merchantCountry: "FR" })).toEqual([
      "network_a_message_transmission",
      "network_a_authorization_reversal_point_of_sale"
    ])
    expect(types({ at, kind: "clearing", amount: 100, merchantCountry: "FR" })).toEqual([
      "network_a_message_transmission",
      "network_a_purchase_domestic",
      "network_a_international_service_assessment_single_currency"
    ])
  })

  prop(
    "3DS: the channel's fields match its category; a purchase ships to the billing address, adding a card nowhere",
    [
      cardArbitrary,
      fc.constantFrom(undefined, "app" as const, "browser" as const, "three_ds_requestor_initiated" as const),
      fc.constantFrom(undefined, "payment_authentication" as const, "non_payment_authentication" as const)
    ],
    ([card, device_channel, category]) => {
      const body = {
        card_id: card.id,
        ...(device_channel === undefined ? {} : { device_channel }),
        ...(category === undefined ? {} : { category })
      }
      const fields = CardAuthenticationDetail.authenticationRequestFields({ card, body, reference: "123456789012" })
      const channel = fields.device_channel
      expect(channel.browser !== null).toBe(channel.category === "browser")
      expect(channel.merchant_initiated !== null).toBe(channel.category === "three_ds_requestor_initiated")
      const payment = category !== "non_payment_authentication"
      expect(fields.shipping_address_line1).toBe(payment ? card.billing_address.line1 : null)
      expect(fields.billing_address_line1).toBe(card.billing_address.line1)
    }
  )
})
