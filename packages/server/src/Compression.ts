/**
 * gzip or Brotli for the large constant responses (the reference page at
 * `/docs`, about 3.5 MB, and `/openapi.json`) when the client accepts them.
 * Each body is compressed once, off the event loop, and kept. API responses
 * are small and per request: left alone.
 */
import { Effect, Option } from "effect"
import { HttpEffect, HttpMiddleware, HttpServerRequest, HttpServerResponse } from "effect/http"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

export type Encoding = "br" | "gzip"

const paths: ReadonlySet<string> = new Set(["/docs", "/openapi.json"])

const weightOf = (parameters: ReadonlyArray<string>) => {
  const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) =>
    value !== undefined
  )
  return q === undefined ? 1 : Number(q)
}

/** The encoding to answer with for an `Accept-Encoding` header: Brotli if acceptable, else gzip, else none. */
export const preferredEncoding = (acceptEncoding: string | undefined): Option.Option<Encoding> => {
  const weights = new Map<string, number>()
  for (const item of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = item.split(";")
    const token = name.trim().toLowerCase()
    if (token !== "") weights.set(token, weightOf(parameters))
  }
  const acceptable = (encoding: Encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0
  return acceptable("br") ? Option.some("br") : acceptable("gzip") ? Option.some("gzip") : Option.none()
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const compress = (body: Uint8Array, encoding: Encoding): Promise<Uint8Array> =>
  encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 })

const compressed = new WeakMap<Uint8Array, Map<Encoding, Promise<Uint8Array>>>()

const compressedOnce = (body: Uint8Array, encoding: Encoding) =>
  Effect.promise(() => {
    const byEncoding = compressed.get(body) ?? new Map<Encoding, Promise<Uint8Array>>()
    compressed.set(body, byEncoding)
    const existing = byEncoding.get(encoding)
    if (existing !== undefined) return existing
    const started = compress(body, encoding)
    byEncoding.set(encoding, started)
    return started
  })

/** Compresses the response if it is one of the large constant ones and the client accepts an encoding. */
export const compressResponse = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const path = request.url.split("?", 1)[0] ?? request.url
  const body = response.body
  if (!paths.has(path) || body._tag !== "Uint8Array") return Effect.succeed(response)
  const encoding = preferredEncoding(request.headers["accept-encoding"])
  if (Option.isNone(encoding)) return Effect.succeed(HttpServerResponse.setHeader(response, "vary", "Accept-Encoding"))
  return Effect.map(
    compressedOnce(body.body, encoding.value),
    (compressed) =>
      HttpServerResponse.uint8Array(compressed, {
        status: response.status,
        headers: { ...response.headers, "content-encoding": encoding.value, vary: "Accept-Encoding" },
        contentType: body.contentType
      })
  )
}

// The server sends the response before an outer middleware sees it: change it in a pre-response
// handler, added only for the paths it concerns (API requests skip that step).
export const middleware = HttpMiddleware.make((app) =>
  Effect.flatMap(
    HttpServerRequest.HttpServerRequest,
    (request) =>
      paths.has(request.url.split("?", 1)[0] ?? request.url)
        ? Effect.andThen(HttpEffect.appendPreResponseHandler(compressResponse), app)
        : app
  )
)
