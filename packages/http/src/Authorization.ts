/** The Authorization middleware of the contract, served by the bank's key lookup. */
import { Authorization } from "@moneta/api/Authorization"
import { Authentication } from "@moneta/bank/Authentication"
import { Effect, Layer } from "effect"

export const AuthorizationLive = Layer.effect(
  Authorization,
  Effect.map(Authentication, (authentication) => ({ apiKey: authentication.authenticate }))
)
