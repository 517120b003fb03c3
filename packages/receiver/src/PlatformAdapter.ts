/**
 * The receiver in an `@effect/platform` server: an `HttpApp` to route
 * (`HttpRouter.post("/webhooks", PlatformAdapter.httpApp(receiver))`), or a
 * middleware that answers one path and passes every other request on
 * (`HttpServer.serve(app, PlatformAdapter.middleware(receiver, { path: "/webhooks" }))`).
 */
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { HttpApp } from "@effect/platform"
import { Effect, Stream } from "effect"
import * as Body from "./Body.js"
import type { Receiver } from "./Receiver.js"
import { UnreadableBodyError } from "./ReceiverError.js"
import * as Reply from "./Reply.js"

const toResponse = (reply: Reply.Reply): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.unsafeJson(reply.body, { status: reply.status })

/** Answers a POST with the delivery's reply, anything else with 405. */
export const httpApp = <R>(
  receiver: Receiver<R>
): HttpApp.Default<never, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.method !== "POST") {
      return HttpServerResponse.empty({ status: 405, headers: { allow: "POST" } })
    }
    const body = Effect.zipRight(
      Body.checkDeclaredLength(request.headers["content-length"], receiver.maxBodyBytes),
      Body.fromStream(
        Stream.mapError(request.stream, (error) => new UnreadableBodyError({ detail: error.message })),
        receiver.maxBodyBytes
      )
    )
    const reply = yield* Effect.matchEffect(body, {
      onFailure: Reply.rejected,
      onSuccess: (bytes) => Reply.receive(receiver, { header: (name) => request.headers[name], body: bytes })
    })
    return toResponse(reply)
  })

const pathOf = (url: string): string => url.split("?", 1)[0] ?? url

/** Answers requests to `path` with the receiver; every other request goes to the app. */
export const middleware =
  <R>(receiver: Receiver<R>, options: { readonly path: `/${string}` }) =>
  <E, R1>(app: HttpApp.Default<E, R1>): HttpApp.Default<E, R | R1 | HttpServerRequest.HttpServerRequest> => {
    const webhooks = httpApp(receiver)
    return Effect.flatMap(
      HttpServerRequest.HttpServerRequest,
      (request): HttpApp.Default<E, R | R1 | HttpServerRequest.HttpServerRequest> =>
        pathOf(request.url) === options.path ? webhooks : app
    )
  }
