/**
 * The one shape of every bank write (docs/architecture.md, "One shape for
 * every write"):
 *
 * - `load` reads, and locks, what the rule needs: rows, the time, reserved ids;
 * - `ask` (a write that asks the client first) commits its real-time
 *   decisions and waits for the answers outside any transaction, before the
 *   load, which then sees them;
 * - `decide` is a pure domain function of what was loaded: the next state
 *   with its events (and money movements), or a named refusal;
 * - `persist` writes the decision's rows and events.
 *
 * Load, decide and persist run in one database transaction, so a refusal
 * writes nothing and a state change commits with its events. The bank never
 * decides: a condition on amounts, states or dates is `decide`'s, in domain.
 */
import { transactionally } from "@moneta/store/UnitOfWork"
import { Effect, Result } from "effect"
import { SqlClient } from "effect/sql"
import { asking, type AskingWrite } from "./AskingWrite.js"

export interface Step<Loaded, Decision, A, EL, RL, ED, EP, RP> {
  /** Reads and locks what `decide` needs, inside the step's transaction. */
  readonly load: Effect.Effect<Loaded, EL, RL>
  /** The domain's rule: what happens, or why not. */
  readonly decide: (loaded: Loaded) => Result.Result<Decision, ED>
  /** Writes what was decided, in the same transaction. */
  readonly persist: (decision: Decision, loaded: Loaded) => Effect.Effect<A, EP, RP>
}

/**
 * The step as written (an identity): TypeScript infers what `load` yields for
 * `decide` and `persist` from an object passed to a generic function, not from
 * one a callback returns, so `runAskingStep`'s callback returns `step({ … })`.
 */
export const step = <Loaded, Decision, A, EL, RL, ED, EP, RP>(
  step: Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
): Step<Loaded, Decision, A, EL, RL, ED, EP, RP> => step

/** Load, decide and persist, without a transaction of their own (a caller that already holds one). */
export const applyStep = <Loaded, Decision, A, EL, RL, ED, EP, RP>(
  step: Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
): Effect.Effect<A, EL | ED | EP, RL | RP> =>
  Effect.flatMap(
    step.load,
    (loaded) => Effect.flatMap(Effect.fromResult(step.decide(loaded)), (decision) => step.persist(decision, loaded))
  )

/** Runs a write: load, decide and persist in one transaction. */
export const runStep = <Loaded, Decision, A, EL, RL, ED, EP, RP>(
  step: Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
): Effect.Effect<A, EL | ED | EP, RL | RP | SqlClient.SqlClient> => transactionally(applyStep(step))

/**
 * `runStep` and `transactionally` on the database a service holds, for a
 * service whose operations do not take the database from their caller (the
 * sandbox state and the webhook faults, which the control plane and the
 * workbench call outside any request).
 */
export const onDatabase = (sql: SqlClient.SqlClient) => ({
  runStep: <Loaded, Decision, A, EL, RL, ED, EP, RP>(
    step: Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
  ): Effect.Effect<A, EL | ED | EP, Exclude<RL | RP, SqlClient.SqlClient>> =>
    Effect.provideService(runStep(step), SqlClient.SqlClient, sql),
  transactionally: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, SqlClient.SqlClient>> =>
    Effect.provideService(transactionally(effect), SqlClient.SqlClient, sql)
})

/**
 * A write that asks the client first: `ask` commits its decisions and waits
 * outside any transaction; what it learnt is handed to a step made for it,
 * which whoever runs the write (`AskingWrite.run`, `Idempotency.runAsking`)
 * applies in one transaction with the stored response.
 */
export const runAskingStep = <Asked, EA, RA, Loaded, Decision, A, EL, RL, ED, EP, RP>(
  ask: Effect.Effect<Asked, EA, RA>,
  step: (asked: Asked) => Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
): AskingWrite<A, EA | EL | ED | EP, RA | RL | RP> => asking(ask, (asked) => applyStep(step(asked)))

/** A decision that cannot be refused (a step whose rule is only a shape: an insert of what was loaded). */
export const always = <Decision>(decision: Decision): Result.Result<Decision, never> => Result.succeed(decision)
