// `pnpm start`: bundles the server into one CommonJS file,
// packages/server/bundle/server.cjs (scripts/bundle.mjs), then runs it with
// plain node in this very process, so Ctrl-C reaches the server directly,
// compiled with V8's code cache beside the bundle once a first run has kept it
// (packages/server/bin/run-bundle.js). The bundle is reused while none of its
// workspace sources changed and no install happened (their sizes and
// modification times are kept beside it). `pnpm build` compiles the packages
// to dist/ with tsc instead, as installed packages use them.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { runBundle } from "../packages/server/bin/run-bundle.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = `${root}packages/server/bundle`
const bundleFile = `${outdir}/server.cjs`

const inputsFile = `${outdir}/inputs.json`

/** Size and modification time of each file, "" for a missing one. */
const stamps = (files) =>
  Object.fromEntries(files.map((file) => {
    try {
      const stat = statSync(`${root}${file}`)
      return [file, `${stat.size}:${stat.mtimeMs}`]
    } catch {
      return [file, ""]
    }
  }))

const isCurrent = () => {
  if (!existsSync(bundleFile) || !existsSync(inputsFile)) return false
  const recorded = JSON.parse(readFileSync(inputsFile, "utf8"))
  const now = stamps(Object.keys(recorded))
  return Object.entries(recorded).every(([file, stamp]) => stamp !== "" && now[file] === stamp)
}

if (!isCurrent()) {
  // Loaded only to bundle: importing esbuild costs a start that reuses the bundle some 50 ms.
  const { bundleServer } = await import("./bundle.mjs")
  // The old bundle's compiled code (its server-….cache) goes with it.
  rmSync(outdir, { recursive: true, force: true })
  const metafile = await bundleServer({ outfile: bundleFile, resolveExternals: true, sourcemap: "linked" })
  // The workspace sources bundled, the scripts, and pnpm's record of the last install (third-party packages change only with one).
  const workspaceInputs = Object.keys(metafile.inputs).filter((file) => !file.startsWith("/") && !file.includes("node_modules/"))
  const inputs = [...workspaceInputs, "scripts/start.mjs", "scripts/bundle.mjs", "node_modules/.modules.yaml"]
  writeFileSync(inputsFile, JSON.stringify(stamps(inputs)))
}

runBundle(bundleFile, { cacheDir: outdir })
