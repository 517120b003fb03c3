/**
 * Sandbox wire outcomes: destination account numbers that make the sandbox
 * take a transfer through the statuses an ordinary sandbox transfer never
 * reaches (`pending_reviewing`, `rejected`, `requires_attention`, and
 * `submitted` held before completion), as Modern Treasury's and Unit's
 * sandboxes do with magic values (decisions.md, "Sandbox wire outcomes").
 * A live server never applies them: there every destination is ordinary.
 */
import type { Environment } from "../core/Environment.js"

/**
 * What the sandbox does with a transfer to a destination:
 * - `ordinary`: as decisions.md g says (submit → `complete`);
 * - `review_passes`: held for review (`pending_reviewing`) when created (or
 *   approved); the submit simulation passes the review, then submits and completes;
 * - `review_rejects`: held for review likewise; the submit simulation rejects it
 *   (`rejected`, its hold released);
 * - `requires_attention`: the submit simulation stops at `requires_attention`;
 *   the next submit (an operator resolved it) submits and completes it;
 * - `stays_submitted`: the submit simulation stops at `submitted` (the network has
 *   not acknowledged it); the next submit completes it.
 */
export type SandboxWireOutcome =
  | "ordinary"
  | "review_passes"
  | "review_rejects"
  | "requires_attention"
  | "stays_submitted"

/** The destination account number of each outcome other than `ordinary`. */
export const sandboxAccountNumbers: { readonly [Outcome in Exclude<SandboxWireOutcome, "ordinary">]: string } = {
  review_passes: "100000000001",
  review_rejects: "100000000002",
  requires_attention: "100000000003",
  stays_submitted: "100000000004"
}

const specialOutcomes = ["review_passes", "review_rejects", "requires_attention", "stays_submitted"] as const

const outcomesByAccountNumber: ReadonlyMap<string, SandboxWireOutcome> = new Map(
  specialOutcomes.map((outcome) => [sandboxAccountNumbers[outcome], outcome])
)

/** The outcome of a transfer to `accountNumber` (the body's or its external account's) on a server of `environment`. */
export const outcomeOf = (environment: Environment, accountNumber: string): SandboxWireOutcome =>
  environment === "sandbox" ? (outcomesByAccountNumber.get(accountNumber) ?? "ordinary") : "ordinary"

/** Whether a transfer waits in `pending_reviewing` once it would otherwise be `pending_creating`. */
export const heldForReview = (outcome: SandboxWireOutcome): boolean =>
  outcome === "review_passes" || outcome === "review_rejects"
