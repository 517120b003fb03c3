/**
 * The large constant responses (the reference page at `/docs`, about 3.7 MB,
 * and `/openapi.json`, about 0.5 MB), compressed once ahead of the requests
 * for them: `prepare` compresses a body with Brotli and with gzip, off the
 * event loop, and `respond` answers a request with the form its
 * `Accept-Encoding` takes, so that no request compresses anything
 * (`ReferenceDocuments` prepares them). API responses are small and per
 * request: left alone.
 */
import { Effect, Option } from "effect"
import { type HttpServerRequest, HttpServerResponse } from "effect/http"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

export type Encoding = "br" | "gzip"

/**
 * A body and its two compressed forms. The body itself is an effect: a
 * document read compressed (`PrebuiltReference`) is decompressed only when a
 * request takes neither encoding, which browsers and the SDKs never do, so a
 * server does not hold some 4 MB it will rarely send.
 */
export interface Prepared {
  readonly contentType: string
  readonly identity: Effect.Effect<Uint8Array>
  readonly br: Uint8Array
  readonly gzip: Uint8Array
}

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

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli at quality 5, not 9: on the reference page a quarter of the time
 * (0.3 s against 1.1 s of a core) for 3 % more bytes (824 against 799 KB);
 * gzip at zlib's default level 6, as small as level 9 there.
 */
const brotliQuality = 5
const gzipLevel = 6

/** `body` with its Brotli and gzip forms, compressed at once on libuv's thread pool. */
export const prepare = (body: Uint8Array, contentType: string): Effect.Effect<Prepared> =>
  Effect.map(
    Effect.promise(() =>
      Promise.all([
        brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length
          }
        }),
        gzipAsync(body, { level: gzipLevel })
      ])
    ),
    ([br, gzipped]) => ({ contentType, identity: Effect.succeed(body), br, gzip: gzipped })
  )

/** The response to `request` with `prepared` in the form its `Accept-Encoding` takes. */
export const respond = (
  request: HttpServerRequest.HttpServerRequest,
  prepared: Prepared
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const answer = (body: Uint8Array, headers: Record<string, string>) =>
    HttpServerResponse.uint8Array(body, { contentType: prepared.contentType, headers })
  return Option.match(preferredEncoding(request.headers["accept-encoding"]), {
    onNone: () => Effect.map(prepared.identity, (body) => answer(body, { vary: "Accept-Encoding" })),
    onSome: (encoding) =>
      Effect.succeed(answer(prepared[encoding], { "content-encoding": encoding, vary: "Accept-Encoding" }))
  })
}
