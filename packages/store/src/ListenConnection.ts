/**
 * The LISTEN connection to real Postgres, owned here rather than borrowed from
 * sql-pg: sql-pg 0.53 swallows the errors of its listen connection, so after a
 * Postgres restart it never listens again and says nothing.
 *
 * - One connection per process carries every channel; LISTEN is issued for
 *   each channel with subscribers, and again after each reconnection.
 * - A loss is noticed from the connection's `error` / `end` events, or from a
 *   liveness probe (`SELECT 1`) that gets no answer in time (a connection that
 *   died silently). It is logged, and the connection is made again on a capped
 *   exponential schedule; getting it back is logged too.
 * - Notifications sent while the connection is down are lost: pair listening
 *   with polling (the webhook dispatcher does).
 */
import { SqlError } from "@effect/sql/SqlError"
import { Deferred, Duration, Effect, Exit, Queue, Schedule, Stream } from "effect"
import Pg from "pg"

export interface ListenConnectionOptions {
  /** Where to connect; `application_name` lets an operator find the connection in `pg_stat_activity`. */
  readonly connection: Pg.ClientConfig
  /** How often the connection proves it is alive. */
  readonly probeInterval?: Duration.DurationInput | undefined
  /** How long a probe may take before the connection counts as lost. */
  readonly probeTimeout?: Duration.DurationInput | undefined
}

export const defaults = {
  probeInterval: Duration.seconds(30),
  probeTimeout: Duration.seconds(10)
} as const

/** The application name of the LISTEN connection. */
export const applicationName = "moneta-listen"

/** Between attempts to reconnect: 100 ms doubling up to 5 s, from the start again after a minute without a failure. */
export const reconnectSchedule = Schedule.exponential(Duration.millis(100)).pipe(
  Schedule.union(Schedule.spaced(Duration.seconds(5))),
  Schedule.resetAfter(Duration.minutes(1))
)

/** Why a session of the connection ended: it could not be made, or it was lost once made. */
class SessionEnded {
  constructor(readonly phase: "connect" | "lost", readonly error: SqlError) {}
}

const query = (client: Pg.Client, text: string, message: string) =>
  Effect.tryPromise({ try: () => client.query(text), catch: (cause) => new SqlError({ cause, message }) })

/** The connection, kept up until the scope closes. */
export const make = (options: ListenConnectionOptions) =>
  Effect.gen(function*() {
    const probeInterval = Duration.decode(options.probeInterval ?? defaults.probeInterval)
    const probeTimeout = Duration.decode(options.probeTimeout ?? defaults.probeTimeout)
    // The subscribers of each channel; the channels with any are LISTENed to.
    const subscribers = new Map<string, Set<Queue.Queue<string>>>()
    let current: Pg.Client | undefined
    let lostOnce = false

    const deliver = (message: Pg.Notification) => {
      // Empty payloads are not delivered (as sql-pg and the embedded database do).
      if (message.payload === undefined || message.payload === "") return
      for (const queue of subscribers.get(message.channel) ?? []) Queue.unsafeOffer(queue, message.payload)
    }

    const session = Effect.gen(function*() {
      const ended = yield* Deferred.make<never, SqlError>()
      const onError = (cause: Error) =>
        Deferred.unsafeDone(ended, Exit.fail(new SqlError({ cause, message: "LISTEN connection failed" })))
      const onEnd = () =>
        Deferred.unsafeDone(ended, Exit.fail(new SqlError({ cause: "closed", message: "LISTEN connection closed" })))
      const client = yield* Effect.acquireRelease(
        Effect.tryPromise({
          try: async () => {
            const client = new Pg.Client(options.connection)
            client.on("error", onError)
            client.on("end", onEnd)
            client.on("notification", deliver)
            await client.connect()
            return client
          },
          catch: (cause) =>
            new SessionEnded("connect", new SqlError({ cause, message: "Could not open the LISTEN connection" }))
        }),
        (client) =>
          Effect.sync(() => {
            if (current === client) current = undefined
            client.off("notification", deliver)
            client.off("end", onEnd)
          }).pipe(
            Effect.zipRight(Effect.promise(() => client.end().catch(() => undefined))),
            Effect.timeoutOption(Duration.seconds(1))
          )
      )
      // Channels subscribed from now on LISTEN themselves on `current`; these are the ones before.
      current = client
      yield* Effect.forEach(
        [...subscribers.keys()],
        (channel) => query(client, `LISTEN ${Pg.escapeIdentifier(channel)}`, "Could not LISTEN"),
        { discard: true }
      ).pipe(Effect.mapError((error) => new SessionEnded("connect", error)))
      if (lostOnce) yield* Effect.logInfo("LISTEN connection re-established")
      else yield* Effect.logDebug("LISTEN connection open")
      const probe = Effect.sleep(probeInterval).pipe(
        Effect.zipRight(query(client, "SELECT 1", "LISTEN connection probe failed")),
        Effect.timeoutFail({
          duration: Duration.sum(probeInterval, probeTimeout),
          onTimeout: () => new SqlError({ cause: "timeout", message: "LISTEN connection probe got no answer" })
        }),
        Effect.forever
      )
      return yield* Effect.raceFirst(Deferred.await(ended), probe).pipe(
        Effect.mapError((error) => new SessionEnded("lost", error))
      )
    }).pipe(Effect.scoped)

    const keepConnected = session.pipe(
      Effect.catchAll((ended) =>
        Effect.zipRight(
          Effect.sync(() => {
            lostOnce = lostOnce || ended.phase === "lost"
          }),
          ended.phase === "lost"
            ? Effect.logWarning(
              "LISTEN connection lost; reconnecting (polling covers what is missed meanwhile)",
              ended.error
            )
            : Effect.logDebug("Could not open the LISTEN connection; trying again", ended.error)
        ).pipe(Effect.zipRight(Effect.fail(ended)))
      ),
      Effect.retry(reconnectSchedule)
    )
    yield* Effect.forkScoped(keepConnected)

    const subscribe = (channel: string, queue: Queue.Queue<string>) =>
      Effect.gen(function*() {
        const queues = subscribers.get(channel) ?? new Set()
        queues.add(queue)
        subscribers.set(channel, queues)
        const client = current
        if (client !== undefined && queues.size === 1) {
          // A failure here means the connection is going: the next session LISTENs again.
          yield* query(client, `LISTEN ${Pg.escapeIdentifier(channel)}`, "Could not LISTEN").pipe(
            Effect.catchAll((error) => Effect.logDebug("LISTEN failed; the connection is being re-established", error))
          )
        }
      })

    const unsubscribe = (channel: string, queue: Queue.Queue<string>) =>
      Effect.gen(function*() {
        const queues = subscribers.get(channel)
        queues?.delete(queue)
        if (queues === undefined || queues.size > 0) return
        subscribers.delete(channel)
        const client = current
        if (client !== undefined) {
          yield* query(client, `UNLISTEN ${Pg.escapeIdentifier(channel)}`, "Could not UNLISTEN").pipe(
            Effect.catchAll((error) =>
              Effect.logDebug("UNLISTEN failed; the connection is being re-established", error)
            )
          )
        }
      })

    /** The payloads sent on `channel` while the stream runs and the connection is up. */
    const listen = (channel: string): Stream.Stream<string> =>
      Stream.unwrapScoped(Effect.gen(function*() {
        const queue = yield* Effect.acquireRelease(Queue.unbounded<string>(), Queue.shutdown)
        yield* Effect.acquireRelease(subscribe(channel, queue), () => unsubscribe(channel, queue))
        return Stream.fromQueue(queue)
      }))

    return { listen } as const
  })
