/**
 * The control API's handlers and its admin-key middleware. The header is read
 * as `Authorization` (`Authorization.ts`) reads it: only `Bearer <key>` names
 * a credential.
 */
import { AdminAuthorization } from "@moneta/api/AdminAuthorization"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ControlPlane } from "@moneta/bank/ControlPlane"
import { Effect, Layer, Option, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import * as Group from "./Group.js"

const bearerScheme = /^bearer(?:\s+|$)/i

export const AdminAuthorizationLive = Layer.effect(
  AdminAuthorization,
  Effect.map(ControlPlane, (controlPlane) => ({
    adminKey: <A, E, R>(httpEffect: Effect.Effect<A, E, R>) =>
      Effect.gen(function*() {
        const header = (yield* HttpServerRequest.HttpServerRequest).headers.authorization ?? ""
        // Another scheme's header is no admin key: refused whole as a wrong key, not as a missing one.
        const credential = bearerScheme.test(header) ? header.replace(bearerScheme, "") : header
        yield* controlPlane.authorize(Redacted.make(credential))
        return yield* httpEffect
      })
  }))
)

export const ControlPlaneLive = Group.make(
  MonetaApi,
  "controlPlane",
  (handlers) =>
    Effect.gen(function*() {
      const controlPlane = yield* ControlPlane
      return handlers
        .handle("createGroup", ({ payload }) => controlPlane.createGroup(payload))
        .handle("listGroups", () => controlPlane.listGroups)
        .handle("createKey", ({ payload }) => controlPlane.createKey(payload))
        .handle("listKeys", ({ query }) => controlPlane.listKeys(Option.fromNullishOr(query.group_id)))
        .handle("revokeKey", ({ params }) => controlPlane.revokeKey(params.api_key_id))
    })
)
