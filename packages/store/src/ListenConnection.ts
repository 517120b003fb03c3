/**
 * The LISTEN connection to real Postgres, owned here rather than borrowed from
 * the pool: `PgClient.listen` holds a pooled connection per listener and only
 * fails its queue when the connection is lost, so after a Postgres restart
 * nothing would listen again. This is one connection of sql-pg's own
 * (`PgConnection`), under an application name of its own, made again whenever
 * it is lost.
 *
 * - One connection per process carries every channel; LISTEN is issued for
 *   each channel with subscribers, and again after each reconnection.
 * - A loss is noticed when the connection fails its listeners (the socket
 *   closed or errored, the backend was terminated), when a LISTEN fails, or
 *   from a liveness probe (`SELECT 1`) that gets no answer in time (a
 *   connection that died silently). It is logged, and the connection is made
 *   again after a capped exponential wait; getting it back is logged too.
 * - Notifications sent while the connection is down are lost: pair listening
 *   with polling (the webhook dispatcher and real-time decision waiters do).
 */
import * as PgConnection from "@effect/sql-pg/PgConnection"
import { Clock, Deferred, Duration, Effect, Exit, Queue, Scope, Semaphore, Stream } from "effect"
import { SqlError } from "effect/sql"

export interface ListenConnectionOptions {
  /** Where to connect; `applicationName` lets an operator find the connection in `pg_stat_activity`. */
  readonly connection: PgConnection.Config
  /** How often the connection proves it is alive. */
  readonly probeInterval?: Duration.Input | undefined
  /** How long a probe may take before the connection counts as lost. */
  readonly probeTimeout?: Duration.Input | undefined
}

export const defaults = {
  probeInterval: Duration.seconds(30),
  probeTimeout: Duration.seconds(10)
} as const

/** The application name of the LISTEN connection. */
export const applicationName = "moneta-listen"

/**
 * The wait before reconnecting after `failures` failures in a row (counted
 * from 0): 100 ms doubling up to 5 s. The count starts again after a minute
 * without a failure.
 */
export const reconnectDelay = (failures: number): Duration.Duration =>
  Duration.millis(Math.min(100 * 2 ** Math.min(failures, 16), 5_000))

const failuresForgottenAfter = Duration.minutes(1)

/** Why a session of the connection ended: it could not be made, or it was lost once made. */
class SessionEnded {
  constructor(readonly phase: "connect" | "lost", readonly error: SqlError.SqlError) {}
}

const timedOut = (message: string) =>
  new SqlError.SqlError({
    reason: new SqlError.ConnectionError({ cause: new Error(message), message, operation: "listen" })
  })

/** One connection, while it is up. */
interface Session {
  /** The connection, pinned to this session for its whole life. */
  readonly connection: PgConnection.PgConnection
  /** Parent of each channel's LISTEN scope. */
  readonly listeners: Scope.Scope
  /** The channels LISTENed to on this connection, each with the scope whose closing UNLISTENs it. */
  readonly listening: Map<string, Scope.Closeable>
  /** Failed when the connection is lost. */
  readonly lost: Deferred.Deferred<never, SqlError.SqlError>
}

