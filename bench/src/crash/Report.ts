/**
 * The run's summary: what was done and met (faults, requests, 5xx by status,
 * 409s in progress, the longest time a key stayed in progress, decisions,
 * webhooks), then the table of invariants with their counts, then every
 * violation in detail, and the timeline when something failed.
 */
import type { FaultCounts } from "./Chaos.js"
import type { Client } from "./Client.js"
import type { DeliveryCounts } from "./DeliveryChecks.js"
import type { Findings } from "./Findings.js"
import type { Ledger } from "./Load.js"
import type { Options } from "./Options.js"
import type { Receiver } from "./Receiver.js"
import type { Sampler } from "./Sampler.js"
import type { Servers } from "./Servers.js"
import type { Timeline } from "./Timeline.js"

export interface ReportInput {
  readonly options: Options
  readonly postgres: string
  readonly loadSeconds: number
  readonly client: Client
  readonly ledger: Ledger
  readonly receiver: Receiver
  readonly servers: Servers
  readonly faults: FaultCounts
  readonly sampler: Sampler
  readonly deliveries: DeliveryCounts | undefined
  readonly findings: Findings
  readonly timeline: Timeline
  /** Why the run stopped early, if it did. */
  readonly failure: string | undefined
}

const number = (value: number) => value.toLocaleString("en-US")

const counted = (counts: ReadonlyMap<string, number>) =>
  counts.size === 0 ? "none" : [...counts].map(([what, count]) => `${what} ×${number(count)}`).join(", ")

/** What the receiver did with the decisions, and what the authorizations became. */
const decisionLine = (client: Client, ledger: Ledger, receiver: Receiver) => {
  const choices = new Map<string, number>()
  for (const answer of receiver.decisions.values()) {
    const label = answer.choice === "silence"
      ? "left unanswered"
      : `${answer.choice} (/action ${answer.status ?? "unanswered"})`
    choices.set(label, (choices.get(label) ?? 0) + 1)
  }
  const outcomes = new Map<string, number>()
  for (const key of ledger.cardAuthorizations.keys()) {
    const final = client.keys.get(key)?.final
    const body = final?.body
    let label = final === undefined ? "unanswered" : `${final.status}`
    if (body !== undefined && final !== undefined && final.status < 300) {
      const declined = body.declined_transaction
      const source = typeof declined === "object" && declined !== null && "source" in declined
        ? declined.source
        : undefined
      const decline = typeof source === "object" && source !== null && "card_decline" in source
        ? source.card_decline
        : undefined
      label = body.pending_transaction !== null
        ? "approved"
        : typeof decline === "object" && decline !== null && "reason" in decline
        ? `declined ${String(decline.reason)}`
        : "declined"
    }
    outcomes.set(label, (outcomes.get(label) ?? 0) + 1)
  }
  return `${number(receiver.decisions.size)} decisions received: ${counted(choices)}; authorizations: ${
    counted(outcomes)
  }`
}

