/** `/docs`: the reference page (`ReferencePage`), prepared once and compressed (`ReferenceDocuments`). */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import * as Compression from "./Compression.js"
import { ReferenceDocuments } from "./ReferenceDocuments.js"

export const path = "/docs"

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const documents = yield* ReferenceDocuments
    yield* router.add(
      "GET",
      path,
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        Effect.flatMap(documents.page, (page) => Compression.respond(request, page)))
    )
  })
)
