/**
 * `pnpm bench:start`: time from process start to the first 200 answered with
 * the configured API key, the way a user starts Moneta:
 *
 *   pnpm --filter @moneta/bench bench:start [--repetitions 5] [--databases fresh,existing,postgres]
 *
 * - `pnpm start` (scripts/start.mjs: bundle when sources changed, then run,
 *   spawned with node directly), the same typed as the README says (`pnpm
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
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { cpuSecondsOfTree, median } from "./Alternation.js"
import { root } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"
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
  readonly command: string
  readonly args: ReadonlyArray<string>
  /** False when the process spawned is not the server's (pnpm runs it as a child): no CPU column. */
  readonly serverCpu?: boolean
}

const launchers: ReadonlyArray<Launcher> = [
  { name: "pnpm start", command: process.execPath, args: [Path.join(root, "scripts", "start.mjs")] },
  // The same, typed as the README says: pnpm's own start comes first.
  { name: "pnpm start, through pnpm", command: "pnpm", args: ["start"], serverCpu: false },
  ...(Fs.existsSync(Path.join(root, "packages", "server", "dist", "main.js"))
    ? [{
      name: "moneta bin",
      command: process.execPath,
      args: [Path.join(root, "packages", "server", "bin", "moneta.js")]
    }]
    : [])
]

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
  const child = start(launcher.command, launcher.args, env, root)
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
  command: process.execPath,
  args: [
    "-e",
    "require('node:http').createServer((_, res) => res.end('{}')).listen(Number(process.env.PORT), '127.0.0.1')"
  ]
}

const rows: Array<string> = []
try {
  const floor: Array<Sample> = []
  for (let repetition = 0; repetition < repetitions; repetition++) floor.push(await timeToFirstAnswer(bare, {}))
  rows.push(`| bare node:http | - | ${cells(floor)} |`)
  console.log(rows[0])
  for (const launcher of launchers) {
    // A first start outside the timing: `pnpm start` bundles when sources changed.
    const warm = Path.join(scratch, `${launcher.name.replace(/\W+/g, "-")}-existing`)
    await timeToFirstAnswer(launcher, { MONETA_DATA_DIR: warm, DATABASE_URL: undefined })
    if (postgres !== undefined) await timeToFirstAnswer(launcher, { DATABASE_URL: postgres.databaseUrl })
    for (const database of databases) {
      const samples: Array<Sample> = []
      for (let repetition = 0; repetition < repetitions; repetition++) {
        const fresh = Path.join(scratch, `${launcher.name.replace(/\W+/g, "-")}-${database}-${repetition}`)
        const settings: Record<string, string | undefined> = database === "fresh"
          ? { MONETA_DATA_DIR: fresh, DATABASE_URL: undefined }
          : database === "fresh-initdb"
          ? { MONETA_DATA_DIR: fresh, MONETA_TEMPLATE_DIR: `${fresh}-templates`, DATABASE_URL: undefined }
          : database === "existing"
          ? { MONETA_DATA_DIR: warm, DATABASE_URL: undefined }
          : { DATABASE_URL: postgres?.databaseUrl }
        samples.push(await timeToFirstAnswer(launcher, settings))
      }
      const line = `| ${launcher.name} | ${database} | ${cells(samples)} |`
      rows.push(line)
      console.log(line)
    }
  }
} finally {
  await postgres?.stop()
  Fs.rmSync(scratch, { recursive: true, force: true })
}

console.log(
  ["", "| launcher | database | median wall | median CPU | samples (wall/CPU) |", "|---|---|---:|---:|---|", ...rows]
    .join("\n")
)
console.log(`load average after: ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`)
console.log("Goal: existing and postgres ≤ 1 s, fresh ≤ 3 s.")
