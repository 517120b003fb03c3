/**
 * The Authorization middleware of the contract, served by the bank's key
 * lookup. The platform's bearer decoding drops the first seven characters of
 * the header whatever they are, so the scheme is checked here: only
 * `Bearer <key>` (any case) names a key.
 */
import { HttpServerRequest } from "@effect/platform"
import { Authorization } from "@moneta/api/Authorization"
import { Authentication } from "@moneta/bank/Authentication"
import { InvalidApiKeyError } from "@moneta/domain/Errors"
import { Effect, Layer, Redacted } from "effect"

const bearerScheme = /^bearer(?:\s+|$)/i

export const AuthorizationLive = Layer.effect(
  Authorization,
  Effect.map(Authentication, (authentication) => ({
    apiKey: (_decoded: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const header = (yield* HttpServerRequest.HttpServerRequest).headers.authorization
        if (header === undefined || header.trim().length === 0) {
          return yield* Effect.fail(new InvalidApiKeyError({ reason: "no_header" }))
        }
        if (!bearerScheme.test(header)) return yield* Effect.fail(new InvalidApiKeyError({ reason: "no_credential" }))
        return yield* authentication.authenticate(Redacted.make(header.replace(bearerScheme, "")))
      })
  }))
)
