/** The typed client, derived from the contract. */
import { HttpApiClient } from "@effect/platform"
import { MonetaApi } from "./MonetaApi.js"

export const make = (options: { readonly baseUrl: string }) =>
  HttpApiClient.make(MonetaApi, { baseUrl: options.baseUrl })
