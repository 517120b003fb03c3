/**
 * Idempotent POSTs. The key is claimed in the same database transaction as
 * the operation, so concurrent requests with one key produce one object; a
 * replay returns the stored first response; a different request with a used
 * key is refused with the id of the object tied to it. Failed requests roll
 * back and store nothing, so they may be retried with the same key.
 *
 * A write that asks the client first (`AskingWrite`) cannot hold a
 * transaction while it waits: its key is held under a lease, and its outcome
 * and response commit in one transaction (`runAsking`; the protocol and its
 * states are in docs/decisions.md, "Idempotent requests that wait").
 */
import type { Environment } from "@moneta/domain/Environment"
import { IdempotencyKeyAlreadyUsedError } from "@moneta/domain/Errors"
import { Tenant } from "@moneta/domain/Tenant"
import type { TenantShape } from "@moneta/domain/Tenant"
import {
  abandoned,
  type ClaimedRecord,
  type Hold,
  IdempotencyRecordStore,
  inProgress,
  retrying
} from "@moneta/store/IdempotencyRecords"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Cause, Context, Data, DateTime, Duration, Effect, Exit, Layer, Option } from "effect"
import { type AskingWrite, run as runUnkeyed } from "./AskingWrite.js"
import { CurrentClaim, CurrentIdempotencyKey } from "./IdempotencyKey.js"
import { RealTimeDecisionTiming } from "./RealTimeDecisions.js"
// Leases are the server's time, not the tenant's sandbox clock: the sweeper compares them with its own.
import { realNow } from "./Time.js"

export interface StoredResponse {
  readonly status: number
  readonly body: unknown
  readonly resourceId: string | null
}

/**
 * What a request with a key comes to: run now (`Fresh`), answered from the
 * stored response (`Replayed`), or neither because the first run with the key
 * is still going (`InProgress`: the HTTP layer answers 409, worth retrying).
 */
export type Outcome<A> =
  | { readonly _tag: "Fresh"; readonly value: A }
  | { readonly _tag: "Replayed"; readonly response: StoredResponse }
  | { readonly _tag: "InProgress"; readonly detail: string }

type Answered = Exclude<Outcome<never>, { readonly _tag: "Fresh" }>

export interface IdempotentRequest {
  readonly key: Option.Option<string>
  /** Identifies the request: same key + same fingerprint = the same request. */
  readonly fingerprint: string
}

const stillInProgress: Answered = {
  _tag: "InProgress",
  detail:
    "The first request with this idempotency key is still in progress (waiting for a real-time decision); retry once it has finished."
}

/**
 * What a request meets when its key was claimed before: the same request is
 * answered from the stored response (or refused while the first one is still
 * running); a different request is refused with the id tied to the key.
 */
const replayOf = (
  existing: ClaimedRecord,
  fingerprint: string
): Effect.Effect<Answered, IdempotencyKeyAlreadyUsedError> => {
  if (existing.fingerprint !== fingerprint) {
    return Effect.fail(
      new IdempotencyKeyAlreadyUsedError({
        resourceId: existing.resourceId,
        detail: "This idempotency key was already used with a different request."
      })
    )
  }
  if (existing.status === inProgress || existing.status === abandoned || existing.status === retrying) {
    return Effect.succeed(stillInProgress)
  }
  return Effect.succeed(
    {
      _tag: "Replayed",
      response: { status: existing.status, body: existing.body, resourceId: existing.resourceId }
    } as const
  )
}

/** The run no longer holds its key when it comes to apply: another run took it over. */
class HoldLost extends Data.TaggedError("HoldLost") {}

