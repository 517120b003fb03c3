// `pnpm start`: bundles the server's TypeScript sources (the workspace
// packages, through their "@moneta/source" export condition; every other
// package stays external) into packages/server/bundle/ with esbuild, with no
// type check (`pnpm check` does that), then runs the bundle with plain node in
// this very process, so Ctrl-C reaches the server directly. The bundle is
// reused while none of its source files changed (their sizes and modification
// times are kept beside it), which saves the bundling on most starts. `pnpm build` compiles the packages to dist/ with tsc
// instead, as installed packages use them.
import { build } from "esbuild"
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = `${root}packages/server/bundle`

/**
 * Other packages are loaded from node_modules at run time, by the path they
 * resolve to from the importing package (pnpm gives each package only its own
 * dependencies, so the bundle's folder could not resolve them by name).
 */
const thirdPartyExternal = {
  name: "third-party-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@moneta/") || args.path.startsWith("node:") || args.pluginData === "resolving") return undefined
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "resolving"
      })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      return { path: resolved.external ? args.path : resolved.path, external: true }
    })
  }
}

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
  if (!existsSync(`${outdir}/main.js`) || !existsSync(inputsFile)) return false
  const recorded = JSON.parse(readFileSync(inputsFile, "utf8"))
  const now = stamps(Object.keys(recorded))
  return Object.entries(recorded).every(([file, stamp]) => stamp !== "" && now[file] === stamp)
}

if (!isCurrent()) {
  // Chunk names carry content hashes: start from an empty folder.
  rmSync(outdir, { recursive: true, force: true })

  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "packages/server/src/main.ts" },
    outdir,
    bundle: true,
    // Separate chunks keep dynamic imports (the OpenTelemetry SDK) lazy.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    conditions: ["@moneta/source"],
    plugins: [thirdPartyExternal],
    logLevel: "warning",
    metafile: true
  })
  // This script and the workspace sources bundled (the external packages change only with an install).
  const inputs = [...Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("/")), "scripts/start.mjs"]
  writeFileSync(inputsFile, JSON.stringify(stamps(inputs)))
}

// The bundle reads process.argv like the installed `moneta` command.
await import(`${outdir}/main.js`)
