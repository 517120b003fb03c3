/**
 * `/openapi.json`: the API's OpenAPI document, derived from the HttpApi
 * definition on the first request and kept, not while the server starts
 * (deriving it takes a noticeable part of a start; most runs never ask).
 */
import { HttpApi, HttpApiBuilder, HttpServerResponse, OpenApi } from "@effect/platform"
import { Effect } from "effect"

export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const { api } = yield* HttpApi.Api
    const response = yield* Effect.cached(
      Effect.suspend(() => HttpServerResponse.json(OpenApi.fromApi(api))).pipe(Effect.orDie)
    )
    yield* router.get("/openapi.json", response)
  })
)