export const report = (input: ReportInput): string => {
  const { client, faults, findings, options, servers } = input
  const { counters } = client
  const lines: Array<string> = []
  const elapsed = (Date.now() - input.timeline.started) / 1000
  lines.push(
    `Moneta crash run (${options.label}, seed ${options.seed}): ${elapsed.toFixed(0)} s in all, ${
      input.loadSeconds.toFixed(0)
    } s of load; ${input.postgres}; 2 servers from the sources of ${
      options.checkout ?? "this checkout"
    }; ${options.workers} clients`
  )
  lines.push(
    `faults:      ${servers.stats.kills} SIGKILLs (port refused after each), ${faults.postgresCrashes} Postgres crash${
      faults.postgresCrashes === 1 ? "" : "es"
    } (-m immediate), ${
      faults.outages === 1 ? `1 outage of ${faults.outageSeconds.toFixed(1)} s` : `${faults.outages} outages`
    }; ${servers.stats.starts} server starts, ${servers.stats.failedStarts} of them exited before serving`
  )
  const keyed = [...client.keys.values()]
  lines.push(
    `requests:    ${number(counters.requests)} HTTP requests (${number(counters.reads)} reads by the checks) for ${
      number(keyed.length)
    } idempotency keys; ${number(counters.networkErrors)} network errors, ${number(counters.timeouts)} timeouts; ${
      number(counters.replays)
    } replayed answers`
  )
  lines.push(`5xx:         ${counted(counters.serverErrors)}`)
  const longest = input.sampler.longest()
  const waited = keyed.flatMap((record) =>
    record.firstInProgressAt === undefined
      ? []
      : [((record.finalAt ?? record.lastAt) - record.firstInProgressAt) / 1000]
  )
  lines.push(
    `in progress: ${
      number(counters.inProgress409)
    } answers 409 "still in progress" (${waited.length} keys; longest wait for a final answer after the first ${
      waited.length === 0 ? "-" : `${Math.max(...waited).toFixed(1)} s`
    }); longest a key was seen in progress: ${
      longest === undefined ? "-" : `${longest.seconds.toFixed(1)} s (key ${longest.key})`
    } over ${input.sampler.samples()} samples`
  )
  lines.push(`decisions:   ${decisionLine(client, input.ledger, input.receiver)}`)
  if (input.deliveries !== undefined) {
    const deliveries = input.deliveries
    lines.push(
      `webhooks:    ${number(deliveries.events)} events; deliveries ${counted(deliveries.deliveries)}; attempts ${
        counted(deliveries.attempts)
      }; received ${number(deliveries.receipts)} (${number(deliveries.distinct)} distinct, ${
        number(deliveries.receipts - deliveries.distinct)
      } duplicates)`
    )
  }
  if (servers.stats.stopSeconds.length > 0) {
    lines.push(
      `stops:       graceful stops took ${
        servers.stats.stopSeconds.map((seconds) => `${seconds.toFixed(1)} s`).join(", ")
      }`
    )
  }
  lines.push("")
  lines.push(
    `  ${"operation".padEnd(20)}${"sent".padStart(8)}${"2xx".padStart(8)}${"4xx".padStart(8)}${
      "unanswered".padStart(12)
    }`
  )
  for (const [kind, tally] of [...counters.operations].sort(([left], [right]) => left.localeCompare(right))) {
    lines.push(
      `  ${kind.padEnd(20)}${number(tally.sent).padStart(8)}${number(tally.ok).padStart(8)}${
        number(tally.refused).padStart(8)
      }${number(tally.unanswered).padStart(12)}`
    )
  }
  lines.push("")
  lines.push(`    ${"invariant".padEnd(100)}${"checked".padStart(9)}${"violations".padStart(12)}`)
  for (const row of findings.rows()) {
    lines.push(
      `  ${row.violated === 0 ? "✓" : "✗"} ${row.description.padEnd(100)}${number(row.checked).padStart(9)}${
        number(row.violated).padStart(12)
      }`
    )
  }
  const failed = findings.total() > 0 || input.failure !== undefined
  if (input.failure !== undefined) lines.push("", `the run stopped early: ${input.failure}`)
  if (findings.total() > 0) {
    lines.push("", "violations:")
    for (const row of findings.rows()) {
      for (const violation of row.violations.slice(0, 30)) {
        lines.push(
          `  ✗ [${row.invariant}] ${violation.count > 1 ? `${number(violation.count)}× ` : ""}${violation.detail}`
        )
      }
      if (row.violations.length > 30) lines.push(`  … and ${row.violations.length - 30} more [${row.invariant}]`)
    }
  }
  if (failed && !options.verbose) lines.push("", "timeline:", ...input.timeline.lines().map((line) => `  ${line}`))
  lines.push("", failed ? `FAILED: ${findings.total()} violations` : "OK: no violations")
  return `${lines.join("\n")}\n`
}
