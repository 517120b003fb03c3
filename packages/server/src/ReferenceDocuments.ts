/**
 * The two documents served beside the API, `/openapi.json` and the
 * reference page at `/docs` (http's `ReferencePage`), each built and compressed
 * once per process (`Compression.prepare`) and then kept. Building them takes
 * a few seconds of CPU on a busy machine (the page is 3.7 MB; its first
 * request used to take 3.65 s), which neither a start nor a request should
 * wait for: the server prepares them in the background once it serves
 * (`prepareWhenServing`, when the webhook dispatcher starts), and a request
 * that comes sooner waits for that same preparation instead of beginning
 * another. Without `prepareWhenServing` (`Api.layer` alone, in a host app)
 * the first request for either begins it, unless the host calls `prepare`.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import * as ReferencePage from "@moneta/http/ReferencePage"
import { Cause, Context, Deferred, Effect, Layer } from "effect"
import { OpenApi } from "effect/http-api"
import { Serving } from "./Background.js"
import * as Compression from "./Compression.js"

export interface Documents {
  readonly openApi: Compression.Prepared
  readonly page: Compression.Prepared
}

/**
 * Runs `build` once per process, the first time it is asked for, to its end
 * whoever asked (an interrupted request or a stopped server does not stop
 * it); one that fails is run again when next asked for.
 */
const oncePerProcess = <A>(build: Effect.Effect<A>): Effect.Effect<A> => {
  let running: Promise<A> | undefined
  return Effect.promise(() => {
    running ??= Effect.runPromise(build).catch((error: unknown) => {
      running = undefined
      throw error
    })
    return running
  })
}

const openApiDocument = oncePerProcess(
  Effect.suspend(() =>
    Compression.prepare(new TextEncoder().encode(JSON.stringify(OpenApi.fromApi(MonetaApi))), "application/json")
  )
)

const referencePage = oncePerProcess(
  Effect.suspend(() => ReferencePage.html(OpenApi.fromApi(MonetaApi))).pipe(
    Effect.flatMap((html) => Compression.prepare(new TextEncoder().encode(html), "text/html; charset=utf-8"))
  )
)

export class ReferenceDocuments extends Context.Service<ReferenceDocuments, {
  /** Prepares both documents (or waits for the preparation under way). */
  readonly prepare: Effect.Effect<void>
  readonly openApi: Effect.Effect<Compression.Prepared>
  readonly page: Effect.Effect<Compression.Prepared>
  /** Both documents, once this layer's server has begun preparing them; begins nothing itself. */
  readonly prepared: Effect.Effect<Documents>
}>()("@moneta/server/ReferenceDocuments") {}

export const layer = Layer.effect(
  ReferenceDocuments,
  Effect.gen(function*() {
    const begun = yield* Deferred.make<void>()
    const begin = <A>(document: Effect.Effect<A>) => Effect.andThen(Deferred.succeed(begun, undefined), document)
    const both = Effect.all({ openApi: openApiDocument, page: referencePage }, { concurrency: "unbounded" })
    return ReferenceDocuments.of({
      prepare: Effect.asVoid(begin(both)),
      openApi: begin(openApiDocument),
      page: begin(referencePage),
      prepared: Effect.andThen(Deferred.await(begun), both)
    })
  })
)

/** Prepares the documents in the background once the server serves (`Background.Serving`). */
export const prepareWhenServing = Layer.effectDiscard(
  Effect.gen(function*() {
    const documents = yield* ReferenceDocuments
    const serving = yield* Serving
    yield* Deferred.await(serving).pipe(
      Effect.andThen(documents.prepare),
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause)
          ? Effect.void
          : Effect.logError("The reference page and /openapi.json could not be prepared", cause)
      ),
      Effect.forkScoped
    )
  })
)
