// `pnpm start`: bundles the server (the workspace packages' TypeScript sources,
// through their "@moneta/source" export condition, and the third-party
// packages they import) into packages/server/bundle/ with esbuild, with no
// type check (`pnpm check` does that), then runs the bundle with plain node in
// this very process, so Ctrl-C reaches the server directly. One file loads far
// faster than the thousands of modules it replaces (docs/benchmarks.md, "Start
// time"). The bundle is reused while none of its workspace sources changed and
// no install happened (their sizes and modification times are kept beside
// it). `pnpm build` compiles the packages to dist/ with tsc instead, as
// installed packages use them.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = `${root}packages/server/bundle`

/**
 * Packages that stay outside the bundle: PGlite finds its WASM and data files
 * next to its own modules, the OpenTelemetry SDK is loaded only when an
 * exporter is configured, and `pg-native` is an optional addon `pg` tries.
 */
const external = ["@electric-sql/pglite", "@opentelemetry", "pg-native"]
const isExternal = (path) => external.some((name) => path === name || path.startsWith(`${name}/`))

/**
 * An external package is loaded by the absolute path it resolves to from the
 * importing package (pnpm gives each package only its own dependencies, so the
 * bundle's folder could not resolve it by name); an optional one that is not
 * installed stays a bare name, for `pg`'s own try/catch to handle.
 */
const externalByPath = {
  name: "external-by-path",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (!isExternal(args.path) || args.pluginData === "resolving") return undefined
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "resolving"
      })
      if (resolved.errors.length > 0) return { path: args.path, external: true }
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
  // Loaded only to bundle: importing esbuild costs a start that reuses the bundle some 50 ms.
  const { build } = await import("esbuild")
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
    plugins: [externalByPath],
    logLevel: "warning",
    metafile: true,
    // The CommonJS packages bundled (pg and its helpers) call require.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' }
  })
  // The workspace sources bundled, this script, and pnpm's record of the last install (third-party packages change only with one).
  const workspaceInputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("/") && !file.includes("node_modules/"))
  const inputs = [...workspaceInputs, "scripts/start.mjs", "node_modules/.modules.yaml"]
  writeFileSync(inputsFile, JSON.stringify(stamps(inputs)))
}

// The bundle reads process.argv like the installed `moneta` command.
await import(`${outdir}/main.js`)
