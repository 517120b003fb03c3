/**
 * `/docs`: Scalar's reference page (`HttpApiScalar`), built on its first
 * request and kept, not while the server starts. `HttpApiScalar.layer` loads
 * the bundled Scalar script (some 3.5 MB) when its layer is built; here that
 * layer is built into a router of its own the first time the page is asked
 * for, and that router serves the page from then on.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Effect, Scope } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiScalar } from "effect/http-api"

export const path = "/docs"

const scalarRoutes = HttpApiScalar.layer(MonetaApi, {
  path,
  scalar: { withDefaultFonts: false, favicon: "/favicon.ico" }
})

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    // The page's router lives as long as this route: built in the route layer's scope.
    const scope = yield* Effect.scope
    const page = yield* Effect.cached(HttpRouter.toHttpEffect(scalarRoutes).pipe(Scope.provide(scope)))
    yield* router.add("GET", path, Effect.flatten(page))
  })
)
