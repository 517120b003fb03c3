/**
 * The Authorization middleware of the contract, served by the bank's key
 * lookup. The platform's bearer decoding ignores a header whose scheme is not
 * `Bearer` and says nothing of why, so the header is read here: only
 * `Bearer <key>` (any case) names a key, and a missing header is told apart
 * from another scheme.
 */
import { Authorization } from "@moneta/api/Authorization"
import { Authentication } from "@moneta/bank/Authentication"
import { InvalidApiKeyError } from "@moneta/domain/Errors"
import { ClockOffset } from "@moneta/domain/SandboxClock"
import { Tenant } from "@moneta/domain/Tenant"
import { Effect, Layer, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"

const bearerScheme = /^bearer(?:\s+|$)/i

export const AuthorizationLive = Layer.effect(
  Authorization,
  Effect.gen(function*() {
    const authentication = yield* Authentication
    return {
      // Combinators rather than Effect.gen: this wraps every authenticated request (docs/benchmarks.md).
      apiKey: <A, E, R>(httpEffect: Effect.Effect<A, E, R>) =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
          const header = request.headers.authorization
          if (header === undefined || header.trim().length === 0) {
            return Effect.fail(new InvalidApiKeyError({ reason: "no_header" }))
          }
          if (!bearerScheme.test(header)) return Effect.fail(new InvalidApiKeyError({ reason: "no_credential" }))
          // The group's sandbox clock comes with the key (cached with it, dropped when the clock moves).
          return Effect.flatMap(
            authentication.authenticate(Redacted.make(header.replace(bearerScheme, ""))),
            ({ clockOffsetMillis, tenant }) =>
              httpEffect.pipe(
                Effect.provideService(Tenant, tenant),
                Effect.provideService(ClockOffset, clockOffsetMillis)
              )
          )
        })
    }
  })
)
