/**
 * `/openapi.json`: the API's OpenAPI document, derived from the HttpApi
 * definition on the first request and kept, not while the server starts
 * (deriving it takes a noticeable part of a start; most runs never ask).
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { OpenApi } from "effect/http-api"

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const response = yield* Effect.cached(
      Effect.suspend(() => HttpServerResponse.json(OpenApi.fromApi(MonetaApi))).pipe(Effect.orDie)
    )
    yield* router.add("GET", "/openapi.json", response)
  })
)
