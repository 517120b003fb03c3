/**
 * The handlers of a group of the API: `HttpApiBuilder.group`, keeping for the
 * group's requests only what they read from the group's context.
 *
 * `HttpApiBuilder.group` keeps the whole context its layer is built in and
 * merges it into the context of every request it answers
 * (`Effect.provideContext`: the request's context copied and every kept
 * service added, per request). Among Moneta's layers that is some seventy
 * services, most of a read's allocations (docs/benchmarks.md, "The context a
 * request carries"). What a request reads from it is only the middleware its
 * endpoints name (looked up once, when the routes are made, and kept); what a
 * handler needs per request comes from router middleware, as the builder's
 * types already require (`HttpRouter.Request<"Requires", …>`), and Moneta's
 * handlers take their bank services when they are built. So the build runs
 * with every service and the routes keep the middleware alone. (None of
 * Moneta's middleware declares services it requires per request; one that
 * did would need them kept as well.)
 */
import { Context, Effect, Layer, Scope } from "effect"
import { HttpApi, HttpApiBuilder, type HttpApiGroup, type HttpApiMiddleware } from "effect/http-api"

/** The middleware the endpoints of the group `identifier` name: all its requests read from its context. */
const middlewareOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  identifier: string
): ReadonlySet<HttpApiMiddleware.AnyService> => {
  const found = new Set<HttpApiMiddleware.AnyService>()
  HttpApi.reflect(api, {
    predicate: ({ group }) => group.identifier === identifier,
    onGroup: () => {},
    onEndpoint: ({ middleware }) => middleware.forEach((key) => found.add(key))
  })
  return found
}

/**
 * The build's result, run with every service of `context` (the handlers'
 * build needs its bank services). Providing services leaves the type as it is:
 * the group's layer still requires them, from the layers it is built among.
 */
const builtWith = <Return>(result: Return, context: Context.Context<never>): Return =>
  Effect.isEffect(result) ? Effect.provideContext(result, context) as Return : result

/** `HttpApiBuilder.group(api, identifier, build)`, whose requests carry only what they read from it. */
export const make = <
  ApiId extends string,
  Groups extends HttpApiGroup.Constraint,
  const Identifier extends HttpApiGroup.Identifier<Groups>,
  Return
>(
  api: HttpApi.HttpApi<ApiId, Groups>,
  identifier: Identifier,
  build: (
    handlers: HttpApiBuilder.Handlers.FromGroup<HttpApiGroup.WithIdentifier<Groups, Identifier>>
  ) => HttpApiBuilder.Handlers.ValidateReturn<Return>
): Layer.Layer<
  HttpApiGroup.Service<ApiId, Identifier>,
  HttpApiBuilder.Handlers.Error<Return>,
  Exclude<HttpApiBuilder.Handlers.Context<Return>, Scope.Scope>
> =>
  Layer.effectContext(Effect.gen(function*() {
    const context = yield* Effect.context<never>()
    // The builder keeps this context but the Scope its layer is built in.
    const kept = Context.pick(Scope.Scope, ...middlewareOf(api, identifier))(context)
    const group = HttpApiBuilder.group(api, identifier, (handlers) => builtWith(build(handlers), context))
    return yield* Effect.updateContext(Layer.build(group), (_: Context.Context<never>) => kept)
  }))
