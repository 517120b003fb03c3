/**
 * `/dashboard`: the sandbox dashboard (packages/dashboard, `DashboardAssets`).
 * Every `/dashboard` path but its files answers the same page (the app routes
 * in the browser, so `/dashboard/wire_transfers/{id}` can be opened or
 * reloaded); the files are named by a hash of their content and cached for a
 * year. The page talks to the API of this server only: its
 * Content-Security-Policy allows no other host, no inline script or style.
 */
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as Compression from "./Compression.js"
import { assetsPath, basePath, DashboardAssets } from "./DashboardAssets.js"

export const path = basePath

const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

const notBuilt = HttpServerResponse.text(
  "The dashboard was not built with this server: run it with `pnpm start` (or the installed `moneta`).",
  { status: 503 }
)

const withHeaders = (response: HttpServerResponse.HttpServerResponse, headers: Record<string, string>) =>
  HttpServerResponse.setHeaders(response, headers)

const page = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const assets = yield* (yield* DashboardAssets).assets
  if (Option.isNone(assets)) return notBuilt
  return withHeaders(yield* Compression.respond(request, assets.value.page), {
    "cache-control": "no-cache",
    "content-security-policy": contentSecurityPolicy,
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff"
  })
})

const file = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const assets = yield* (yield* DashboardAssets).assets
  const name = request.url.split("?")[0]?.slice(assetsPath.length + 1) ?? ""
  const found = Option.flatMap(assets, (some) => Option.fromNullishOr(some.files.get(name)))
  if (Option.isNone(found)) return HttpServerResponse.text("Not found", { status: 404 })
  return withHeaders(yield* Compression.respond(request, found.value), {
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff"
  })
})

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const assets = yield* DashboardAssets
    const provided = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provideService(effect, DashboardAssets, assets)
    yield* router.add("GET", `${assetsPath}/*`, provided(file))
    // `/dashboard/*` also takes `/dashboard` itself (HttpRouter adds the prefix).
    yield* router.add("GET", `${path}/*`, provided(page))
  })
)
