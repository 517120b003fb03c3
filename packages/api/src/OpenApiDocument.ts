/** The OpenAPI 3.1 document, derived from the contract. */
import { OpenApi } from "effect/http-api"
import { MonetaApi } from "./MonetaApi.js"

export const document = (): OpenApi.OpenAPISpec => OpenApi.fromApi(MonetaApi)