/** The connection, kept up until the scope closes. */
export const make = (options: ListenConnectionOptions) =>
  Effect.gen(function*() {
    const probeInterval = Duration.fromInputUnsafe(options.probeInterval ?? defaults.probeInterval)
    const probeTimeout = Duration.fromInputUnsafe(options.probeTimeout ?? defaults.probeTimeout)
    // The subscribers of each channel; the channels with any are LISTENed to.
    const subscribers = new Map<string, Set<Queue.Queue<string>>>()
    // LISTEN and UNLISTEN one at a time, so a channel is never LISTENed to twice on one connection.
    const changes = yield* Semaphore.make(1)
    let current: Session | undefined

    const deliver = (channel: string, payload: string) => {
      // Empty payloads are not delivered (as the embedded database does).
      if (payload === "") return
      for (const queue of subscribers.get(channel) ?? []) Queue.offerUnsafe(queue, payload)
    }

    /** LISTENs on `channel` in the session unless it already does; its notifications go to the subscribers. */
    const listenOn = (session: Session, channel: string) =>
      changes.withPermits(1)(Effect.suspend(() => {
        if (session.listening.has(channel)) return Effect.void
        return Effect.gen(function*() {
          const scope = yield* Scope.fork(session.listeners)
          session.listening.set(channel, scope)
          const notifications = yield* session.connection.listen(channel).pipe(
            Scope.provide(scope),
            Effect.tapError(() =>
              Effect.suspend(() => {
                session.listening.delete(channel)
                return Scope.close(scope, Exit.void)
              })
            )
          )
          // A connection that fails fails its listeners' queues: the session is lost.
          yield* Queue.take(notifications).pipe(
            Effect.tap((notification) => Effect.sync(() => deliver(channel, notification.payload))),
            Effect.forever,
            Effect.catch((error) => Deferred.fail(session.lost, error)),
            Effect.forkIn(scope)
          )
        })
      }))

    const unlistenOn = (session: Session, channel: string) =>
      changes.withPermits(1)(Effect.suspend(() => {
        const scope = session.listening.get(channel)
        if (scope === undefined) return Effect.void
        session.listening.delete(channel)
        // Closing the scope UNLISTENs (sql-pg ignores an UNLISTEN that fails: the connection is going).
        return Scope.close(scope, Exit.void)
      }))

    const session = (lostOnce: boolean) =>
      Effect.gen(function*() {
        const connectionScope = yield* Scope.make()
        const connection = yield* PgConnection.make(options.connection).pipe(
          Scope.provide(connectionScope),
          Effect.onError(() => Scope.close(connectionScope, Exit.void)),
          Effect.mapError((error) => new SessionEnded("connect", error))
        )
        const pinned = yield* connection.pin
        const listeners = yield* Scope.make()
        yield* Effect.addFinalizer(() => Scope.close(listeners, Exit.void))
        // Closed first when the session ends: a connection that died silently cannot hold up the
        // UNLISTENs of its listeners (sql-pg skips them on a closed connection).
        yield* Effect.addFinalizer(() => Scope.close(connectionScope, Exit.void))
        const lost = yield* Deferred.make<never, SqlError.SqlError>()
        const live: Session = { connection: pinned, listeners, listening: new Map(), lost }
        // Channels subscribed from now on LISTEN themselves on `current`; these are the ones before.
        current = live
        yield* Effect.addFinalizer(() =>
          Effect.sync(() => {
            if (current === live) current = undefined
          })
        )
        yield* Effect.forEach([...subscribers.keys()], (channel) => listenOn(live, channel), { discard: true }).pipe(
          Effect.timeoutOrElse({
            duration: probeTimeout,
            orElse: () => Effect.fail(timedOut("LISTEN got no answer"))
          }),
          Effect.mapError((error) => new SessionEnded("connect", error))
        )
        if (lostOnce) yield* Effect.logInfo("LISTEN connection re-established")
        else yield* Effect.logDebug("LISTEN connection open")
        const probe = Effect.sleep(probeInterval).pipe(
          Effect.andThen(pinned.query("SELECT 1", [], false)),
          Effect.timeoutOrElse({
            duration: Duration.sum(probeInterval, probeTimeout),
            orElse: () => Effect.fail(timedOut("LISTEN connection probe got no answer"))
          }),
          Effect.forever
        )
        return yield* Effect.raceFirst(Deferred.await(lost), probe).pipe(
          Effect.mapError((error) => new SessionEnded("lost", error))
        )
      }).pipe(Effect.scoped)

    const keepConnected = Effect.gen(function*() {
      let lostOnce = false
      let failures = 0
      let lastFailure = Number.NEGATIVE_INFINITY
      while (true) {
        const ended: SessionEnded = yield* Effect.flip(session(lostOnce))
        lostOnce = lostOnce || ended.phase === "lost"
        if (ended.phase === "lost") {
          yield* Effect.logWarning(
            "LISTEN connection lost; reconnecting (polling covers what is missed meanwhile)",
            ended.error
          )
        } else {
          yield* Effect.logDebug("Could not open the LISTEN connection; trying again", ended.error)
        }
        const now = yield* Clock.currentTimeMillis
        if (now - lastFailure > Duration.toMillis(failuresForgottenAfter)) failures = 0
        lastFailure = now
        yield* Effect.sleep(reconnectDelay(failures))
        failures += 1
      }
    })
    // The connection's peer is a real server: its probe and reconnect delays run on the system clock
    // even where the program's clock is virtual (a TestClock that jumps ahead would time out a probe in flight).
    yield* Effect.forkScoped(Effect.provideService(keepConnected, Clock.Clock, Clock.Clock.defaultValue()))

    const subscribe = (channel: string, queue: Queue.Queue<string>) =>
      Effect.gen(function*() {
        const queues = subscribers.get(channel) ?? new Set()
        queues.add(queue)
        subscribers.set(channel, queues)
        const session = current
        if (session !== undefined && queues.size === 1) {
          // A failure here means the connection is going: the next session LISTENs again.
          yield* listenOn(session, channel).pipe(
            Effect.catch((error) =>
              Effect.andThen(
                Effect.logDebug("LISTEN failed; the connection is being re-established", error),
                Deferred.fail(session.lost, error)
              )
            )
          )
        }
      })

    const unsubscribe = (channel: string, queue: Queue.Queue<string>) =>
      Effect.gen(function*() {
        const queues = subscribers.get(channel)
        queues?.delete(queue)
        if (queues === undefined || queues.size > 0) return
        subscribers.delete(channel)
        const session = current
        if (session !== undefined) yield* unlistenOn(session, channel)
      })

    /** The payloads sent on `channel` while the stream runs and the connection is up. */
    const listen = (channel: string): Stream.Stream<string> =>
      Stream.unwrap(Effect.gen(function*() {
        const queue = yield* Effect.acquireRelease(Queue.unbounded<string>(), Queue.shutdown)
        yield* Effect.acquireRelease(subscribe(channel, queue), () => unsubscribe(channel, queue))
        return Stream.fromQueue(queue)
      }))

    return { listen } as const
  })
