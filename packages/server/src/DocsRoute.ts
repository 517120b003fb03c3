/**
 * `/docs`: Scalar's reference page (`HttpApiScalar`), built on its first
 * request and kept, not while the server starts. `HttpApiScalar.layer`
 * derives the whole OpenAPI document when its layer is built (about a quarter
 * of a second of CPU); here that layer is built into a router of its own the
 * first time the page is asked for, and that router serves the page from then on.
 */
import { HttpApi, HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Effect, Layer } from "effect"

export const path = "/docs"

const scalarRouter = HttpApiScalar.layer({ path, scalar: { withDefaultFonts: false, favicon: "/favicon.ico" } }).pipe(
  // The page's layer registers its route on this router (the same layer value, so one router).
  Layer.merge(HttpApiBuilder.Router.Live)
)

export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const api = yield* HttpApi.Api
    const page = yield* Effect.cached(
      HttpApiBuilder.Router.router.pipe(
        Effect.provide(scalarRouter),
        Effect.provideService(HttpApi.Api, api)
      )
    )
    yield* router.get(path, Effect.flatten(page))
  })
)
