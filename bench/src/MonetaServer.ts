/**
 * The Moneta server under test, started as `pnpm start` starts it (its own
 * process running `scripts/start.mjs`: the bundled server, plain JavaScript), on the embedded
 * database in memory or on a Postgres database; then a few accounts, each
 * funded far beyond what the benchmark spends, so that no wire is refused.
 *
 * The server is this checkout's, and with `MONETA_BENCH_BASELINE=DIRECTORY`
 * (another checkout of Moneta with its dependencies installed, e.g. a git
 * worktree of an older commit) that checkout's as well: the benchmarks that
 * measure Moneta run both in the same run, in the same alternating rounds,
 * so that a change reads as a ratio of neighbouring runs on the same machine.
 */
import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { withResources } from "./Cleanup.js"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

export const root = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../..")

/** A checkout of Moneta whose server is under test. */
export interface Checkout {
  readonly root: string
  /** How reports name its server: "Moneta" or "Moneta (baseline checkout)". */
  readonly label: string
}

export const current: Checkout = { root, label: "Moneta" }

const baselineOf = (directory: string | undefined): Checkout | undefined => {
  if (directory === undefined || directory === "") return undefined
  const baselineRoot = Path.resolve(directory)
  for (const needed of [Path.join("scripts", "start.mjs"), "node_modules"]) {
    if (!Fs.existsSync(Path.join(baselineRoot, needed))) {
      throw new Error(
        `MONETA_BENCH_BASELINE=${directory}: no ${needed} there (a checkout with its dependencies installed)`
      )
    }
  }
  return { root: baselineRoot, label: "Moneta (baseline checkout)" }
}

/** `MONETA_BENCH_BASELINE`'s checkout, if set. */
export const baseline: Checkout | undefined = baselineOf(process.env["MONETA_BENCH_BASELINE"])

/** The checkouts under test: this one first, then the baseline checkout, if any. */
export const checkouts: ReadonlyArray<Checkout> = baseline === undefined ? [current] : [current, baseline]

/** `name`, marked as the baseline checkout's where it is (`pnpm start (baseline checkout)`). */
export const named = (name: string, checkout: Checkout): string =>
  checkout === current ? name : `${name} (baseline checkout)`

const commitOf = (directory: string): string => {
  try {
    const commit = execFileSync("git", ["-C", directory, "log", "-1", "--format=%h"], { encoding: "utf8" }).trim()
    const changed = execFileSync("git", ["-C", directory, "status", "--porcelain", "--untracked-files=no"], {
      encoding: "utf8"
    }).trim() !== ""
    return changed ? `${commit} with uncommitted changes` : commit
  } catch {
    return "no git commit"
  }
}

/** For a report's head: which checkouts run (nothing when only this one does). */
export const checkoutsLine = (): ReadonlyArray<string> =>
  baseline === undefined
    ? []
    : [
      `Moneta: ${current.root} (${commitOf(current.root)}); beside ${baseline.label}: ${baseline.root} (${
        commitOf(baseline.root)
      })`
    ]

/**
 * How to run `checkout`'s server from its TypeScript sources, with no build
 * (the `@moneta/source` condition): node itself with tsx's loader, so that
 * the process started is the one that listens. (`tsx main.ts` is a wrapper
 * that runs the server as its child: a SIGKILL would hit the wrapper and
 * leave the server serving.)
 */
export const serverFromSources = (checkout: Checkout = current) => ({
  command: process.execPath,
  args: [
    "--import",
    "tsx",
    "--conditions=@moneta/source",
    Path.join(checkout.root, "packages", "server", "src", "main.ts")
  ],
  // `--import tsx` resolves from here: the checkout's own tsx.
  cwd: checkout.root
})

export interface MonetaServer {
  readonly child: Child
  readonly url: string
  readonly headers: Record<string, string>
  readonly accountIds: ReadonlyArray<string>
}

export type Database = { readonly kind: "embedded" } | { readonly kind: "postgres"; readonly url: string }