export class Idempotency extends Context.Service<Idempotency>()("@moneta/bank/Idempotency", {
  make: Effect.gen(function*() {
    const records = yield* IdempotencyRecordStore
    const { lease } = yield* RealTimeDecisionTiming

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
            const existing = yield* records.claim(tenant, key, request.fingerprint, yield* realNow)
            if (Option.isSome(existing)) return yield* replayOf(existing.value, request.fingerprint)
            const value = yield* withKey
            yield* records.complete(tenant, key, yield* toResponse(value))
            return { _tag: "Fresh", value } satisfies Outcome<A>
          }))
      })
    }

    const leaseUntil = Effect.map(realNow, (at) => DateTime.addDuration(at, lease))

    /**
     * Holds the key for this run: claims it, or takes over the claim of a
     * run that is gone (given up, or its lease expired); else the answer the
     * key already has (a replay, or a refusal while another run holds it).
     */
    const hold = (tenant: TenantShape, key: string, fingerprint: string) =>
      Effect.gen(function*() {
        const at = yield* realNow
        const until = yield* leaseUntil
        const claimed = yield* transactionally(records.claimLeased(tenant, key, fingerprint, at, until))
        if (claimed._tag === "Held") return claimed
        if (claimed.record.fingerprint === fingerprint && claimed.record.status <= inProgress) {
          const taken = yield* transactionally(records.takeOver(tenant, key, at, until))
          if (Option.isSome(taken)) return { _tag: "Held", hold: taken.value } as const
        }
        return { _tag: "Answered", outcome: yield* replayOf(claimed.record, fingerprint) } as const
      })

    /** Renews the run's lease every third of it until the run ends or loses the key. */
    const renewLease = (tenant: TenantShape, key: string, owner: string) =>
      Effect.gen(function*() {
        while (true) {
          yield* Effect.sleep(Duration.divideUnsafe(lease, 3))
          const renewed = yield* transactionally(
            Effect.flatMap(leaseUntil, (until) => records.renew(tenant, key, owner, until))
          ).pipe(
            // the database may be away for a moment: the next renewal tries again, the lease covers the gap
            Effect.catchCause((cause) =>
              Effect.as(Effect.logWarning("idempotency: renewing a waiting request's lease failed", cause), true)
            )
          )
          if (!renewed) return
        }
      })

    /**
     * How a run that did not finish leaves its key: a request that failed
     * gives it up (a retry asks anew); a run cut short (a defect, a database
     * fault, an interruption) marks it abandoned, so a retry takes it over at
     * once and reuses its decisions. A run that lost the key leaves it be.
     */
    const leaveUnfinished = <A, E>(tenant: TenantShape, key: string, owner: string, exit: Exit.Exit<A, E>) => {
      if (Exit.isSuccess(exit)) return Effect.void
      const failure = Cause.findErrorOption(exit.cause)
      if (Option.isSome(failure) && failure.value instanceof HoldLost) return Effect.void
      const leave = Option.isSome(failure) && !Cause.hasDies(exit.cause)
        ? records.release(tenant, key, owner)
        : records.abandon(tenant, key, owner)
      return transactionally(leave).pipe(
        // the lease gives the key up when the database cannot be told now
        Effect.catchCause((cause) => Effect.logWarning("idempotency: leaving an unfinished key failed", cause))
      )
    }

    /**
     * `run` for a write that asks the client first and waits: the key is held
     * under a lease (committed before the write starts, renewed while it
     * runs); the decisions are raised under the key's claim; the transaction
     * that applies the answers first checks the run still holds the key, then
     * stores the response, so the outcome and the stored answer commit
     * together. A replay while a live run holds the key is 409 and starts
     * nothing; once the run is gone (its lease expired, or it was cut short),
     * a retry takes the key over and reuses the decisions of the first run.
     */
    const runAsking = <A, E, R>(
      request: IdempotentRequest,
      write: AskingWrite<A, E, R>,
      toResponse: (value: A) => Effect.Effect<StoredResponse>
    ) =>
      Option.match(request.key, {
        onNone: () =>
          Effect.map(
            Effect.provideService(runUnkeyed(write), CurrentIdempotencyKey, request.key),
            (value): Outcome<A> => ({ _tag: "Fresh", value })
          ),
        onSome: (key) =>
          Effect.gen(function*() {
            const tenant = yield* Tenant
            const held = yield* hold(tenant, key, request.fingerprint)
            if (held._tag === "Answered") return held.outcome
            const { claim, owner, retry }: Hold = held.hold
            const applied = Effect.scoped(Effect.gen(function*() {
              yield* Effect.forkScoped(renewLease(tenant, key, owner))
              const apply = yield* write.ask
              return yield* transactionally(Effect.gen(function*() {
                if (!(yield* records.lockHeld(tenant, key, owner))) return yield* new HoldLost()
                const value = yield* apply
                yield* records.complete(tenant, key, yield* toResponse(value))
                return { _tag: "Fresh", value } satisfies Outcome<A>
              }))
            })).pipe(
              Effect.provideService(CurrentIdempotencyKey, request.key),
              Effect.provideService(CurrentClaim, { claim, retry }),
              Effect.onExit((exit) => leaveUnfinished(tenant, key, owner, exit))
            )
            return yield* Effect.catchIf(applied, (error) => error instanceof HoldLost, () =>
              // another run took the key over: answer what it stored, or that it is still running
              Effect.flatMap(records.find(tenant, key), (record) =>
                Option.isSome(record) ? replayOf(record.value, request.fingerprint) : Effect.succeed(stillInProgress)))
          })
      })

    /** Marks `abandoned` the held keys of `environment` whose lease expired (their run died); how many. */
    const abandonExpired = (environment: Environment) =>
      Effect.flatMap(realNow, (at) => transactionally(records.abandonExpired(environment, at)))

    return { run, runAsking, abandonExpired } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(IdempotencyRecordStore.Default))
}
