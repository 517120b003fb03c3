/**
 * The Moneta server under test, started as `pnpm start` starts it (its own
 * process running `scripts/start.mjs`: the bundled server, plain JavaScript), on the embedded
 * database in memory or on a Postgres database; then a few accounts, each
 * funded far beyond what the benchmark spends, so that no wire is refused.
 */
import { randomBytes } from "node:crypto"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

export const root = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../..")

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

/** `env` adds to (or, with undefined, removes from) the server's environment. */
export const startMoneta = async (
  database: Database,
  accounts: number,
  env: Record<string, string | undefined> = {}
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
  const child = start(process.execPath, [Path.join(root, "scripts", "start.mjs")], serverEnv, root)
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
