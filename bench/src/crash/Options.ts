/** The crash harness's command line: `pnpm crash [--short] [--duration 300] [--kills 10] …`. */
import { parseArgs } from "node:util"
import { environmentOf } from "../Processes.js"

export interface Options {
  /** Seconds of load, during which the faults happen. */
  readonly durationSeconds: number
  /** SIGKILLs of one server process, at random moments. */
  readonly kills: number
  /** `pg_ctl -m immediate` stops, each followed at once by a start (crash recovery). */
  readonly postgresCrashes: number
  /** Seconds Postgres stays stopped in the one outage (0: no outage). */
  readonly outageSeconds: number
  readonly workers: number
  readonly accounts: number
  /** How long a client keeps retrying one request (same key) before it gives up. */
  readonly requestBoundSeconds: number
  /** How long the end waits for keys in progress and deliveries to finish before judging them. */
  readonly settleSeconds: number
  readonly seed: number
  /** Prints the timeline as it happens (otherwise only when something fails). */
  readonly verbose: boolean
  /** Added to the servers' environment (`--moneta-env NAME=VALUE`, repeatable). */
  readonly monetaEnv: Record<string, string>
  /** Another checkout whose server runs instead of this one's (`--checkout DIR`, with its dependencies installed). */
  readonly checkout: string | undefined
  readonly label: string
}

const usage = `pnpm crash [--short] [--duration SECONDS] [--kills N] [--postgres-crashes N] [--outage SECONDS]
           [--workers N] [--accounts N] [--request-bound SECONDS] [--settle SECONDS] [--seed N]
           [--moneta-env NAME=VALUE ...] [--checkout DIR] [--verbose]`

/** A whole number of at least `minimum`, or the usage and exit code 2. */
const count = (name: string, value: string, minimum: number): number => {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < minimum) {
    process.stderr.write(`--${name} must be a whole number of at least ${minimum}, not "${value}"\n${usage}\n`)
    process.exit(2)
  }
  return parsed
}

export const parseOptions = (args: ReadonlyArray<string>): Options => {
  const { values } = parseArgs({
    args: [...args],
    options: {
      short: { type: "boolean", default: false },
      duration: { type: "string" },
      kills: { type: "string" },
      "postgres-crashes": { type: "string" },
      outage: { type: "string" },
      workers: { type: "string", default: "6" },
      accounts: { type: "string", default: "4" },
      "request-bound": { type: "string", default: "180" },
      settle: { type: "string", default: "90" },
      seed: { type: "string" },
      "moneta-env": { type: "string", multiple: true, default: [] },
      checkout: { type: "string" },
      verbose: { type: "boolean", default: false },
      help: { type: "boolean", default: false }
    }
  })
  if (values.help) {
    process.stdout.write(`${usage}\n`)
    process.exit(0)
  }
  // --short: the CI run (about a minute, a few kills, one Postgres crash, no outage).
  const preset = values.short
    ? { duration: "60", kills: "3", crashes: "1", outage: "0" }
    : { duration: "300", kills: "10", crashes: "2", outage: "20" }
  const durationSeconds = count("duration", values.duration ?? preset.duration, 10)
  const outageSeconds = count("outage", values.outage ?? preset.outage, 0)
  if (outageSeconds >= durationSeconds / 2) {
    process.stderr.write(`--outage must be under half of --duration\n${usage}\n`)
    process.exit(2)
  }
  return {
    durationSeconds,
    kills: count("kills", values.kills ?? preset.kills, 0),
    postgresCrashes: count("postgres-crashes", values["postgres-crashes"] ?? preset.crashes, 0),
    outageSeconds,
    workers: count("workers", values.workers, 1),
    accounts: count("accounts", values.accounts, 1),
    requestBoundSeconds: count("request-bound", values["request-bound"], 10),
    settleSeconds: count("settle", values.settle, 0),
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : count("seed", values.seed, 0),
    verbose: values.verbose,
    monetaEnv: environmentOf(values["moneta-env"]),
    checkout: values.checkout,
    label: values.short ? "short" : "long"
  }
}
