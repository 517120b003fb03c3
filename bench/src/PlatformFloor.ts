/**
 * Starts the platform's floor (PlatformFloorServer.ts) in a process of its
 * own, bundled with esbuild from the workspace's sources into
 * `bench/build/platform-floor.cjs`, as `pnpm start` bundles Moneta: both run
 * as plain JavaScript.
 */
import { build } from "esbuild"
import * as Path from "node:path"
import { root } from "./MonetaServer.js"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

const outfile = Path.join(root, "bench/build/platform-floor.cjs")

export const startPlatformFloor = async (
  account: { readonly id: string; readonly json: string }
): Promise<{ readonly child: Child; readonly url: string }> => {
  await build({
    absWorkingDir: root,
    entryPoints: ["bench/src/PlatformFloorServer.ts"],
    outfile,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    conditions: ["@moneta/source"],
    logLevel: "warning"
  })
  const port = await freePort()
  const child = start(process.execPath, [outfile, String(port), account.json], environmentWith({}))
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, `${url}/accounts/${account.id}`, {})
  return { child, url }
}
