/**
 * One structured log line per request: method, route (the matched pattern,
 * so ids do not scatter the lines), path, status, duration and request id.
 * The request id is the caller's `x-request-id` when it is a plain token (1
 * to 128 of `A-Z a-z 0-9 . _ : -`, so it cannot forge log lines or bloat
 * them), a new UUID otherwise; it is echoed on the response and annotates
 * every log line of the request and its span. Health probes log at Debug.
 */
import { Clock, Context, Effect, Option, Predicate, References } from "effect"
import {
  HttpEffect,
  HttpMiddleware,
  HttpRouter,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "effect/http"
import { randomUUID } from "node:crypto"
import * as Health from "./Health.js"

export const header = "x-request-id"

const plainToken = /^[A-Za-z0-9._:-]{1,128}$/

/** The caller's request id when it is acceptable, a new one otherwise. */
export const requestIdOf = (value: string | undefined): string =>
  value !== undefined && plainToken.test(value) ? value : randomUUID()

/**
 * Records the matched route's pattern on the request's span, where `middleware`
 * reads it. Effect 4's router records it only for an exporting tracer; this
 * route middleware records it always. Provided to the layers that add routes.
 */
export const routeAttribute = HttpRouter.middleware((route) =>
  Effect.flatMap(
    HttpRouter.RouteContext,
    (context) => Effect.andThen(Effect.annotateCurrentSpan("http.route", context.route.path), route)
  )
).layer

/** The matched route; none for an unknown path, which only the API's catch-all route (`*`) answers. */
const routeOf = Effect.map(
  Effect.option(Effect.currentSpan),
  (span) =>
    span.pipe(
      Option.flatMap((span) => Option.liftPredicate(span.attributes.get("http.route"), Predicate.isString)),
      Option.filter((route) => route !== "*")
    )
)

const logAt = (path: string, status: number) =>
  Health.paths.has(path) ? Effect.logDebug : status >= 500 ? Effect.logError : Effect.logInfo

/**
 * Adds to the log annotations of the request's own fiber. The platform runs
 * each request in a fiber of its own, so nothing needs restoring afterwards;
 * `Effect.annotateLogs` would, at several times the cost per request
 * (docs/benchmarks.md, "The request log line's annotations").
 */
const annotateRequest = (annotations: Readonly<Record<string, unknown>>) =>
  Effect.withFiber((fiber) => {
    const current = fiber.getRef(References.CurrentLogAnnotations)
    fiber.setContext(Context.add(fiber.context, References.CurrentLogAnnotations, { ...current, ...annotations }))
    return Effect.void
  })

export const middleware = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const requestId = requestIdOf(request.headers[header])
    const started = yield* Clock.currentTimeNanos
    yield* Effect.annotateCurrentSpan("http.request_id", requestId)
    // The server sends the response before this middleware sees it: echo the id in a pre-response handler.
    yield* HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, header, requestId))
    )
    yield* annotateRequest({ request_id: requestId })
    const exit = yield* Effect.exit(app)
    const status = HttpServerError.exitResponse(exit).status
    const durationMs = Number((yield* Clock.currentTimeNanos) - started) / 1e6
    const path = request.url.split("?", 1)[0] ?? request.url
    const route = yield* routeOf
    yield* annotateRequest({
      method: request.method,
      route: Option.getOrElse(route, () => "-"),
      path,
      status,
      duration_ms: Math.round(durationMs * 10) / 10
    })
    yield* logAt(path, status)("request")
    return yield* exit
  })
)
