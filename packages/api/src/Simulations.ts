/** Sandbox simulations of the outside world (absent from live servers). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { SimulateInterestPayment, Transaction } from "@moneta/domain/Transaction"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body } from "./Parameters.js"

export class Simulations extends HttpApiGroup.make("simulations")
  .annotateContext(OpenApi.annotations({
    title: "Sandbox: Interest Payments",
    description:
      "Sandbox-only endpoints under `/simulations` that make the outside world act, here an interest payment."
  }))
  .add(
    HttpApiEndpoint.post("interestPayment", "/simulations/interest_payments")
      .annotate(OpenApi.Summary, "Simulate an interest payment")
      .annotate(
        OpenApi.Description,
        "Sandbox only. Simulates an interest payment to an account: a posted `interest_payment` transaction that credits it."
      )
      .setPayload(body(SimulateInterestPayment))
      .addSuccess(Transaction)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
