/**
 * `pnpm bench:footprint`: the embedded server's resident memory (RSS, from
 * /proc; Linux only) over its life, the way a user runs it
 * (`scripts/start.mjs` on a new data directory):
 *
 *   pnpm --filter @moneta/bench bench:footprint [--seconds 60] [--connections 4] [--settle 20]
 *
 * - after start: a moment (3 s) after the first answer, once the background
 *   work and the upkeep's first round have run;
 * - under load: `--connections` callers, each sending a wire create then
 *   reading the account and a page of its transactions, for `--seconds`,
 *   with an event subscription to a receiver in this process, so every
 *   event is delivered (and its attempt kept) as well; the RSS is sampled
 *   every second and reported at each tenth of the run, its highest, and once
 *   the deliveries have drained;
 * - after retention: the group's sandbox clock advanced past the 30-day
 *   event retention, so the next sweep (every 2 s here,
 *   `MONETA_WEBHOOK_SWEEP_INTERVAL`) deletes every attempt and finished
 *   delivery and vacuums the tables; the RSS 3 s after the subscription's
 *   attempts are gone (waited for at most `--settle` seconds), and the data
 *   directory's size before and after (a vacuum keeps the files' space for
 *   the rows to come);
 * - with `MONETA_BENCH_BASELINE=DIRECTORY` the baseline checkout's server runs
 *   the same, one after the other.
 */
import * as Fs from "node:fs"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Os from "node:os"
import * as Path from "node:path"
import { parseArgs } from "node:util"
import { withResource } from "./Cleanup.js"
import { type Checkout, checkouts, named, startMoneta, wireBody } from "./MonetaServer.js"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "4" },
    settle: { type: "string", default: "20" }
  }
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const settleSeconds = Number(values.settle)

/** Resident memory of process `pid` in MB, or NaN when /proc does not say. */
const rssOf = (pid: number | undefined): number => {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(Fs.readFileSync(`/proc/${pid}/status`, "utf8"))
    return match?.[1] === undefined ? Number.NaN : Number(match[1]) / 1024
  } catch {
    return Number.NaN
  }
}

/** The size of the files under `directory`, in MB. */
const sizeOf = (directory: string): number =>
  Fs.readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + Fs.statSync(Path.join(entry.parentPath, entry.name)).size, 0) / 1024 / 1024

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

const loadAverage = () => Os.loadavg().map((load) => load.toFixed(2)).join(" ")

/** A webhook endpoint that answers every delivery at once and counts them. */
const startReceiver = () =>
  new Promise<{ readonly url: string; readonly received: () => number; readonly close: () => Promise<void> }>(
    (resolve) => {
      let received = 0
      const server = Http.createServer((request, response) => {
        request.resume()
        request.on("end", () => {
          received++
          response.writeHead(200).end()
        })
      })
      server.keepAliveTimeout = 60_000
      server.listen(0, "127.0.0.1", () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
          received: () => received,
          close: () =>
            new Promise((closed) => {
              server.closeAllConnections()
              server.close(() => closed())
            })
        }))
    }
  )

