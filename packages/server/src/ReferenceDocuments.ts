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
 *
 * A bundled server (`pnpm start`, the installed command) reads them instead
 * from the folder its bundle's build wrote beside it (`PrebuiltReference`),
 * when that folder is of the same sources: deriving the OpenAPI document and
 * building the page hold the event loop for some 0.8 s, which only reading
 * and decompressing files off it is left of.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import * as ReferencePage from "@moneta/http/ReferencePage"
import { Cause, Context, Deferred, Effect, Layer, Option } from "effect"
import { OpenApi } from "effect/http-api"
import { Serving } from "./Background.js"
import * as Compression from "./Compression.js"
import * as PrebuiltReference from "./PrebuiltReference.js"

export type Documents = PrebuiltReference.Documents

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

/** Both documents built and compressed here, once per process (what `PrebuiltReference.write` keeps). */
export const built: Effect.Effect<Documents> = Effect.all({ openApi: openApiDocument, page: referencePage }, {
  concurrency: "unbounded"
})

/** Builds both documents and writes them to `folder` under `key` (scripts/bundle.mjs, beside the bundle). */
export const writePrebuilt = (folder: string, key: string): Promise<void> =>
  Effect.runPromise(built).then((documents) => PrebuiltReference.write(folder, key, documents))

export class ReferenceDocuments extends Context.Service<ReferenceDocuments, {
  /** Prepares both documents (or waits for the preparation under way). */
  readonly prepare: Effect.Effect<void>
  readonly openApi: Effect.Effect<Compression.Prepared>
  readonly page: Effect.Effect<Compression.Prepared>
  /** Both documents, once this layer's server has begun preparing them; begins nothing itself. */
  readonly prepared: Effect.Effect<Documents>
}>()("@moneta/server/ReferenceDocuments") {}

/**
 * The service over the documents `prebuilt` gives, run once, when it gives
 * some; over the documents built here otherwise.
 */
export const layerWith = (prebuilt: Effect.Effect<Option.Option<Documents>>) =>
  Layer.effect(
    ReferenceDocuments,
    Effect.gen(function*() {
      // Run to its end whoever asks first, with this layer's logger.
      const loaded = oncePerProcess(Effect.provideContext(prebuilt, yield* Effect.context<never>()))
      const document = (name: keyof Documents) =>
        Effect.flatMap(
          loaded,
          Option.match({
            onNone: () => name === "page" ? referencePage : openApiDocument,
            onSome: (some) => Effect.succeed(some[name])
          })
        )
      const begun = yield* Deferred.make<void>()
      const begin = <A>(effect: Effect.Effect<A>) => Effect.andThen(Deferred.succeed(begun, undefined), effect)
      const both = Effect.all({ openApi: document("openApi"), page: document("page") }, { concurrency: "unbounded" })
      return ReferenceDocuments.of({
        prepare: Effect.asVoid(begin(both)),
        openApi: begin(document("openApi")),
        page: begin(document("page")),
        prepared: Effect.andThen(Deferred.await(begun), both)
      })
    })
  )

const besideTheBundle = PrebuiltReference.bundleKey === undefined
  ? Effect.succeedNone
  : PrebuiltReference.load(PrebuiltReference.besideThisFile(), PrebuiltReference.bundleKey)

/** The documents of the folder beside the bundle, in a bundle whose folder is current; built here otherwise. */
export const layer = layerWith(besideTheBundle)

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
