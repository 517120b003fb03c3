/**
 * The invariants the harness judges, each with how many things it checked
 * and every violation found (which key, which table, what state). The run
 * fails when any has a violation.
 */
export const invariants = {
  listener: "the process started is the one listening; its port refuses connections after SIGKILL",
  starts: "a server started (after a kill or an outage) serves instead of exiting",
  stops: "graceful stop within 30 s; no server of the run left listening",
  answered: "every request answered (2xx or a final 4xx) within the request bound",
  expected: "no unexpected final answer (4xx where the harness expects 2xx)",
  faults: "every 5xx is 503 with x-should-retry: true",
  sameAnswer: "every answer for one key names the same object",
  oneObject: "one object per key acknowledged (its record, its table), none for keys never acknowledged",
  inProgress: "no idempotency key left in progress once the run settled",
  cardKeys: "per card authorization key: one real-time decision, at most one card payment and hold",
  decisions: "a card authorization's outcome is the answer the decision receiver got acknowledged",
  balances: "current balance = Σ transactions; available = current − pending holds",
  money: "money conserved: balances and holds = what the clients were told",
  wires: "every wire's status agrees with its hold and its transaction",
  books: "bookkeeping balances = acknowledged entries",
  signatures: "every webhook's signature verifies",
  events: "every event delivered at least once to the receiver",
  deliveries: "deliveries accounted: each finished succeeded, each success received"
} as const

export type Invariant = keyof typeof invariants

/** One violation, or `count` alike ones described once (the same 5xx on one endpoint). */
export interface Violation {
  readonly detail: string
  readonly count: number
}

export interface Row {
  readonly invariant: Invariant
  readonly description: string
  readonly checked: number
  readonly violations: ReadonlyArray<Violation>
  /** Σ counts of the violations. */
  readonly violated: number
}

export interface Findings {
  /** Counts `count` things checked for `invariant`. */
  readonly checked: (invariant: Invariant, count?: number) => void
  readonly violation: (invariant: Invariant, detail: string, count?: number) => void
  readonly rows: () => ReadonlyArray<Row>
  readonly total: () => number
}

export const makeFindings = (): Findings => {
  const checked = new Map<Invariant, number>()
  const violations = new Map<Invariant, Array<Violation>>()
  const names = Object.keys(invariants).filter((name): name is Invariant => name in invariants)
  return {
    checked: (invariant, count = 1) => checked.set(invariant, (checked.get(invariant) ?? 0) + count),
    violation: (invariant, detail, count = 1) => {
      const list = violations.get(invariant) ?? []
      list.push({ detail, count })
      violations.set(invariant, list)
    },
    rows: () =>
      names.map((invariant) => {
        const list = violations.get(invariant) ?? []
        return {
          invariant,
          description: invariants[invariant],
          checked: checked.get(invariant) ?? 0,
          violations: list,
          violated: list.reduce((sum, violation) => sum + violation.count, 0)
        }
      }),
    total: () =>
      [...violations.values()].reduce((sum, list) => sum + list.reduce((all, violation) => all + violation.count, 0), 0)
  }
}

/**
 * Thrown when the run cannot go on (a killed server still listening, a
 * server that never serves): the report is printed with it and the run fails.
 */
export class HarnessFailure extends Error {}
