/**
 * Every endpoint requires `Authorization: Bearer <API key>`; the key resolves
 * to the Caller (group and environment) that scopes everything the request sees.
 */
import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import { Caller } from "@moneta/domain/Caller"
import { Schema } from "effect"
import { EnvironmentMismatchError, InvalidApiKeyError } from "./ApiError.js"

export class Authorization extends HttpApiMiddleware.Tag<Authorization>()("@moneta/api/Authorization", {
  failure: Schema.Union(InvalidApiKeyError, EnvironmentMismatchError),
  provides: Caller,
  security: { apiKey: HttpApiSecurity.bearer }
}) {}
