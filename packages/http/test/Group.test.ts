import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware } from "effect/http-api"
import * as Group from "../src/Group.js"

/** A service the handlers' build reads: present when the group is built, not needed per request. */
class Greeting extends Context.Service<Greeting, string>()("test/Group/Greeting") {}

/** A middleware the endpoint names: it marks the response, so a test sees that it ran. */
class Marked extends HttpApiMiddleware.Service<Marked>()("test/Group/Marked") {}

const Api = HttpApi.make("test").add(
  HttpApiGroup.make("greetings").add(
    HttpApiEndpoint.get("greet", "/greet", {
      success: Schema.Struct({ text: Schema.String, greetingPerRequest: Schema.Boolean })
    }).middleware(Marked)
  )
)

/** The API served by a group made with `makeGroup`: it answers the greeting taken when built, and whether a request still reads it. */
const serve = (makeGroup: typeof Group.make) =>
  HttpRouter.toWebHandler(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(
        makeGroup(Api, "greetings", (handlers) =>
          Effect.gen(function*() {
            const greeting = yield* Greeting
            return handlers.handle("greet", () =>
              Effect.map(Effect.serviceOption(Greeting), (perRequest) => ({
                text: greeting,
                greetingPerRequest: perRequest._tag === "Some"
              })))
          }))
      ),
      Layer.provide(
        Layer.succeed(Marked, (effect) => Effect.map(effect, HttpServerResponse.setHeader("x-marked", "yes")))
      ),
      Layer.provide(Layer.succeed(Greeting, "hello")),
      Layer.provide(HttpServer.layerServices)
    ),
    { disableLogger: true }
  )

const greet = (makeGroup: typeof Group.make) =>
  Effect.acquireUseRelease(
    Effect.sync(() => serve(makeGroup)),
    ({ handler }) =>
      Effect.promise(async () => {
        const response = await handler(new Request("http://localhost/greet"))
        return { marked: response.headers.get("x-marked"), body: await response.json() }
      }),
    ({ dispose }) => Effect.promise(dispose)
  )

describe("Group.make", () => {
  it.effect("builds the handlers with every service, runs the endpoint's middleware, and keeps nothing else for requests", () =>
    Effect.gen(function*() {
      const answer = yield* greet(Group.make)
      expect(answer.marked).toBe("yes")
      expect(answer.body).toEqual({ text: "hello", greetingPerRequest: false })
    }))

  it.effect("where HttpApiBuilder.group gives every request the whole context the group was built in", () =>
    Effect.gen(function*() {
      const answer = yield* greet(HttpApiBuilder.group)
      expect(answer.marked).toBe("yes")
      expect(answer.body).toEqual({ text: "hello", greetingPerRequest: true })
    }))
})
