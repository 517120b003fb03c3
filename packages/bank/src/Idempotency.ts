/**
 * Idempotent POSTs. The key is claimed in the same database transaction as
 * the operation, so concurrent requests with one key produce one object; a
 * replay returns the stored first response; a different request with a used
 * key is refused with the id of the object tied to it. Failed requests roll
 * back and store nothing, so they may be retried with the same key.
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import { IdempotencyKeyAlreadyUsedError, InvalidOperationError } from "@moneta/domain/Errors"
import {
  abandoned,
  IdempotencyRecords,
  inProgress,
  retrying,
  type StoredResponse as ClaimedRecord
} from "@moneta/store/IdempotencyRecords"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Exit, Layer, Option } from "effect"
import { CurrentIdempotencyKey } from "./Caller.js"
import { now } from "./Time.js"

export interface StoredResponse {
  readonly status: number
  readonly body: unknown
  readonly resourceId: string | null
}

export type Outcome<A> =
  | { readonly _tag: "Fresh"; readonly value: A }
  | { readonly _tag: "Replayed"; readonly response: StoredResponse }

export interface IdempotentRequest {
  readonly key: Option.Option<string>
  /** Identifies the request: same key + same fingerprint = the same request. */
  readonly fingerprint: string
}

/**
 * What a request meets when its key was claimed before: the same request is
 * answered from the stored response (or refused while the first one is still
 * running); a different request is refused with the id tied to the key.
 */
const replayOf = (existing: ClaimedRecord, fingerprint: string) => {
  if (existing.fingerprint !== fingerprint) {
    return Effect.fail(
      new IdempotencyKeyAlreadyUsedError({
        resourceId: existing.resourceId,
        detail: "This idempotency key was already used with a different request."
      })
    )
  }
  // an abandoned key is refused here only for a request that may not retry it (see `runWaiting`)
  if (existing.status === inProgress || existing.status === abandoned || existing.status === retrying) {
    return Effect.fail(
      new InvalidOperationError({
        detail:
          "The first request with this idempotency key is still in progress (waiting for a real-time decision); retry once it has finished."
      })
    )
  }
  return Effect.succeed(
    {
      _tag: "Replayed",
      response: { status: existing.status, body: existing.body, resourceId: existing.resourceId }
    } as const
  )
}

export class Idempotency extends Context.Service<Idempotency>()("@moneta/bank/Idempotency", {
  make: Effect.gen(function*() {
    const records = yield* IdempotencyRecords

    const run = <A, E, R>(
      request: IdempotentRequest,
      operation: Effect.Effect<A, E, R>,
      toResponse: (value: A) => Effect.Effect<StoredResponse>
    ) => {
      const withKey = Effect.provideService(operation, CurrentIdempotencyKey, request.key)
      return Option.match(request.key, {
        onNone: () => Effect.map(withKey, (value): Outcome<A> => ({ _tag: "Fresh", value })),
        onSome: (key) =>
          transactionally(Effect.gen(function*() {
            const tenant = yield* Tenant
            const existing = yield* records.claim(tenant, key, request.fingerprint, yield* now)
            if (Option.isSome(existing)) return yield* replayOf(existing.value, request.fingerprint)
            const value = yield* withKey
            yield* records.complete(tenant, key, yield* toResponse(value))
            return { _tag: "Fresh", value } satisfies Outcome<A>
          }))
      })
    }

    /**
     * `run` for an operation that waits and runs transactions of its own (a
     * card simulation asking the client through a real-time decision): the key
     * is claimed in a transaction committed before the operation starts, and
     * the response stored when it finishes. A replay while the first request
     * is still running is 409 `invalid_operation_error` and starts nothing; a
     * replay after it is answered from the stored response; a failed
     * operation gives the key up, so it may be retried; so does a process
     * that died while it waited (the sweeper marks its key `abandoned`), and
     * the retry reuses the decisions the first run raised.
     */
    const runWaiting = <A, E, R>(
      request: IdempotentRequest,
      operation: Effect.Effect<A, E, R>,
      toResponse: (value: A) => Effect.Effect<StoredResponse>
    ) => {
      const withKey = Effect.provideService(operation, CurrentIdempotencyKey, request.key)
      return Option.match(request.key, {
        onNone: () => Effect.map(withKey, (value): Outcome<A> => ({ _tag: "Fresh", value })),
        onSome: (key) =>
          Effect.gen(function*() {
            const tenant = yield* Tenant
            const existing = yield* transactionally(records.claim(tenant, key, request.fingerprint, yield* now))
            const retried = Option.isSome(existing) && existing.value.status === abandoned &&
              existing.value.fingerprint === request.fingerprint &&
              (yield* transactionally(records.reclaim(tenant, key)))
            if (Option.isSome(existing) && !retried) return yield* replayOf(existing.value, request.fingerprint)
            const value = yield* Effect.onExit(withKey, (exit) =>
              Exit.isSuccess(exit) ? Effect.void : transactionally(records.release(tenant, key)))
            yield* transactionally(Effect.flatMap(toResponse(value), (response) =>
              records.complete(tenant, key, response)))
            return { _tag: "Fresh", value } satisfies Outcome<A>
          })
      })
    }

    return { run, runWaiting } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(IdempotencyRecords.Default))
}
