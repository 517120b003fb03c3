/**
 * `pnpm bench:footprint`: the embedded server's resident memory (RSS, from
 * /proc; Linux only) after its start and under a mixed load, the way a user
 * runs it (`scripts/start.mjs` on a new data directory):
 *
 *   pnpm --filter @moneta/bench bench:footprint [--seconds 60] [--connections 4]
 *
 * - after start: a moment (3 s) after the first answer, once the background
 *   work and the upkeep's first round have run;
 * - under load: `--connections` callers, each sending a wire create then
 *   reading the account and a page of its transactions, for `--seconds`;
 *   the RSS is sampled every second (its highest and its last are reported);
 * - with `MONETA_BENCH_BASELINE=DIRECTORY` the baseline checkout's server runs
 *   the same, one after the other.
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { parseArgs } from "node:util"
import { withResource } from "./Cleanup.js"
import { type Checkout, checkouts, named, startMoneta, wireBody } from "./MonetaServer.js"

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "60" }, connections: { type: "string", default: "4" } }
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)

/** Resident memory of process `pid` in MB, or NaN when /proc does not say. */
const rssOf = (pid: number | undefined): number => {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(Fs.readFileSync(`/proc/${pid}/status`, "utf8"))
    return match?.[1] === undefined ? Number.NaN : Number(match[1]) / 1024
  } catch {
    return Number.NaN
  }
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

const loadAverage = () => Os.loadavg().map((load) => load.toFixed(2)).join(" ")

interface Footprint {
  readonly started: number
  readonly highest: number
  readonly last: number
  readonly requests: number
}

const measure = async (checkout: Checkout, scratch: string): Promise<Footprint> =>
  withResource(
    () => startMoneta({ kind: "embedded" }, 8, { MONETA_DATA_DIR: Path.join(scratch, checkout.label) }, checkout),
    (server) => server.child.stop(),
    async (server) => {
      const pid = server.child.process.pid
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
            const response = await fetch(`${server.url}${path}`, { ...init, headers: server.headers })
            await response.arrayBuffer()
            if (response.status !== 200) {
              throw new Error(`${path} answered ${response.status}\n${server.child.errors()}`)
            }
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
      return { started, highest: Math.max(started, ...samples), last: samples.at(-1) ?? started, requests }
    }
  )

const scratch = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-footprint-"))
try {
  console.log(`Node ${process.version}, ${Os.cpus().length} CPUs, load average ${loadAverage()}`)
  console.log(
    `Embedded server RSS: 3 s after its first answer, then ${seconds} s of mixed load on ${connections} connections`
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
    rows.push(
      `| ${named("scripts/start.mjs, new directory", checkout)} | ${result.started.toFixed(0)} MB | ${
        result.highest.toFixed(0)
      } MB | ${result.last.toFixed(0)} MB | ${result.requests} |`
    )
  }
  console.log(
    ["", "| server | after start | highest under load | at the end | requests |", "|---|---:|---:|---:|---:|", ...rows]
      .join("\n")
  )
  console.log(`load average after: ${loadAverage()}`)
  console.log("Goal: ≤ 200 MB after start, bounded under load.")
} finally {
  Fs.rmSync(scratch, { recursive: true, force: true })
}
