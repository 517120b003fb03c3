/**
 * `pnpm bench:rtd`: the real-time decision round trip. A card authorization
 * simulation raises a decision; the dispatcher delivers its webhook to a local
 * endpoint, which fetches the decision and approves it through `/action`
 * before answering; the simulation then returns. Timed from the simulation
 * request to its response, one at a time, p50/p99, on the embedded database
 * and on real Postgres (the server in its own process, as `pnpm start` runs it).
 *
 *   pnpm --filter @moneta/bench bench:rtd [--decisions 500] [--databases embedded,postgres]
 */
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Os from "node:os"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { type Database, startMoneta } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"

const { values } = parseArgs({
  options: {
    decisions: { type: "string", default: "500" },
    databases: { type: "string", default: "embedded,postgres" }
  }
})
const decisions = Number(values.decisions)
const databases = values.databases.split(",").map((name) => name.trim())

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

const run = async (database: Database, label: string) => {
  const moneta = await startMoneta(database, 1)
  const legs: Legs = { delivered: 0, fetched: 0, answered: 0 }
  const endpoint = await startEndpoint(moneta.url, moneta.headers, legs)
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${moneta.url}${path}`, { method: "POST", headers: moneta.headers, body: JSON.stringify(body) }).then(json)
    await post("/event_subscriptions", {
      url: `${endpoint.url}/webhooks`,
      selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
    })
    const card = await post("/cards", { account_id: moneta.accountIds[0] })
    const latencies: Array<number> = []
    // Per leg: raise → delivery received, → decision fetched, → action answered, → simulation answered.
    const legTimes: Array<Array<number>> = [[], [], [], []]
    let approved = 0
    for (let index = 0; index < decisions + 20; index++) {
      const started = performance.now()
      const result = await post("/simulations/card_authorizations", { amount: 1, card_id: card["id"] })
      const elapsed = performance.now() - started
      // the first 20 warm the server up
      if (index >= 20) {
        latencies.push(elapsed)
        const ends = [legs.delivered, legs.fetched, legs.answered, started + elapsed]
        ends.forEach((end, leg) => legTimes[leg]?.push(end - (leg === 0 ? started : ends[leg - 1] ?? end)))
      }
      if (index >= 20 && result["pending_transaction"] !== null) approved++
    }
    latencies.sort((left, right) => left - right)
    const legPercentiles = legTimes.map((times) => {
      const sorted = [...times].sort((left, right) => left - right)
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
    })
    return {
      legs: legPercentiles,
      database: label,
      decisions,
      approved,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? Number.NaN
    }
  } finally {
    endpoint.close()
    await moneta.child.stop()
  }
}

const results: Array<Awaited<ReturnType<typeof run>>> = []
if (databases.includes("embedded")) results.push(await run({ kind: "embedded" }, "embedded"))
if (databases.includes("postgres")) {
  const postgres = await startPostgres(process.env["DATABASE_URL"])
  try {
    results.push(await run({ kind: "postgres", url: postgres.databaseUrl }, `postgres (${postgres.label})`))
  } finally {
    await postgres.stop()
  }
}
const load = Os.loadavg().map((value) => value.toFixed(2)).join(" ")
process.stdout.write(
  `real-time decision round trip (simulation → webhook → /action → response), one at a time; load average ${load}, ${Os.cpus().length} cores\n`
)
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
