/**
 * `pnpm bench:rtd`: the real-time decision round trip. A card authorization
 * simulation raises a decision; the dispatcher delivers its webhook to a local
 * endpoint, which fetches the decision and approves it through `/action`
 * before answering; the simulation then returns. Timed from the simulation
 * request to its response, one at a time, p50/p99, on the embedded database
 * and on real Postgres (the server in its own process, as `pnpm start` runs it).
 *
 *   pnpm --filter @moneta/bench bench:rtd [--decisions 500] [--databases embedded,postgres] [--rounds 3]
 *
 * With `MONETA_BENCH_BASELINE=DIRECTORY` (MonetaServer.ts) the baseline
 * checkout's Moneta runs beside this one (on Postgres on a database of its
 * own): `--rounds` alternating rounds of `--decisions` each, and the ratios
 * of their p50 and p99 and of the servers' CPU time per decision. Without it,
 * one round.
 */
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Os from "node:os"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { cpuSecondsOfTree, median, rotate, roundsText } from "./Alternation.js"
import { checkouts, checkoutsLine, type Database, type MonetaServer, named, withMonetaEach } from "./MonetaServer.js"
import { startPostgres, withDatabaseEach } from "./Postgres.js"

const { values } = parseArgs({
  options: {
    decisions: { type: "string", default: "500" },
    databases: { type: "string", default: "embedded,postgres" },
    rounds: { type: "string", default: "3" }
  }
})
const decisions = Number(values.decisions)
const databases = values.databases.split(",").map((name) => name.trim())
const rounds = checkouts.length === 1 ? 1 : Number(values.rounds)

const percentile = (sorted: ReadonlyArray<number>, fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN

const json = async (response: Response): Promise<Record<string, unknown>> => {
  const body: unknown = await response.json()
  if (typeof body !== "object" || body === null) throw new Error(`not an object: ${JSON.stringify(body)}`)
  return Object.fromEntries(Object.entries(body))
}

/** When the legs of the round trip under way ended (`performance.now()`), as the endpoint saw them. */
interface Legs {
  delivered: number
  fetched: number
  answered: number
}

/** The client's endpoint: reads the decision and approves it through `/action`, then answers the webhook. */
const startEndpoint = (monetaUrl: string, headers: Record<string, string>, legs: Legs) =>
  new Promise<{ readonly url: string; readonly close: () => void }>((resolve) => {
    const server = Http.createServer((request, response) => {
      let text = ""
      request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")))
      request.on("end", () => {
        legs.delivered = performance.now()
        const event: unknown = JSON.parse(text)
        const id = typeof event === "object" && event !== null && "associated_object_id" in event
          ? String(event.associated_object_id)
          : ""
        void fetch(`${monetaUrl}/real_time_decisions/${id}`, { headers })
          .then((decision) => decision.arrayBuffer())
          .then(() => {
            legs.fetched = performance.now()
            return fetch(`${monetaUrl}/real_time_decisions/${id}/action`, {
              method: "POST",
              headers,
              body: JSON.stringify({ card_authorization: { decision: "approve" } })
            })
          })
          .then((action) => action.arrayBuffer())
          .then(() => {
            legs.answered = performance.now()
            response.writeHead(200).end()
          }, () => response.writeHead(500).end())
      })
    })
    server.keepAliveTimeout = 60_000
    server.listen(
      0,
      "127.0.0.1",
      () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })
    )
  })

/** One round's decisions against one server, after 20 that warm it up. */
interface Round {
  readonly latencies: ReadonlyArray<number>
  /** Per leg: raise → delivery received, → decision fetched, → action answered, → simulation answered. */
  readonly legTimes: ReadonlyArray<ReadonlyArray<number>>
  readonly approved: number
  /** The server's processes' CPU time over the timed decisions, in seconds, if known. */
  readonly cpuSeconds: number | undefined
}

const sorted = (values: ReadonlyArray<number>) => [...values].sort((left, right) => left - right)

/** `moneta`'s decisions, round by round: its endpoint, subscription and card set up first. */
const decider = async (moneta: MonetaServer) => {
  const legs: Legs = { delivered: 0, fetched: 0, answered: 0 }
  const endpoint = await startEndpoint(moneta.url, moneta.headers, legs)
  const post = (path: string, body: unknown) =>
    fetch(`${moneta.url}${path}`, { method: "POST", headers: moneta.headers, body: JSON.stringify(body) }).then(json)
  const round = (cardId: unknown) => async (): Promise<Round> => {
    const latencies: Array<number> = []
    const legTimes: Array<Array<number>> = [[], [], [], []]
    let approved = 0
    let cpuBefore: number | undefined
    for (let index = 0; index < decisions + 20; index++) {
      // the first 20 warm the server up
      if (index === 20) cpuBefore = cpuSecondsOfTree(moneta.child.process.pid ?? 0)
      const started = performance.now()
      const result = await post("/simulations/card_authorizations", { amount: 1, card_id: cardId })
      const elapsed = performance.now() - started
      if (index >= 20) {
        latencies.push(elapsed)
        const ends = [legs.delivered, legs.fetched, legs.answered, started + elapsed]
        ends.forEach((end, leg) => legTimes[leg]?.push(end - (leg === 0 ? started : ends[leg - 1] ?? end)))
      }
      if (index >= 20 && result["pending_transaction"] !== null) approved++
    }
    const cpuAfter = cpuSecondsOfTree(moneta.child.process.pid ?? 0)
    return {
      latencies,
      legTimes,
      approved,
      cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore
    }
  }
  try {
    await post("/event_subscriptions", {
      url: `${endpoint.url}/webhooks`,
      selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
    })
    const card = await post("/cards", { account_id: moneta.accountIds[0] })
    return { round: round(card["id"]), close: endpoint.close }
  } catch (error) {
    endpoint.close()
    throw error
  }
}