const post = async (url: string, headers: Record<string, string>, body: unknown): Promise<{ readonly id: string }> => {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) })
  const parsed: unknown = await response.json()
  if (
    response.status !== 200 || typeof parsed !== "object" || parsed === null || !("id" in parsed) ||
    typeof parsed.id !== "string"
  ) {
    throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(parsed)}`)
  }
  return { id: parsed.id }
}

/**
 * How `checkout`'s `pnpm start` starts its server: the root package.json's
 * start script, run by `sh -c` in the checkout as pnpm runs it (environment
 * assignments, options that depend on the environment, then `exec node …
 * scripts/start.mjs`), so the server under test runs as started there. The
 * script ends in `exec`: the process spawned is the server's, whose CPU time
 * the benchmarks read. `node` is the one running the benchmark.
 */
export const startCommandOf = (
  checkout: Checkout
): { readonly command: string; readonly args: ReadonlyArray<string> } => {
  const manifest: unknown = JSON.parse(Fs.readFileSync(Path.join(checkout.root, "package.json"), "utf8"))
  const scripts = typeof manifest === "object" && manifest !== null && "scripts" in manifest
    ? manifest.scripts
    : undefined
  const script = typeof scripts === "object" && scripts !== null && "start" in scripts ? scripts.start : undefined
  if (typeof script !== "string" || !/\bexec node\b/.test(script)) {
    throw new Error(`${checkout.root}: its start script does not exec node: ${String(script)}`)
  }
  return { command: "sh", args: ["-c", script] }
}

/** `env` with the directory of the node running the benchmark first on its PATH: the start script's `node`. */
export const withThisNode = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  PATH: `${Path.dirname(process.execPath)}${Path.delimiter}${env["PATH"] ?? ""}`
})

/** `env` adds to (or, with undefined, removes from) the server's environment. */
export const startMoneta = async (
  database: Database,
  accounts: number,
  env: Record<string, string | undefined> = {},
  checkout: Checkout = current
): Promise<MonetaServer> => {
  const port = await freePort()
  const apiKey = `moneta_sandbox_bench_${randomBytes(16).toString("hex")}`
  const serverEnv = environmentWith({
    PORT: String(port),
    HOST: "127.0.0.1",
    MONETA_ENVIRONMENT: "sandbox",
    MONETA_API_KEY: apiKey,
    MONETA_DATA_DIR: "memory://",
    DATABASE_URL: database.kind === "postgres" ? database.url : undefined,
    ...env
  })
  const command = startCommandOf(checkout)
  const child = start(command.command, command.args, withThisNode(serverEnv), checkout.root)
  const url = `http://127.0.0.1:${port}`
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }
  await waitUntilServing(child, `${url}/accounts?limit=1`, headers)
  // The dispatcher and the decision sweeper start a moment after the API serves (server/Background.ts).
  await waitUntilServing(child, `${url}/ready`, {})
  const accountIds: Array<string> = []
  for (let index = 0; index < accounts; index++) {
    const account = await post(`${url}/accounts`, headers, { name: `Bench account ${index + 1}` })
    await post(`${url}/simulations/interest_payments`, headers, { account_id: account.id, amount: 1_000_000_000_000 })
    accountIds.push(account.id)
  }
  return { child, url, headers, accountIds }
}

/**
 * Every checkout's server, each on its database of `databases` (in the order
 * of `checkouts`), with `accounts` accounts and `env` added; all stopped after
 * `use` (or when the benchmark is interrupted).
 */
export const withMonetaEach = <A>(
  databases: ReadonlyArray<Database>,
  accounts: number,
  env: Record<string, string | undefined>,
  use: (servers: ReadonlyArray<MonetaServer>) => Promise<A>
): Promise<A> =>
  withResources(
    checkouts.map((checkout, index) => ({ checkout, database: databases[index] })),
    ({ checkout, database }) => {
      if (database === undefined) throw new Error(`no database for ${checkout.label}`)
      return startMoneta(database, accounts, env, checkout)
    },
    (server) => server.child.stop(),
    use
  )

/** The create body of the n-th wire: one cent, rotating over the accounts. */
export const wireBody = (accountIds: ReadonlyArray<string>) => (index: number): string =>
  JSON.stringify({
    account_id: accountIds[index % accountIds.length],
    amount: 1,
    creditor: { name: "Bench Creditor" },
    remittance: { category: "unstructured", unstructured: { message: `Bench ${index}` } },
    account_number: "987654321",
    routing_number: "021000021"
  })
