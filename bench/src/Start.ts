/**
 * `pnpm bench:start`: time from process start to the first 200 answered with
 * the configured API key, the way a user starts Moneta:
 *
 *   pnpm --filter @moneta/bench bench:start [--repetitions 5] [--databases fresh,existing,postgres]
 *
 * - `pnpm start` (scripts/start.mjs: bundle when sources changed, then run;
 *   the start script run by `sh -c` as pnpm runs it, its environment and node's
 *   options included, without pnpm), the same typed as the README says (`pnpm
 *   start`: pnpm's own start first, then node as its child; no CPU column),
 *   and, when `pnpm build` has produced it, the installed `moneta` bin
 *   (packages/server/bin/moneta.js: the bundle dist/moneta.cjs that `pnpm
 *   build` and every packed tarball carry, or compiled dist/ without it;
 *   `pnpm check` does not rewrite the bundle, so run `pnpm build` after a
 *   change for this row to time it).
 * - fresh: a new, empty `MONETA_DATA_DIR` (from the cached template);
 *   fresh-initdb: the same with an empty `MONETA_TEMPLATE_DIR`, so initdb and
 *   every migration run (what every fresh start did before the template: the
 *   baseline of the same run); existing: the directory a previous run left
 *   (started and stopped once before timing); postgres: a database of its own
 *   on `DATABASE_URL` or a throwaway cluster, migrated by a first start.
 * - bare node: a `node:http` server answering 200 at once, the floor of any
 *   Node process, timed the same way.
 * - Each is started `--repetitions` times; the median is reported. The client
 *   polls `GET /accounts?limit=1` every 10 ms, so the figure is within 10 ms.
 * - With the wall time, the CPU time the server process had used when it
 *   answered (user + system, all its threads, from /proc; Linux only, in
 *   clock ticks of 10 ms): on a shared machine wall time moves with the load,
 *   CPU time much less.
 * - With `MONETA_BENCH_BASELINE=DIRECTORY` (MonetaServer.ts) each launcher of
 *   the baseline checkout too (its `scripts/start.mjs`, its `pnpm start`, its
 *   `moneta` bin when built there; on Postgres a database of its own),
 *   alternating start by start with this checkout's, and a table of the
 *   medians side by side with their ratios.
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { cpuSecondsOfTree, median, rotate } from "./Alternation.js"
import {
  type Checkout,
  checkouts,
  checkoutsLine,
  current,
  named,
  startCommandOf,
  withThisNode
} from "./MonetaServer.js"
import { startPostgres, withDatabaseEach } from "./Postgres.js"
import { environmentWith, freePort, start } from "./Processes.js"

const { values } = parseArgs({
  options: {
    repetitions: { type: "string", default: "5" },
    databases: { type: "string", default: "fresh,fresh-initdb,existing,postgres" }
  }
})
const repetitions = Number(values.repetitions)
const databases = values.databases.split(",").map((name) => name.trim())

interface Launcher {
  readonly name: string
  /** Where it starts (its working directory). */
  readonly checkout: Checkout
  readonly command: string
  readonly args: ReadonlyArray<string>
  /** False when the process spawned is not the server's (pnpm runs it as a child): no CPU column. */
  readonly serverCpu?: boolean
}

const launchersOf = (checkout: Checkout): ReadonlyArray<Launcher> => [
  { name: "pnpm start", checkout, ...startCommandOf(checkout) },
  // The same, typed as the README says: pnpm's own start comes first.
  { name: "pnpm start, through pnpm", checkout, command: "pnpm", args: ["start"], serverCpu: false },
  ...(Fs.existsSync(Path.join(checkout.root, "packages", "server", "dist", "main.js"))
    ? [{
      name: "moneta bin",
      checkout,
      command: process.execPath,
      args: [Path.join(checkout.root, "packages", "server", "bin", "moneta.js")]
    }]
    : [])
]

/** Each way to start Moneta, with one launcher per checkout that has it (they alternate start by start). */
const launcherGroups: ReadonlyArray<ReadonlyArray<Launcher>> = (() => {
  const all = checkouts.flatMap(launchersOf)
  return [...new Set(all.map((launcher) => launcher.name))].map((name) =>
    all.filter((launcher) => launcher.name === name)
  )
})()

