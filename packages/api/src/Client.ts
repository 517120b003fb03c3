/** The typed client, derived from the contract. */
import { HttpApiClient } from "effect/http-api"
import { MonetaApi } from "./MonetaApi.js"

export const make = (options: { readonly baseUrl: string }) =>
  HttpApiClient.make(MonetaApi, { baseUrl: options.baseUrl })
