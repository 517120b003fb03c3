/**
 * A server made `ServingContext.without` some services serves its requests
 * without them, and with every other service and reference of the context it
 * serves in, and its scope.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option, Scope } from "effect"
import { HttpClient, HttpServer, HttpServerResponse } from "effect/http"
import * as ServingContext from "../src/ServingContext.js"

/** A service the server's layers are built with. */
class BuiltWith extends Context.Service<BuiltWith, string>()("test/ServingContext/BuiltWith") {}
/** Another service, not left out. */
class Kept extends Context.Service<Kept, string>()("test/ServingContext/Kept") {}
/** A setting: a reference read per request. */
const Setting = Context.Reference<string>("test/ServingContext/Setting", { defaultValue: () => "default" })

/** What a request sees of the context it is served in. */
const app = Effect.gen(function*() {
  const context = yield* Effect.context<never>()
  return HttpServerResponse.jsonUnsafe({
    builtWith: Option.getOrNull(Context.getOption(context, BuiltWith)),
    kept: Option.getOrNull(Context.getOption(context, Kept)),
    setting: yield* Setting,
    scope: Option.isSome(Context.getOption(context, Scope.Scope))
  })
})

const served = (omitted: ReadonlyArray<Context.Key<unknown, unknown>>) =>
  Effect.gen(function*() {
    const server = ServingContext.without(omitted)(yield* HttpServer.HttpServer)
    yield* Effect.forkScoped(server.serve(app))
    const response = yield* HttpClient.get("/")
    return yield* response.json
  }).pipe(
    Effect.provideService(BuiltWith, "built with"),
    Effect.provideService(Kept, "kept"),
    Effect.provideService(Setting, "set"),
    Effect.scoped,
    Effect.provide(Layer.fresh(NodeHttpServer.layerTest))
  )

describe("ServingContext.without", () => {
  it.effect("leaves out the services named, and nothing else", () =>
    Effect.gen(function*() {
      expect(yield* served([BuiltWith])).toStrictEqual({ builtWith: null, kept: "kept", setting: "set", scope: true })
      expect(yield* served([])).toStrictEqual({ builtWith: "built with", kept: "kept", setting: "set", scope: true })
    }))
})