/** A server's rounds together: the percentiles of all their decisions. */
const summary = (label: string, measured: ReadonlyArray<Round>) => {
  const latencies = sorted(measured.flatMap((round) => round.latencies))
  const legs = [0, 1, 2, 3].map((leg) => {
    const times = sorted(measured.flatMap((round) => round.legTimes[leg] ?? []))
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) }
  })
  const cpu = measured.map((round) => round.cpuSeconds)
  return {
    legs,
    database: label,
    decisions: latencies.length,
    approved: measured.reduce((sum, round) => sum + round.approved, 0),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    cpuMicros: cpu.every((seconds) => seconds !== undefined)
      ? cpu.reduce((sum, seconds) => sum + seconds, 0) * 1e6 / latencies.length
      : undefined,
    rounds: measured
  }
}

/** Every checkout's server, each on its database of `checkoutDatabases`, in `rounds` alternating rounds. */
const run = (checkoutDatabases: ReadonlyArray<Database>, label: string) =>
  withMonetaEach(checkoutDatabases, 1, {}, async (servers) => {
    const deciders: Array<Awaited<ReturnType<typeof decider>>> = []
    try {
      for (const server of servers) deciders.push(await decider(server))
      const measured = await rotate(rounds, deciders.map((each) => each.round))
      return checkouts.map((checkout, index) => summary(named(label, checkout), measured[index] ?? []))
    } finally {
      for (const each of deciders) each.close()
    }
  })

const results: Array<ReturnType<typeof summary>> = []
if (databases.includes("embedded")) {
  results.push(...await run(checkouts.map((): Database => ({ kind: "embedded" })), "embedded"))
}
if (databases.includes("postgres")) {
  const postgres = await startPostgres(process.env["DATABASE_URL"])
  try {
    results.push(
      ...await withDatabaseEach(postgres, (checkoutDatabases) => run(checkoutDatabases, `postgres (${postgres.label})`))
    )
  } finally {
    await postgres.stop()
  }
}
const load = Os.loadavg().map((value) => value.toFixed(2)).join(" ")
process.stdout.write(
  `real-time decision round trip (simulation → webhook → /action → response), one at a time; load average ${load}, ${Os.cpus().length} cores\n`
)
for (const line of checkoutsLine()) process.stdout.write(`${line}\n`)
for (const result of results) {
  process.stdout.write(
    `${result.database}: ${result.decisions} decisions, ${result.approved} approved, p50 ${
      result.p50.toFixed(1)
    } ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms\n`
  )
  const names = ["request → webhook received", "→ decision fetched", "→ action answered", "→ simulation answered"]
  process.stdout.write(
    `  legs (p50 / p99 ms): ${
      result.legs.map((leg, index) => `${names[index]} ${leg.p50.toFixed(1)} / ${leg.p99.toFixed(1)}`).join("; ")
    }\n`
  )
}
/** This checkout's server ÷ the baseline checkout's, each database's: latencies round by round, and CPU per decision. */
for (let index = 0; index + 1 < results.length && checkouts.length === 2; index += 2) {
  const moneta = results[index]
  const other = results[index + 1]
  if (moneta === undefined || other === undefined) continue
  const ratioOf = (fraction: number) => {
    const ratios = moneta.rounds.map((round, at) =>
      percentile(sorted(round.latencies), fraction) /
      percentile(sorted(other.rounds[at]?.latencies ?? []), fraction)
    )
    return `${median(ratios).toFixed(2)} (rounds ${roundsText({ ratios })})`
  }
  const micros = (value: number | undefined) => value === undefined ? "n/a" : value.toFixed(0)
  const cpuRatio = moneta.cpuMicros === undefined || other.cpuMicros === undefined
    ? "n/a"
    : (moneta.cpuMicros / other.cpuMicros).toFixed(2)
  process.stdout.write(
    `${moneta.database}: Moneta ÷ baseline checkout: p50 ${ratioOf(0.5)}, p99 ${ratioOf(0.99)}; ` +
      `CPU µs/decision (the server's processes) ${micros(moneta.cpuMicros)} ÷ ${
        micros(other.cpuMicros)
      } = ${cpuRatio}\n`
  )
}
