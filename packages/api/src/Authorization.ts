/**
 * Every endpoint requires `Authorization: Bearer <API key>`; the key resolves
 * to the Caller (group and environment) that scopes everything the request sees.
 */
import { type Caller } from "@moneta/domain/Caller"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { EnvironmentMismatchError, InvalidApiKeyError } from "./ApiError.js"

/**
 * The scheme as the document has always named it (`bearer`; Effect 4's
 * `HttpApiSecurity.bearer` writes `Bearer`). Schemes are case-insensitive,
 * so requests are read the same either way.
 */
const bearer = HttpApiSecurity.http({ scheme: "bearer" })

export class Authorization extends HttpApiMiddleware.Service<Authorization, { provides: Caller }>()(
  "@moneta/api/Authorization",
  {
    error: [InvalidApiKeyError, EnvironmentMismatchError],
    security: { apiKey: bearer }
  }
) {}
