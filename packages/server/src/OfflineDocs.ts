/**
 * The reference page at `/docs` loads nothing from another host. Its
 * configuration turns Scalar's default fonts off (`withDefaultFonts: false`);
 * the bundle still carries their stylesheet, whose `url(https://fonts.scalar.com/…)`
 * sources are replaced here by empty `data:` URLs, so that even if that
 * stylesheet were applied the browser would stay on this server (and fall
 * back to system fonts). The page is constant: rewritten once, and the same
 * bytes are then compressed once (`Compression`, which must run after this).
 */
import { Effect } from "effect"
import { HttpEffect, HttpMiddleware, HttpServerRequest, HttpServerResponse } from "effect/http"

const outsideUrl = /url\((["']?)https?:\/\/[^)"']*\1\)/g

/** `text` with every CSS `url()` of another host replaced by an empty `data:` URL. */
export const withoutOutsideUrls = (text: string): string => text.replace(outsideUrl, "url(data:,)")

const rewritten = new WeakMap<Uint8Array, Uint8Array>()

const rewriteOnce = (body: Uint8Array): Uint8Array => {
  const known = rewritten.get(body)
  if (known !== undefined) return known
  const result = new TextEncoder().encode(withoutOutsideUrls(new TextDecoder().decode(body)))
  rewritten.set(body, result)
  return result
}

const isDocs = (request: HttpServerRequest.HttpServerRequest) => request.url.split("?", 1)[0] === "/docs"

export const offlineResponse = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const body = response.body
  if (!isDocs(request) || body._tag !== "Uint8Array") return Effect.succeed(response)
  return Effect.succeed(HttpServerResponse.uint8Array(rewriteOnce(body.body), {
    status: response.status,
    headers: response.headers,
    contentType: body.contentType
  }))
}

// The server sends the response before an outer middleware sees it: change it in a pre-response
// handler, added only for `/docs` (API requests skip that step).
export const middleware = HttpMiddleware.make((app) =>
  Effect.flatMap(
    HttpServerRequest.HttpServerRequest,
    (request) => isDocs(request) ? Effect.andThen(HttpEffect.appendPreResponseHandler(offlineResponse), app) : app
  )
)
