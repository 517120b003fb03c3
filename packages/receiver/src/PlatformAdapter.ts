/**
 * The receiver in an `effect/http` server: an HTTP app to route
 * (`HttpRouter.add("POST", "/webhooks", PlatformAdapter.httpApp(receiver))`), or a
 * middleware that answers one path and passes every other request on
 * (`HttpServer.serve(app, PlatformAdapter.middleware(receiver, { path: "/webhooks" }))`).
 */
import { Effect, Stream } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import * as Body from "./Body.js"
import type { Receiver } from "./Receiver.js"
import { UnreadableBodyError } from "./ReceiverError.js"
import * as Reply from "./Reply.js"

const toResponse = (reply: Reply.Reply): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.jsonUnsafe(reply.body, { status: reply.status })

/** An HTTP app: the response to the current `HttpServerRequest` (what `HttpApp.Default` was in Effect 3). */
export type HttpApp<E = never, R = never> = Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  E,
  R | HttpServerRequest.HttpServerRequest
>

/** Answers a POST with the delivery's reply, anything else with 405. */
export const httpApp = <R>(
  receiver: Receiver<R>
): HttpApp<never, R> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.method !== "POST") {
      return HttpServerResponse.empty({ status: 405, headers: { allow: "POST" } })
    }
    const body = Effect.andThen(
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
  <E, R1>(app: HttpApp<E, R1>): HttpApp<E, R | R1> => {
    const webhooks = httpApp(receiver)
    return Effect.flatMap(
      HttpServerRequest.HttpServerRequest,
      (request): HttpApp<E, R | R1> => pathOf(request.url) === options.path ? webhooks : app
    )
  }
