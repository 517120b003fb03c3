/**
 * `GET /`, where a newcomer begins: a browser (its `Accept` names
 * `text/html`) is sent on to the reference page (302 to `/docs`); any other
 * client, such as curl, gets a small JSON answer naming the reference, the
 * OpenAPI document and the probes, and how to authenticate. No key needed,
 * as for those.
 */
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as DocsRoute from "./DocsRoute.js"
import * as OpenApiRoute from "./OpenApiRoute.js"

const wantsHtml = (accept: string | undefined) => (accept ?? "").toLowerCase().includes("text/html")

/** The JSON answer of `GET /` for a server of `environment`. */
export const welcome = (environment: string) => ({
  name: "Moneta",
  environment,
  message:
    `Moneta ${environment} API. The reference is at ${DocsRoute.path}, the OpenAPI document at ${OpenApiRoute.path}; ` +
    "API requests authenticate with the header Authorization: Bearer <API key>.",
  reference: DocsRoute.path,
  openapi: OpenApiRoute.path,
  health: "/health",
  ready: "/ready"
})

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const body = welcome(yield* ServerEnvironment)
    yield* router.add(
      "GET",
      "/",
      Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
        wantsHtml(request.headers["accept"])
          ? HttpServerResponse.redirect(DocsRoute.path, { headers: { vary: "Accept" } })
          : HttpServerResponse.jsonUnsafe(body, { headers: { vary: "Accept" } }))
    )
  })
)
