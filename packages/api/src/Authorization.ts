/**
 * Every endpoint requires `Authorization: Bearer <API key>`; the key resolves
 * to the Tenant (group and environment) that scopes everything the request sees.
 */
import { type Tenant } from "@moneta/domain/Tenant"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { EnvironmentMismatchError, InvalidApiKeyError } from "./ApiError.js"

/**
 * The scheme as the document has always named it (`bearer`; Effect 4's
 * `HttpApiSecurity.bearer` writes `Bearer`). Schemes are case-insensitive,
 * so requests are read the same either way.
 */
const bearer = HttpApiSecurity.http({ scheme: "bearer" })

export class Authorization extends HttpApiMiddleware.Service<Authorization, { provides: Tenant }>()(
  "@moneta/api/Authorization",
  {
    error: [InvalidApiKeyError, EnvironmentMismatchError],
    security: { apiKey: bearer }
  }
) {}
