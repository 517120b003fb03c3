/**
 * A write that asks the client before it applies anything (a card simulation
 * waiting for real-time decisions). Its `ask` commits its decisions and waits
 * for them outside any transaction, then yields the step that applies the
 * answers; whoever runs the write runs that step in one transaction. An
 * idempotent request stores its response in that same transaction
 * (`Idempotency.runAsking`), so the outcome and the stored answer commit
 * together: a retry finds either both or neither.
 */
import { transactionally } from "@moneta/store/UnitOfWork"
import { Effect } from "effect"

export class AskingWrite<A, E, R> {
  readonly _tag = "AskingWrite"
  constructor(
    /** Asks and waits; succeeds with the step that applies the answers (run it in a transaction). */
    readonly ask: Effect.Effect<Effect.Effect<A, E, R>, E, R>
  ) {}
}

/** The write whose `ask` yields `apply` for what it learnt. */
export const asking = <Asked, A, E1, R1, E2, R2>(
  ask: Effect.Effect<Asked, E1, R1>,
  apply: (asked: Asked) => Effect.Effect<A, E2, R2>
): AskingWrite<A, E1 | E2, R1 | R2> => new AskingWrite<A, E1 | E2, R1 | R2>(Effect.map(ask, apply))

export const isAskingWrite = (value: unknown): value is AskingWrite<unknown, unknown, unknown> =>
  value instanceof AskingWrite

/** Runs the write for a request without an idempotency key: asks, then applies in one transaction. */
export const run = <A, E, R>(write: AskingWrite<A, E, R>) => Effect.flatMap(write.ask, transactionally)

/** The write with `f` applied to its ask and to its apply step (a span around each, for instance). */
export const mapEffects = <A, E, R>(
  write: AskingWrite<A, E, R>,
  f: <X, Y, Z>(effect: Effect.Effect<X, Y, Z>, part: "ask" | "apply") => Effect.Effect<X, Y, Z>
): AskingWrite<A, E, R> => new AskingWrite(f(Effect.map(write.ask, (apply) => f(apply, "apply")), "ask"))
