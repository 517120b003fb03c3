/** Sandbox simulations of the outside world (absent from live servers). */
import { SimulateInterestPayment, Transaction } from "@moneta/domain/Transaction"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import * as WireTransferExamples from "./WireTransferExamples.js"

export class Simulations extends HttpApiGroup.make("simulations")
  .annotateMerge(OpenApi.annotations({
    title: "Sandbox: Interest Payments",
    description:
      "Sandbox-only endpoints under `/simulations` that make the outside world act, here an interest payment."
  }))
  .add(
    HttpApiEndpoint.post("interestPayment", "/simulations/interest_payments", {
      payload: SimulateInterestPayment,
      success: Transaction,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate an interest payment")
      .annotate(
        OpenApi.Description,
        "Sandbox only. Simulates an interest payment to an account: a posted `interest_payment` transaction that credits it."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { account_id: "account_01m8dhwzq94dz9wgv2x7", amount: 1000000 },
          response: WireTransferExamples.interestPaymentTransaction
        })
      )
  )
  .middleware(Authorization)
{}
