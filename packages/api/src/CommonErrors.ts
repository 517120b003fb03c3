/**
 * The errors any endpoint may answer, whatever it does: a request the
 * contract refuses (400), a path no endpoint serves (404), an idempotency key
 * reused or an action the object's state forbids (409), a bug (500), a fault
 * that heals, such as the database restarting (503).
 *
 * Effect 4 declares errors on endpoints or on middleware (there is no
 * API-wide `addError`), so this middleware declares them and `MonetaApi` puts
 * it on every endpoint: the server, the typed client and the document all see
 * them. The server implements it as the place where failures that come from no
 * operation (a request that does not decode) become these errors.
 */
import { HttpApiMiddleware } from "effect/http-api"
import {
  ApiMethodNotFoundError,
  IdempotencyKeyAlreadyUsedError,
  InternalServerError,
  InvalidOperationError,
  InvalidParametersError,
  MalformedRequestError,
  ServiceUnavailableError
} from "./ApiError.js"

export class CommonErrors extends HttpApiMiddleware.Service<CommonErrors>()("@moneta/api/CommonErrors", {
  error: [
    InvalidParametersError,
    MalformedRequestError,
    ApiMethodNotFoundError,
    IdempotencyKeyAlreadyUsedError,
    InvalidOperationError,
    InternalServerError,
    ServiceUnavailableError
  ]
}) {}
