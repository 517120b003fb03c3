/** A received inbound wire drawdown request is what the simulation describes, the sender's missing fields null. */
import { describe, expect } from "@effect/vitest"
import * as Ids from "../src/core/Ids.js"
import { timestampArbitrary, wireSafe } from "../src/testing/Arbitraries.js"
import * as InboundWireDrawdownRequest from "../src/wires/InboundWireDrawdownRequest.js"
import { prop } from "./support/Property.js"

const simulateArbitrary = wireSafe(InboundWireDrawdownRequest.SimulateInboundWireDrawdownRequest)

describe("inbound wire drawdown requests", () => {
  prop(
    "keeps every field the simulation gives, null for the free-form ones it leaves out, and emits .created",
    [simulateArbitrary, timestampArbitrary],
    ([body, createdAt]) => {
      const id = Ids.InboundWireDrawdownRequestId.make("inbound_wire_drawdown_request_test")
      const { events, next } = InboundWireDrawdownRequest.create({
        id,
        createdAt,
        body,
        inputMessageAccountabilityData: "20261121MONETASB000001"
      })
      const { debtor_account_number: _, debtor_routing_number: __, ...kept } = body
      for (const [field, value] of Object.entries(next)) {
        if (field in kept) expect(value).toEqual(kept[field as keyof typeof kept])
      }
      expect(next.creditor_name).toBe(body.creditor_name ?? null)
      expect(next.unstructured_remittance_information).toBe(body.unstructured_remittance_information ?? null)
      expect(next.input_message_accountability_data).toBe("20261121MONETASB000001")
      expect(events).toEqual([{
        category: "inbound_wire_drawdown_request.created",
        associatedObjectType: "inbound_wire_drawdown_request",
        associatedObjectId: id
      }])
    }
  )
})