/** A launcher's name in the report: marked when it is the baseline checkout's. */
const labelOf = (launcher: Launcher) => named(launcher.name, launcher.checkout)

const apiKey = "moneta_sandbox_bench_start_0123456789abcdef"

/** CPU time (user + system) used so far by process `pid` (and its children: the server has none), in milliseconds. */
const cpuMilliseconds = (pid: number | undefined): number | undefined => {
  const seconds = pid === undefined ? undefined : cpuSecondsOfTree(pid)
  return seconds === undefined ? undefined : seconds * 1000
}

interface Sample {
  readonly wall: number
  readonly cpu: number | undefined
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** Milliseconds from spawn to the first authenticated 200, and the server's CPU time by then. */
const timeToFirstAnswer = async (launcher: Launcher, database: Record<string, string | undefined>): Promise<Sample> => {
  const port = await freePort()
  const env = environmentWith({
    PORT: String(port),
    HOST: "127.0.0.1",
    MONETA_ENVIRONMENT: "sandbox",
    MONETA_API_KEY: apiKey,
    OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
    ...database
  })
  const began = performance.now()
  const child = start(launcher.command, launcher.args, withThisNode(env), launcher.checkout.root)
  try {
    const url = `http://127.0.0.1:${port}/accounts?limit=1`
    while (performance.now() - began < 120_000) {
      if (child.process.exitCode !== null) throw new Error(`the server exited early:\n${child.errors()}`)
      const status = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } }).then((r) => r.status, () => 0)
      if (status === 200) {
        return {
          wall: performance.now() - began,
          cpu: launcher.serverCpu === false ? undefined : cpuMilliseconds(child.process.pid)
        }
      }
      if (status !== 0) throw new Error(`the server answered ${status}:\n${child.errors()}`)
      await pause(10)
    }
    throw new Error(`no answer within 120 s:\n${child.errors()}`)
  } finally {
    await child.stop()
  }
}

