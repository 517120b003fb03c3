/**
 * Starts the platform's floors in processes of their own, bundled with
 * esbuild from the workspace's sources into `bench/build/`, as `pnpm start`
 * bundles Moneta: all of them run as plain JavaScript.
 *
 * - the read floor (PlatformFloorServer.ts, bench:reads);
 * - the ledger floor (LedgerFloorServer.ts, bench:wires).
 */
import { build } from "esbuild"
import * as Path from "node:path"
import { root } from "./MonetaServer.js"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

/** What the read floor answers from: one account in memory, or the accounts of a tenant in the database. */
export type FloorSource =
  | { readonly memory: { readonly id: string; readonly json: string } }
  | { readonly database: DatabaseTenant }
  | { readonly pg: DatabaseTenant }

interface DatabaseTenant {
  readonly url: string
  readonly groupId: string
  readonly environment: string
}

/** Bundles `entry` (a path under bench/src) to bench/build/`name`.cjs and serves it on a free port until `probe` answers 200. */
const startBundled = async (
  entry: string,
  name: string,
  args: ReadonlyArray<string>,
  probe: string
): Promise<{ readonly child: Child; readonly url: string }> => {
  const outfile = Path.join(root, "bench/build", `${name}.cjs`)
  await build({
    absWorkingDir: root,
    entryPoints: [Path.join("bench/src", entry)],
    outfile,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    conditions: ["@moneta/source"],
    // node-postgres loads its native binding only when asked; the floors use the JavaScript client.
    external: ["pg-native"],
    logLevel: "warning"
  })
  const port = await freePort()
  const child = start(process.execPath, [outfile, String(port), ...args], environmentWith({}))
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, `${url}${probe}`, {})
  return { child, url }
}

/** The read floor, answering `GET /accounts/{accountId}` from `source`. */
export const startPlatformFloor = (
  source: FloorSource,
  accountId: string
): Promise<{ readonly child: Child; readonly url: string }> =>
  startBundled(
    "PlatformFloorServer.ts",
    "platform-floor",
    "memory" in source
      ? ["memory", source.memory.json]
      : "database" in source
      ? ["database", source.database.url, source.database.groupId, source.database.environment]
      : ["pg", source.pg.url, source.pg.groupId, source.pg.environment],
    `/accounts/${accountId}`
  )

/** The ledger floor on the database at `databaseUrl` (it makes the ledger server's tables when missing). */
export const startLedgerFloor = (databaseUrl: string): Promise<{ readonly child: Child; readonly url: string }> =>
  startBundled("LedgerFloorServer.ts", "ledger-floor", [databaseUrl], "/ready")
