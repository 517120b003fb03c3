/** The OpenAPI 3.1 document, derived from the contract. */
import { OpenApi } from "@effect/platform"
import { MonetaApi } from "./MonetaApi.js"

export const document = (): OpenApi.OpenAPISpec => OpenApi.fromApi(MonetaApi)
