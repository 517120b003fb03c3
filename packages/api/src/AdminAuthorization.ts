/**
 * The control endpoints (`/moneta/*`) require `Authorization: Bearer <admin
 * key>`, the key set at start (`MONETA_ADMIN_KEY`); an API key is refused
 * (403), and while no admin key is set they answer 403 `private_feature_error`
 * saying how to enable them.
 */
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "effect/http-api"
import { InsufficientPermissionsError, InvalidApiKeyError, PrivateFeatureError } from "./ApiError.js"

const bearer = HttpApiSecurity.http({ scheme: "bearer" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "The admin key the server was started with (`MONETA_ADMIN_KEY`); API keys are refused."
  )
)

export class AdminAuthorization extends HttpApiMiddleware.Service<AdminAuthorization>()(
  "@moneta/api/AdminAuthorization",
  {
    error: [InvalidApiKeyError, InsufficientPermissionsError, PrivateFeatureError],
    security: { adminKey: bearer }
  }
) {}
