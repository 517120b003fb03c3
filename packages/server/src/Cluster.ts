/**
 * Several server processes behind one port (`MONETA_PROCESSES=N`, default 1):
 * a primary process forks N workers with `node:cluster`; each runs the whole
 * server (API, webhook dispatcher, real-time decision sweeper) on the same
 * Postgres and node hands the connections of the shared port out between
 * them. What the workers share lives in the database: migrations and the
 * first run take advisory locks, deliveries and decisions are claimed with
 * `FOR UPDATE SKIP LOCKED`, so N processes do the work of one, faster. The
 * embedded database belongs to one process: N > 1 on it is refused.
 *
 * The primary serves nothing: it restarts a worker that dies (a worker that
 * dies before it ever listened stops them all: a configuration error would
 * only repeat), and on SIGINT/SIGTERM it sends SIGTERM to every worker and
 * waits until all have stopped gracefully. Workers' log lines carry their `pid`.
 */
import { Config, Effect, Schema } from "effect"
import cluster, { type Worker } from "node:cluster"

export const config = Config.all({
  processes: Config.schema(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 64 }, { message: "must be a whole number from 1 to 64" })),
    "MONETA_PROCESSES"
  ).pipe(Config.withDefault(1)),
  databaseUrl: Config.option(Config.Redacted("DATABASE_URL"))
})

export class ClusterError extends Schema.TaggedError<ClusterError>()("ClusterError", { message: Schema.String }) {}

/** Forks `count` workers running `exec`, keeps them running, and stops them all when interrupted. */
const supervise = (count: number, exec: string) =>
  Effect.flatMap(Effect.context<never>(), (context) =>
    Effect.callback<never, ClusterError>((resume) => {
      const log = Effect.runForkWith(context)
      const served = new WeakSet<Worker>()
      const workers = new Set<Worker>()
      let stopping = false
      const stopAll = () => {
        stopping = true
        for (const worker of workers) worker.process.kill("SIGTERM")
      }
      const fork = () => {
        const worker = cluster.fork()
        workers.add(worker)
        worker.once("listening", () => served.add(worker))
        worker.once("exit", (code, signal) => {
          workers.delete(worker)
          if (stopping) return
          const how = signal ?? `code ${code}`
          if (!served.has(worker)) {
            stopAll()
            resume(
              Effect.fail(
                new ClusterError({
                  message: `server process ${worker.process.pid} exited (${how}) before it served; stopping`
                })
              )
            )
            return
          }
          log(Effect.logWarning(`server process ${worker.process.pid} exited (${how}); starting another`))
          fork()
        })
      }
      cluster.setupPrimary({ exec })
      for (let index = 0; index < count; index++) fork()
      log(Effect.logInfo(`Moneta: ${count} server processes on one port`))
      return Effect.callback<void>((stopped) => {
        stopAll()
        if (workers.size === 0) return stopped(Effect.void)
        for (const worker of workers) {
          worker.once("exit", () => {
            if (workers.size === 0) stopped(Effect.void)
          })
        }
      })
    }))

/**
 * Runs `server` in this process, or, with `MONETA_PROCESSES` over 1, as the
 * primary of that many worker processes each running `entry` (the file of the
 * command's main module) and so `server`.
 */
export const run = <E, R>(server: Effect.Effect<never, E, R>, entry: string) =>
  Effect.gen(function*() {
    if (cluster.isWorker) return yield* Effect.annotateLogs(server, "pid", process.pid)
    const { databaseUrl, processes } = yield* config
    if (processes === 1) return yield* server
    if (databaseUrl._tag === "None") {
      return yield* new ClusterError({
        message:
          `MONETA_PROCESSES=${processes} needs DATABASE_URL: the embedded database can only be opened by one process`
      })
    }
    return yield* supervise(processes, entry)
  })
