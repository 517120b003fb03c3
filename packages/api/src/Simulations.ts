/** Sandbox simulations of the outside world (absent from live servers). */
import { SimulateInterestPayment, Transaction } from "@moneta/domain/Transaction"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"

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
  )
  .middleware(Authorization)
{}