const format = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`

/** A row's cells: median wall, median CPU, then every sample as wall/CPU. */
const cells = (samples: ReadonlyArray<Sample>) => {
  const cpus = samples.flatMap((sample) => sample.cpu === undefined ? [] : [sample.cpu])
  const medianCpu = cpus.length === samples.length ? format(median(cpus)) : "-"
  const each = samples.map((sample) => `${format(sample.wall)}/${sample.cpu === undefined ? "-" : format(sample.cpu)}`)
  return `${format(median(samples.map((sample) => sample.wall)))} | ${medianCpu} | ${each.join(", ")}`
}

const scratch = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-start-"))
const postgres = databases.includes("postgres") ? await startPostgres(process.env["DATABASE_URL"]) : undefined

console.log(
  `Node ${process.version}, ${Os.cpus().length} CPUs, load average ${
    Os.loadavg().map((load) => load.toFixed(2)).join(" ")
  }`
)
console.log(`${repetitions} starts each; time from spawn to the first authenticated 200 on GET /accounts`)

const bare: Launcher = {
  name: "bare node",
  checkout: current,
  command: process.execPath,
  args: [
    "-e",
    "require('node:http').createServer((_, res) => res.end('{}')).listen(Number(process.env.PORT), '127.0.0.1')"
  ]
}

/** The medians of a launcher's samples on one database, for the side-by-side table. */
interface Medians {
  readonly launcher: Launcher
  readonly database: string
  readonly wall: number
  readonly cpu: number | undefined
}

const mediansOf = (launcher: Launcher, database: string, samples: ReadonlyArray<Sample>): Medians => {
  const cpus = samples.flatMap((sample) => sample.cpu === undefined ? [] : [sample.cpu])
  return {
    launcher,
    database,
    wall: median(samples.map((sample) => sample.wall)),
    cpu: cpus.length === samples.length ? median(cpus) : undefined
  }
}

const rows: Array<string> = []
const medians: Array<Medians> = []
let bareWall = Number.NaN

/** Every launcher on every database; `postgresUrlOf` gives each checkout's database on Postgres. */
const measureAll = async (postgresUrlOf: (checkout: Checkout) => string | undefined) => {
  const floor: Array<Sample> = []
  for (let repetition = 0; repetition < repetitions; repetition++) floor.push(await timeToFirstAnswer(bare, {}))
  bareWall = median(floor.map((sample) => sample.wall))
  rows.push(`| bare node:http | - | ${cells(floor)} |`)
  console.log(rows[0])
  for (const group of launcherGroups) {
    const warmOf = (launcher: Launcher) => Path.join(scratch, `${labelOf(launcher).replace(/\W+/g, "-")}-existing`)
    for (const launcher of group) {
      // A first start outside the timing: `pnpm start` bundles when sources changed.
      await timeToFirstAnswer(launcher, { MONETA_DATA_DIR: warmOf(launcher), DATABASE_URL: undefined })
      const postgresUrl = postgresUrlOf(launcher.checkout)
      if (postgresUrl !== undefined) await timeToFirstAnswer(launcher, { DATABASE_URL: postgresUrl })
    }
    for (const database of databases) {
      const samples = await rotate(
        repetitions,
        group.map((launcher) => {
          let repetition = 0
          return () => {
            const fresh = Path.join(scratch, `${labelOf(launcher).replace(/\W+/g, "-")}-${database}-${repetition++}`)
            const settings: Record<string, string | undefined> = database === "fresh"
              ? { MONETA_DATA_DIR: fresh, DATABASE_URL: undefined }
              : database === "fresh-initdb"
              ? { MONETA_DATA_DIR: fresh, MONETA_TEMPLATE_DIR: `${fresh}-templates`, DATABASE_URL: undefined }
              : database === "existing"
              ? { MONETA_DATA_DIR: warmOf(launcher), DATABASE_URL: undefined }
              : { DATABASE_URL: postgresUrlOf(launcher.checkout) }
            return timeToFirstAnswer(launcher, settings)
          }
        })
      )
      group.forEach((launcher, index) => {
        const line = `| ${labelOf(launcher)} | ${database} | ${cells(samples[index] ?? [])} |`
        rows.push(line)
        console.log(line)
        medians.push(mediansOf(launcher, database, samples[index] ?? []))
      })
    }
  }
}

try {
  checkoutsLine().forEach((line) => console.log(line))
  if (postgres === undefined) {
    await measureAll(() => undefined)
  } else {
    await withDatabaseEach(postgres, (checkoutDatabases) =>
      measureAll((checkout) => {
        const database = checkoutDatabases[checkouts.indexOf(checkout)]
        return database?.kind === "postgres" ? database.url : undefined
      }))
  }
} finally {
  await postgres?.stop()
  Fs.rmSync(scratch, { recursive: true, force: true })
}

console.log(
  ["", "| launcher | database | median wall | median CPU | samples (wall/CPU) |", "|---|---|---:|---:|---|", ...rows]
    .join("\n")
)
const [, baselineCheckout] = checkouts
if (baselineCheckout !== undefined) {
  const seconds = (milliseconds: number | undefined) => milliseconds === undefined ? "-" : format(milliseconds)
  const ratio = (numerator: number | undefined, denominator: number | undefined) =>
    numerator === undefined || denominator === undefined ? "-" : (numerator / denominator).toFixed(2)
  const pairs = medians.flatMap((moneta) => {
    const other = medians.find((each) =>
      each.database === moneta.database && each.launcher.name === moneta.launcher.name &&
      each.launcher.checkout === baselineCheckout
    )
    return moneta.launcher.checkout === baselineCheckout || other === undefined ? [] : [{ moneta, other }]
  })
  console.log(
    [
      "",
      `Medians side by side (÷ bare: over the bare node:http server's ${format(bareWall)}):`,
      "| launcher | database | wall, Moneta (÷ bare) | wall, baseline checkout (÷ bare) | wall ÷ | CPU, Moneta | CPU, baseline checkout | CPU ÷ |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
      ...pairs.map(({ moneta, other }) =>
        `| ${moneta.launcher.name} | ${moneta.database} | ${format(moneta.wall)} (${ratio(moneta.wall, bareWall)}) | ` +
        `${format(other.wall)} (${ratio(other.wall, bareWall)}) | ${ratio(moneta.wall, other.wall)} | ` +
        `${seconds(moneta.cpu)} | ${seconds(other.cpu)} | ${ratio(moneta.cpu, other.cpu)} |`
      )
    ].join("\n")
  )
}
console.log(`load average after: ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`)
console.log("Goal: existing and postgres ≤ 1 s, fresh ≤ 3 s.")
