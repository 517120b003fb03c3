/** `/openapi.json`: the API's OpenAPI document, prepared once and compressed (`ReferenceDocuments`). */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import * as Compression from "./Compression.js"
import { ReferenceDocuments } from "./ReferenceDocuments.js"

export const path = "/openapi.json"

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const documents = yield* ReferenceDocuments
    yield* router.add(
      "GET",
      path,
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        Effect.flatMap(documents.openApi, (document) => Compression.respond(request, document)))
    )
  })
)