const call = async (url: string, headers: Record<string, string>, init: RequestInit = {}) => {
  const response = await fetch(url, { ...init, headers })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${text}`)
  return text
}

interface Footprint {
  readonly started: number
  /** RSS at each tenth of the load. */
  readonly marks: ReadonlyArray<number>
  readonly highest: number
  readonly drained: number
  readonly retained: number
  /** Seconds from the clock's advance until no attempt was left (NaN: still some after `--settle`). */
  readonly retentionSeconds: number
  readonly requests: number
  readonly delivered: number
  readonly directoryBefore: number
  readonly directoryAfter: number
}

const measure = async (checkout: Checkout, scratch: string): Promise<Footprint> => {
  const directory = Path.join(scratch, checkout.label)
  return withResource(startReceiver, (receiver) => receiver.close(), (receiver) =>
    withResource(
      () =>
        startMoneta({ kind: "embedded" }, 8, {
          MONETA_DATA_DIR: directory,
          MONETA_WEBHOOK_SWEEP_INTERVAL: "2 seconds"
        }, checkout),
      (server) => server.child.stop(),
      async (server) => {
        const pid = server.child.process.pid
        const subscription: unknown = JSON.parse(
          await call(`${server.url}/event_subscriptions`, server.headers, {
            method: "POST",
            body: JSON.stringify({ url: receiver.url })
          })
        )
        const subscriptionId = typeof subscription === "object" && subscription !== null && "id" in subscription
          ? String(subscription.id)
          : ""
        /** Whether the subscription still has a delivery attempt on record. */
        const attemptsKept = async () => {
          const page: unknown = JSON.parse(
            await call(`${server.url}/event_subscriptions/${subscriptionId}/attempts?limit=1`, server.headers)
          )
          return typeof page === "object" && page !== null && "data" in page && Array.isArray(page.data) &&
            page.data.length > 0
        }
        await pause(3000)
        const started = rssOf(pid)
        const body = wireBody(server.accountIds)
        const until = performance.now() + seconds * 1000
        let next = 0
        let requests = 0
        const caller = async () => {
          while (performance.now() < until) {
            const index = next++
            const accountId = server.accountIds[index % server.accountIds.length] ?? ""
            for (
              const [path, init] of [
                ["/wire_transfers", { method: "POST", body: body(index) }],
                [`/accounts/${accountId}`, {}],
                [`/transactions?account_id=${accountId}&limit=10`, {}]
              ] as const
            ) {
              await call(`${server.url}${path}`, server.headers, init).catch((error: unknown) => {
                throw new Error(`${String(error)}\n${server.child.errors()}`)
              })
              requests++
            }
          }
        }
        const samples: Array<number> = []
        const sampling = (async () => {
          while (performance.now() < until) {
            await pause(1000)
            samples.push(rssOf(pid))
          }
        })()
        await Promise.all([...Array.from({ length: connections }, caller), sampling])
        const marks = Array.from(
          { length: 10 },
          (_, tenth) => samples[Math.min(samples.length - 1, Math.round((samples.length * (tenth + 1)) / 10) - 1)] ?? 0
        )
        // Drained: no delivery for 3 s in a row (at most a minute).
        for (let quiet = 0, waited = 0, seen = receiver.received(); quiet < 3 && waited < 60; waited++) {
          await pause(1000)
          quiet = receiver.received() === seen ? quiet + 1 : 0
          seen = receiver.received()
        }
        const drained = rssOf(pid)
        const directoryBefore = sizeOf(directory)
        if (!(await attemptsKept())) throw new Error("no delivery attempt on record before the retention")
        await call(`${server.url}/moneta/clock/advance`, server.headers, {
          method: "POST",
          body: JSON.stringify({ duration: "31d" })
        })
        // Retention has run once the subscription's attempts are gone (at most `--settle` seconds), then 3 s more.
        const settling: Array<number> = []
        let retentionSeconds = Number.NaN
        for (let second = 1; second <= settleSeconds; second++) {
          await pause(1000)
          settling.push(rssOf(pid))
          if (Number.isNaN(retentionSeconds) && !(await attemptsKept())) retentionSeconds = second
          if (second >= retentionSeconds + 3) break
        }
        return {
          started,
          marks,
          highest: Math.max(started, ...samples, drained, ...settling),
          drained,
          retained: settling.at(-1) ?? drained,
          retentionSeconds,
          requests,
          delivered: receiver.received(),
          directoryBefore,
          directoryAfter: sizeOf(directory)
        }
      }
    ))
}

const scratch = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-footprint-"))
try {
  console.log(`Node ${process.version}, ${Os.cpus().length} CPUs, load average ${loadAverage()}`)
  console.log(
    `Embedded server RSS (MB): 3 s after its first answer, then ${seconds} s of mixed load on ${connections} connections with every event delivered, then past the retention`
  )
  const rows: Array<string> = []
  for (const checkout of checkouts) {
    // A first start and stop outside the measure: `pnpm start` bundles when sources changed, and keeps the compiled code.
    await withResource(
      () =>
        startMoneta(
          { kind: "embedded" },
          0,
          { MONETA_DATA_DIR: Path.join(scratch, `${checkout.label}-warm`) },
          checkout
        ),
      (server) => server.child.stop(),
      async () => undefined
    )
    const result = await measure(checkout, scratch)
    const mb = (value: number) => value.toFixed(0)
    rows.push(
      `| ${named("scripts/start.mjs, new directory", checkout)} | ${mb(result.started)} | ${
        result.marks.map(mb).join(", ")
      } | ${mb(result.highest)} | ${mb(result.drained)} | ${mb(result.retained)} (${
        Number.isNaN(result.retentionSeconds)
          ? `attempts left after ${settleSeconds} s`
          : `${result.retentionSeconds} s`
      }) | ${result.requests} | ${result.delivered} | ${mb(result.directoryBefore)} → ${mb(result.directoryAfter)} |`
    )
  }
  console.log(
    [
      "",
      "| server | after start | under load, each tenth of the run | highest | deliveries drained | after retention (its time) | requests | deliveries | data directory MB, before → after retention |",
      "|---|---:|---|---:|---:|---:|---:|---:|---|",
      ...rows
    ].join("\n")
  )
  console.log(`load average after: ${loadAverage()}`)
  console.log("Goal: ≤ 200 MB after start, bounded under load.")
} finally {
  Fs.rmSync(scratch, { recursive: true, force: true })
}
