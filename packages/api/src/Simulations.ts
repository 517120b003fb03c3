/** Sandbox simulations of the outside world (absent from live servers). */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { SimulateInterestPayment, Transaction } from "@moneta/domain/Transaction"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body } from "./Parameters.js"

export class Simulations extends HttpApiGroup.make("simulations")
  .add(
    HttpApiEndpoint.post("interestPayment", "/simulations/interest_payments")
      .setPayload(body(SimulateInterestPayment))
      .addSuccess(Transaction)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
