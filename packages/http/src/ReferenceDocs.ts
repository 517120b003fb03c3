/**
 * The API's documents for a host application: `/docs`, the reference page
 * (`ReferencePage`: Scalar, set up as `moneta` serves it, loading nothing from
 * another host), and `/openapi.json`. Both are derived from the contract on
 * their first request and kept: building the page takes a moment (its script
 * is some 3.5 MB), and most starts never need either. Under a prefix
 * (`Mount`'s `prefix`) the documents name it as their server, so the page's
 * requests go to the API where it is mounted. `moneta` serves the same page,
 * prepared in the background and compressed; a host compresses what it likes.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { OpenApi } from "effect/http-api"
import * as ReferencePage from "./ReferencePage.js"

export const docsPath = "/docs"
export const openApiPath = "/openapi.json"

/** The contract whose documents are served: its server is the prefix it is mounted under, if any. */
const documentedApi = (prefix: `/${string}` | undefined) =>
  prefix === undefined
    ? MonetaApi
    : MonetaApi.annotate(OpenApi.Servers, [{ url: prefix, description: "Where this application mounts the API" }])

/**
 * The two routes, on the `HttpRouter` of the host (prefixed or not): add them
 * to the layer that mounts the API, as `Mount.apiWithBackgroundAndDocs` does.
 */
export const layer = (options: { readonly prefix?: `/${string}` | undefined } = {}) =>
  HttpRouter.use((router) =>
    Effect.gen(function*() {
      const document = yield* Effect.cached(Effect.sync(() => OpenApi.fromApi(documentedApi(options.prefix))))
      const page = yield* Effect.cached(Effect.flatMap(document, ReferencePage.html))
      yield* router.add("GET", docsPath, Effect.map(page, (html) => HttpServerResponse.html(html)))
      yield* router.add(
        "GET",
        openApiPath,
        Effect.flatMap(document, (spec) => HttpServerResponse.json(spec)).pipe(Effect.orDie)
      )
    })
  )
