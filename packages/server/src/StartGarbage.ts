/**
 * Once a server process has started, gives back the memory its start used
 * and no longer needs. The start (the migrations, the first run, the routes'
 * schemas, the embedded database opened) allocates enough that V8 grows its
 * young generation to its bound, 32 MB committed, and keeps it until its
 * memory reducer runs, 20 to 30 s of idleness later. A low-memory collection
 * (V8's `LowMemoryNotification`, which the inspector protocol's
 * `HeapProfiler.collectGarbage` asks for) collects what is garbage and
 * shrinks the young generation: about 30 MB less resident for some 50 ms of
 * the main thread, once (docs/benchmarks.md, "The start's garbage given
 * back"). Node has no other way to ask for it: `gc()` under `--expose-gc` is
 * a full collection that leaves the young generation as large.
 *
 * Run by the `moneta` command only (Cli.ts), whose process is the server; a
 * host application that mounts the API keeps its process's memory to itself.
 */
import { Dispatcher } from "@moneta/webhooks/Dispatcher"
import { Duration, Effect, Layer, Schedule } from "effect"

/** V8's low-memory collection; fails when this node was built without the inspector. */
export const collectAllGarbage: Effect.Effect<void, unknown> = Effect.tryPromise(() =>
  import("./LowMemoryCollection.js").then((collection) => collection.collectAllGarbage())
)

/** The background work (the dispatcher) is asked every this long whether it has started. */
const startedPoll = Schedule.spaced(Duration.millis(100))

/** After this long the start's garbage is collected whether or not the background work started. */
export const startedBound = Duration.seconds(30)

/**
 * Runs `collect` once the background work (which starts a moment after the
 * port opens, `Background.startDelay`) has started, so that its building is
 * collected too, or `startedBound` after the layer is built if it has not. A
 * collection that fails is logged at debug level and the server goes on as
 * it is.
 */
export const layerCollecting = (collect: Effect.Effect<void, unknown>): Layer.Layer<never, never, Dispatcher> =>
  Layer.effectDiscard(
    Effect.gen(function*() {
      const dispatcher = yield* Dispatcher
      yield* dispatcher.running.pipe(
        Effect.repeat({ schedule: startedPoll, until: (running) => running }),
        Effect.timeoutOption(startedBound),
        Effect.andThen(collect),
        Effect.catchCause((cause) => Effect.logDebug("The start's garbage was not collected", cause)),
        Effect.forkScoped
      )
    })
  )

/** V8's low-memory collection once the server has started. */
export const layer: Layer.Layer<never, never, Dispatcher> = layerCollecting(collectAllGarbage)
