/**
 * One structured log line per request: method, route (the matched pattern,
 * so ids do not scatter the lines), path, status, duration and request id.
 * The request id is the caller's `x-request-id` when it is a plain token (1
 * to 128 of `A-Z a-z 0-9 . _ : -`, so it cannot forge log lines or bloat
 * them), a new UUID otherwise; it is echoed on the response and annotates
 * every log line of the request and its span. Health probes log at Debug.
 */
import { Clock, Context, Effect, type Exit, type Fiber, Option, Predicate, References, Tracer } from "effect"
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

/** The matched route the request's span carries; none for an unknown path, which only the API's catch-all route (`*`) answers. */
const routeOf = (context: Context.Context<never>): string => {
  const span = Context.getOption(context, Tracer.ParentSpan)
  if (Option.isNone(span) || span.value._tag !== "Span") return "-"
  const route = span.value.attributes.get("http.route")
  return Predicate.isString(route) && route !== "*" ? route : "-"
}

const logAt = (path: string, status: number) =>
  Health.paths.has(path) ? Effect.logDebug : status >= 500 ? Effect.logError : Effect.logInfo

/**
 * Adds to the log annotations of the request's own fiber. The platform runs
 * each request in a fiber of its own, so nothing needs restoring afterwards;
 * `Effect.annotateLogs` would, at several times the cost per request
 * (docs/benchmarks.md, "The request log line's annotations").
 */
const annotateRequest = (fiber: Fiber.Fiber<unknown, unknown>, annotations: Readonly<Record<string, unknown>>) => {
  const current = fiber.getRef(References.CurrentLogAnnotations)
  fiber.setContext(Context.add(fiber.context, References.CurrentLogAnnotations, { ...current, ...annotations }))
}

/** The request's line, once its answer is known. */
const logLine = (
  request: HttpServerRequest.HttpServerRequest,
  started: bigint,
  exit: Exit.Exit<HttpServerResponse.HttpServerResponse, unknown>
) =>
  Effect.withFiber((fiber) => {
    const status = HttpServerError.exitResponse(exit).status
    const durationMs = Number(fiber.getRef(Clock.Clock).currentTimeNanosUnsafe() - started) / 1e6
    const path = request.url.split("?", 1)[0] ?? request.url
    annotateRequest(fiber, {
      method: request.method,
      route: routeOf(fiber.context),
      path,
      status,
      duration_ms: Math.round(durationMs * 10) / 10
    })
    return logAt(path, status)("request")
  })

/**
 * Written without `Effect.gen` and with the fiber's own state read directly:
 * this runs for every request, and each step it saves shows in a read's CPU
 * (docs/benchmarks.md, "Where a read's CPU goes, path by path").
 */
export const middleware = HttpMiddleware.make((app) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.withFiber((fiber) => {
      const requestId = requestIdOf(request.headers[header])
      const started = fiber.getRef(Clock.Clock).currentTimeNanosUnsafe()
      const span = Context.getOption(fiber.context, Tracer.ParentSpan)
      if (Option.isSome(span) && span.value._tag === "Span") span.value.attribute("http.request_id", requestId)
      // The server sends the response before this middleware sees it: echo the id in a pre-response handler.
      HttpEffect.appendPreResponseHandlerUnsafe(fiber.context, (_request, response) =>
        Effect.succeed(HttpServerResponse.setHeader(response, header, requestId)))
      annotateRequest(fiber, { request_id: requestId })
      return Effect.onExit(app, (exit) =>
        logLine(request, started, exit))
    }))
)
