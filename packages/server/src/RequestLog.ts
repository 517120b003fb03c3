/**
 * One structured log line per request: method, route (the matched pattern,
 * so ids do not scatter the lines), path, status, duration and request id.
 * The request id is the caller's `x-request-id` when it is a plain token (1
 * to 128 of `A-Z a-z 0-9 . _ : -`, so it cannot forge log lines or bloat
 * them), a new UUID otherwise; it is echoed on the response and annotates
 * every log line of the request and its span. Health probes log at Debug.
 */
import { Clock, Context, Effect, type Exit, type Fiber, Option, References, Tracer } from "effect"
import { HttpEffect, HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { randomUUID } from "node:crypto"
import * as Health from "./Health.js"

export const header = "x-request-id"

const plainToken = /^[A-Za-z0-9._:-]{1,128}$/

/** The caller's request id when it is acceptable, a new one otherwise. */
export const requestIdOf = (value: string | undefined): string =>
  value !== undefined && plainToken.test(value) ? value : randomUUID()

/** The pattern of the route the request took, once routed: what its log line names. */
class RouteTaken extends Context.Service<RouteTaken, { pattern: string | undefined }>()(
  "@moneta/server/RequestLog/RouteTaken"
) {}

/**
 * Records the matched route's pattern for the request's log line. (The span
 * needs nothing from here: Effect 4's router sets `http.route` on the request
 * span whenever a tracer that exports makes one.) Provided to the layers that
 * add routes.
 */
export const recordRoute =
  HttpRouter.middleware((route) =>
    Effect.flatMap(HttpRouter.RouteContext, (context) =>
      Effect.withFiber((fiber) => {
        const taken = Context.getOption(fiber.context, RouteTaken)
        if (Option.isSome(taken)) taken.value.pattern = context.route.path
        return route
      }))
  ).layer

const logAt = (path: string, status: number) =>
  Health.paths.has(path) ? Effect.logDebug : status >= 500 ? Effect.logError : Effect.logInfo

/**
 * The request's own log annotations, in place of the fiber's: the
 * annotations it had, and the request id. The platform runs each request in
 * a fiber of its own, so nothing needs restoring afterwards;
 * `Effect.annotateLogs` would, at several times the cost per request
 * (docs/benchmarks.md, "The request log line's annotations"). The object is
 * the request's: the line's own fields are written into it at the end
 * (`lineWith`) rather than in a second copy of the fiber's context.
 */
const annotateRequest = (fiber: Fiber.Fiber<unknown, unknown>, requestId: string): Record<string, unknown> => {
  const annotations: Record<string, unknown> = {
    ...fiber.getRef(References.CurrentLogAnnotations),
    request_id: requestId
  }
  fiber.setContext(Context.add(fiber.context, References.CurrentLogAnnotations, annotations))
  return annotations
}

/** The request's line with the status it was answered with. */
const lineWith = (
  request: HttpServerRequest.HttpServerRequest,
  annotations: Record<string, unknown>,
  started: bigint,
  status: number,
  route: string | undefined
) =>
  Effect.withFiber((fiber) => {
    const durationMs = Number(fiber.getRef(Clock.Clock).currentTimeNanosUnsafe() - started) / 1e6
    const path = request.url.split("?", 1)[0] ?? request.url
    annotations["method"] = request.method
    annotations["route"] = route === undefined || route === "*" ? "-" : route
    annotations["path"] = path
    annotations["status"] = status
    annotations["duration_ms"] = Math.round(durationMs * 10) / 10
    return logAt(path, status)("request")
  })

/** The request's line, once its answer is known; `-` for the route of a path only the catch-all (`*`) takes. */
const logLine = (
  request: HttpServerRequest.HttpServerRequest,
  annotations: Record<string, unknown>,
  started: bigint,
  exit: Exit.Exit<HttpServerResponse.HttpServerResponse, unknown>,
  route: string | undefined
) =>
  exit._tag === "Success"
    ? lineWith(request, annotations, started, exit.value.status, route)
    // A client that hung up is a 499 and a server stopping a 503, as the platform answers them
    // (`exitResponse` would call both a 500, an error the server did not make).
    : Effect.flatMap(HttpServerError.causeResponse(exit.cause), ([response]) =>
      lineWith(request, annotations, started, response.status, route))

/** Logs the request answered by `app`, with its id echoed on the response. */
const logged = <E, R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.withFiber((fiber) => {
      const requestId = requestIdOf(request.headers[header])
      const started = fiber.getRef(Clock.Clock).currentTimeNanosUnsafe()
      const span = Context.getOption(fiber.context, Tracer.ParentSpan)
      if (Option.isSome(span) && span.value._tag === "Span") span.value.attribute("http.request_id", requestId)
      // The server sends the response after the router answers: echo the id in a pre-response handler.
      HttpEffect.appendPreResponseHandlerUnsafe(fiber.context, (_request, response) =>
        Effect.succeed(HttpServerResponse.setHeader(response, header, requestId)))
      const annotations = annotateRequest(fiber, requestId)
      const taken = { pattern: undefined }
      return Effect.onExit(
        Effect.provideService(app, RouteTaken, taken),
        (exit) =>
          logLine(request, annotations, started, exit, taken.pattern)
      )
    }))

/**
 * One line per request, as the router's global middleware rather than the
 * server's: a server with no middleware of its own answers through the
 * platform's single-frame path, without the request span nobody can see when
 * no exporter is configured (docs/benchmarks.md, "Where a read's CPU goes,
 * path by path"). Written without `Effect.gen`, reading the fiber's own state:
 * it runs for every request. Merge it with the layers that add routes.
 */
export const layer = HttpRouter.middleware(logged, { global: true })
