/**
 * Inbound wire drawdown requests: list and retrieve, and the sandbox
 * simulation that receives one (absent from live servers).
 */
import { InboundWireDrawdownRequestId } from "@moneta/domain/Ids"
import {
  InboundWireDrawdownRequest,
  SimulateInboundWireDrawdownRequest
} from "@moneta/domain/InboundWireDrawdownRequest"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const drawdownRequest = {
  id: "inbound_wire_drawdown_request_u5a92ikqhz1ytphn799e",
  amount: 10000,
  created_at: "2026-11-21T22:41:05.123Z",
  creditor_account_number: "987654321",
  creditor_address_line1: "33 Liberty Street",
  creditor_address_line2: "New York, NY, 10045",
  creditor_address_line3: null,
  creditor_name: "Ian Crease",
  creditor_routing_number: "101050001",
  currency: "USD",
  debtor_address_line1: null,
  debtor_address_line2: null,
  debtor_address_line3: null,
  debtor_name: null,
  end_to_end_identification: null,
  input_message_accountability_data: "20261121MONETASB000042",
  instruction_identification: null,
  recipient_account_number_id: "account_number_v18nkfqm6afpsrvy82b2",
  unique_end_to_end_transaction_reference: null,
  unstructured_remittance_information: "Invoice 1234",
  type: "inbound_wire_drawdown_request"
} satisfies typeof InboundWireDrawdownRequest.Encoded

export class InboundWireDrawdownRequests extends HttpApiGroup.make("inboundWireDrawdownRequests")
  .annotateMerge(OpenApi.annotations({
    title: "Inbound Wire Drawdown Requests",
    description:
      "Inbound wire drawdown requests are requests from someone else that you send them a wire. Answer one with a wire transfer naming it in `inbound_wire_drawdown_request_id`."
  }))
  .add(
    HttpApiEndpoint.get("list", "/inbound_wire_drawdown_requests", {
      query: listFields,
      success: Page(InboundWireDrawdownRequest)
    })
      .annotate(OpenApi.Summary, "List Inbound Wire Drawdown Requests")
      .annotate(OpenApi.Description, "Lists the drawdown requests your account numbers received, newest first.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [drawdownRequest], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/inbound_wire_drawdown_requests/:inbound_wire_drawdown_request_id", {
      params: Schema.Struct({ inbound_wire_drawdown_request_id: InboundWireDrawdownRequestId }),
      success: InboundWireDrawdownRequest,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Inbound Wire Drawdown Request")
      .annotate(OpenApi.Description, "Returns the inbound wire drawdown request with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: drawdownRequest }))
  )
  .middleware(Authorization)
{}

export class InboundWireDrawdownRequestSimulations extends HttpApiGroup.make("inboundWireDrawdownRequestSimulations")
  .add(
    HttpApiEndpoint.post("create", "/simulations/inbound_wire_drawdown_requests", {
      payload: SimulateInboundWireDrawdownRequest,
      success: InboundWireDrawdownRequest,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate an Inbound Wire Drawdown Request",
        description:
          "Sandbox only. Receives a drawdown request for one of your account numbers (`recipient_account_number_id`; another is 404). Emits `inbound_wire_drawdown_request.created`."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            amount: 10000,
            creditor_account_number: "987654321",
            creditor_routing_number: "101050001",
            currency: "USD",
            recipient_account_number_id: "account_number_v18nkfqm6afpsrvy82b2"
          },
          response: drawdownRequest
        })
      )
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Sandbox: Inbound Wire Drawdown Requests" }))
{}
