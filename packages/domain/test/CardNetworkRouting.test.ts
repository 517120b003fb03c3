import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import * as CardDetail from "../src/cards/CardDetail.js"
import * as CardMessages from "../src/cards/CardMessages.js"

const at = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")
const chip = { network_a: { point_of_service_entry_mode: "integrated_circuit_card" as const } }

describe("the network a card message travels", () => {
  it("an ATM's message naming no network_a fields goes over network_b, read at the terminal", () => {
    expect(CardMessages.networkOf(undefined, "6011")).toBe("network_b")
    expect(CardMessages.networkDetailsOf(undefined, "6011")).toEqual({
      category: "network_b",
      network_a: null,
      network_b: {}
    })
    expect(CardMessages.entryModeOf(undefined, "6011")).toBe("integrated_circuit_card")
    expect(CardMessages.inquiryEntryModeOf(undefined, "6011")).toBe("integrated_circuit_card")
  })

  it("naming network_a fields, or any other merchant, goes over network_a", () => {
    expect(CardMessages.networkOf(chip, "6011")).toBe("network_a")
    expect(CardMessages.networkDetailsOf(chip, "6011").network_a?.point_of_service_entry_mode).toBe(
      "integrated_circuit_card"
    )
    expect(CardMessages.networkOf(undefined, "5411")).toBe("network_a")
    expect(CardMessages.entryModeOf(undefined, "5411")).toBeUndefined()
    expect(CardMessages.inquiryEntryModeOf(undefined, "5411")).toBeNull()
  })

  it("network_b charges only its switch fee, whatever the message", () => {
    for (const kind of ["authorization", "reversal", "clearing"] as const) {
      const fees = CardDetail.schemeFeesOf({ at, kind, amount: 10_000, merchantCountry: "FR", network: "network_b" })
      expect(fees.map((fee) => fee.fee_type)).toEqual(["network_b_switch_fee"])
    }
  })
})
