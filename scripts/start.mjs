// `pnpm start`: bundles the server into one CommonJS file,
// packages/server/bundle/server.cjs (scripts/bundle.mjs), then runs it with
// plain node in this very process, so Ctrl-C reaches the server directly,
// compiled with V8's code cache beside the bundle once a first run has kept it
// (packages/server/bin/run-bundle.js). The bundle is reused while none of its
// workspace sources changed and no install changed the lockfile: their sizes
// and modification times are kept beside it, and when those differ (a checkout
// or a copy touches files without changing them) a hash of their contents
// decides. `pnpm install` builds it already (the root package's postinstall
// runs `node scripts/start.mjs --bundle-only`), so a first start does not
// bundle. `pnpm build` compiles the packages to dist/ with tsc instead, as
// installed packages use them.
import { createHash } from "node:crypto"
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

/** A hash of the files' names and contents (a missing file counts as such). */
const contentHash = (files) => {
  const hash = createHash("sha256")
  for (const file of files) {
    let content
    try {
      content = readFileSync(`${root}${file}`)
    } catch {
      content = undefined
    }
    hash.update(`${file}\0${content === undefined ? -1 : content.length}\0`)
    if (content !== undefined) hash.update(content)
  }
  return hash.digest("hex")
}

/** The inputs' record: `{ stamps, hash }` (or, written by an older start.mjs, the stamps alone). */
const readInputs = () => {
  const recorded = JSON.parse(readFileSync(inputsFile, "utf8"))
  return typeof recorded.stamps === "object" && recorded.stamps !== null
    ? recorded
    : { stamps: recorded, hash: undefined }
}

const writeInputs = (files) => writeFileSync(inputsFile, JSON.stringify({ stamps: stamps(files), hash: contentHash(files) }))

const isCurrent = () => {
  if (!existsSync(bundleFile) || !existsSync(inputsFile)) return false
  const recorded = readInputs()
  const files = Object.keys(recorded.stamps)
  const now = stamps(files)
  if (files.every((file) => recorded.stamps[file] !== "" && now[file] === recorded.stamps[file])) return true
  // Touched, perhaps not changed: the same contents keep the bundle (its stamps renewed, so the next start only stats).
  if (recorded.hash === undefined || contentHash(files) !== recorded.hash) return false
  writeInputs(files)
  return true
}

const bundleOnly = process.argv.includes("--bundle-only")

if (!isCurrent()) {
  // Loaded only to bundle: importing esbuild costs a start that reuses the bundle some 50 ms.
  const { bundleServer } = await import("./bundle.mjs")
  // The old bundle's compiled code (its server-….cache) goes with it.
  rmSync(outdir, { recursive: true, force: true })
  try {
    const metafile = await bundleServer({ outfile: bundleFile, resolveExternals: true, sourcemap: "linked" })
    // The workspace sources bundled, the scripts, and the lockfile (third-party packages change only with it).
    const workspaceInputs = Object.keys(metafile.inputs).filter((file) =>
      !file.startsWith("/") && !file.includes("node_modules/")
    )
    writeInputs([...workspaceInputs, "scripts/start.mjs", "scripts/bundle.mjs", "pnpm-lock.yaml"])
  } catch (error) {
    // At install time a failed bundle must not fail the install: `pnpm start` bundles again and reports it.
    if (!bundleOnly) throw error
    rmSync(outdir, { recursive: true, force: true })
    process.stderr.write(`moneta: the server was not bundled now (${error.message}); \`pnpm start\` will bundle it\n`)
  }
}

if (!bundleOnly) runBundle(bundleFile, { cacheDir: outdir })
