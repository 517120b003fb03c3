// Bundles the server (packages/server/src/main.ts with the workspace packages'
// TypeScript sources, through their "@moneta/source" export condition, and the
// third-party packages they import) into one CommonJS file with esbuild, with
// no type check (`pnpm check` does that). One file loads far faster than the
// thousands of modules it replaces (docs/benchmarks.md, "Start time").
//
// Two uses:
// - `pnpm start` (scripts/start.mjs) bundles into packages/server/bundle/ and
//   resolves the packages left outside to absolute paths in this checkout;
// - `node scripts/bundle.mjs` (the server package's `prepack`, so in every
//   tarball) writes packages/server/dist/moneta.cjs, which the installed
//   `moneta` command runs: the packages left outside stay bare names, resolved
//   from the installed @moneta/server, which depends on each of them.
import { build } from "esbuild"
import { createHash } from "node:crypto"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

/**
 * Packages that stay outside the bundle: PGlite finds its WASM and data files
 * next to its own modules, the OpenTelemetry SDK is required only when an
 * exporter is configured (the modules a dynamic import reaches are evaluated
 * only then, in the bundle too), `pg-native` is an optional addon `pg` tries,
 * and esbuild builds the dashboard only when its files are not beside the bundle.
 */
const external = ["@electric-sql/pglite", "@opentelemetry", "pg-native", "esbuild"]
const isExternal = (path) => external.some((name) => path === name || path.startsWith(`${name}/`))

/** Marks this script's plugins' own resolutions, which their `onResolve` hooks leave to esbuild. */
const resolving = "resolving"

/** Where esbuild itself resolves `args.path` from its importer, as a `kind` import, past the plugins' hooks. */
const resolvedByEsbuild = (builder, args, kind) =>
  builder.resolve(args.path, { kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: resolving })

/**
 * An external package is loaded by the absolute path it resolves to from the
 * importing package (pnpm gives each package only its own dependencies, so the
 * bundle's folder could not resolve it by name), resolved as `require` would
 * (the bundle requires it: its CommonJS build where it has one); an optional
 * one that is not installed stays a bare name, for `pg`'s own try/catch to handle.
 */
const externalByPath = {
  name: "external-by-path",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (!isExternal(args.path) || args.pluginData === resolving) return undefined
      const resolved = await resolvedByEsbuild(builder, args, "require-call")
      if (resolved.errors.length > 0) return { path: args.path, external: true }
      return { path: resolved.external ? args.path : resolved.path, external: true }
    })
  }
}

/**
 * The key of the reference documents built with a bundle
 * (server/src/PrebuiltReference.ts): a hash of the workspace packages'
 * sources, the lockfile (the third-party packages, effect among them) and
 * this script, so a bundle and the documents built beside it from the same
 * sources have the same key.
 */
const sourcesKey = () => {
  const hash = createHash("sha256")
  const packages = `${root}packages`
  const files = readdirSync(packages).flatMap((name) => {
    try {
      return readdirSync(`${packages}/${name}/src`, { recursive: true }).map((file) => `packages/${name}/src/${file}`)
    } catch {
      return []
    }
  })
  for (const file of [...files.sort(), "pnpm-lock.yaml", "scripts/bundle.mjs"]) {
    let content
    try {
      content = readFileSync(`${root}${file}`)
    } catch (error) {
      if (error.code === "EISDIR") continue
      throw error
    }
    hash.update(`${file}\0${content.length}\0`).update(content)
  }
  return hash.digest("hex")
}

const common = {
  absWorkingDir: root,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  conditions: ["@moneta/source"],
  logLevel: "warning",
  // Comments and whitespace out; names kept (no identifier minifying), so stack traces still name their
  // functions. Less to read, compile and keep resident at every start (docs/benchmarks.md, "Start and
  // footprint (issue 34)"). Not `minifySyntax`: esbuild 0.28 then inlined a constant of one module into
  // another under its name before renaming (`created_at: at` where the module's `at` had become `at2`).
  minifyWhitespace: true,
  // The modules that find files beside them (or name the file cluster workers run) read import.meta.url.
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' }
}

/**
 * Builds the reference documents (server/src/ReferenceDocuments.ts's
 * `writePrebuilt`, bundled into a file of its own and run here) into the
 * folder beside `outfile` that the bundled server reads them from.
 */
const writeReferenceDocuments = async (outfile, key) => {
  const scratch = mkdtempSync(join(tmpdir(), "moneta-reference-"))
  try {
    const writer = join(scratch, "reference-documents.cjs")
    await build({
      ...common,
      entryPoints: ["packages/server/src/ReferenceDocuments.ts"],
      outfile: writer,
      // Run here, in this checkout: what it leaves outside is loaded by its path here.
      plugins: [externalByPath]
    })
    const { writePrebuilt } = createRequire(import.meta.url)(writer)
    await writePrebuilt(join(dirname(outfile), "reference-documents"), key)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * Builds the dashboard (server/src/DashboardAssets.ts's `writePrebuilt`,
 * bundled into a file of its own and run here) into the folder beside
 * `outfile` the bundled server reads it from; returns the sources it read,
 * relative to the checkout.
 */
const writeDashboard = async (outfile, key) => {
  const scratch = mkdtempSync(join(tmpdir(), "moneta-dashboard-"))
  try {
    const writer = join(scratch, "dashboard.cjs")
    await build({
      ...common,
      entryPoints: ["packages/server/src/DashboardAssets.ts"],
      outfile: writer,
      plugins: [externalByPath]
    })
    const { writePrebuilt } = createRequire(import.meta.url)(writer)
    const inputs = await writePrebuilt(join(dirname(outfile), "dashboard"), key, `${root}packages/dashboard/src/`)
    return inputs.map((input) => relative(root, input))
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * Scalar's script (3.2 MB of JavaScript in one string, `effect/http-api`'s
 * `internal/httpApiScalar`) goes into a file of its own beside the bundle,
 * `scalar.cjs`, which the bundle imports only to build the reference page: a
 * bundled server reads the page built ahead (`writeReferenceDocuments`) and
 * builds it only when that folder is not of its sources. Inside the bundle the
 * string would be 40 % of the source every start reads and V8 keeps resident
 * (docs/benchmarks.md, "The bundle evaluated whole", twelfth session).
 */
const scalarFile = "scalar.cjs"
const scalarModule = /[/\\]http-api[/\\]internal[/\\]httpApiScalar\.[jt]s$/

/**
 * Leaves Scalar's module out of a build: it becomes a module that requires
 * `./scalar.cjs` (a `require`, not the `import()` Effect writes: a bundle run
 * by bin/run-bundle.js would resolve that through node's experimental loader
 * for scripts, with a warning). `found` gets the module's path.
 */
const scalarBeside = (found) => ({
  name: "scalar-beside",
  setup(builder) {
    builder.onResolve({ filter: /httpApiScalar\.[jt]s$/ }, async (args) => {
      if (args.pluginData === resolving) return undefined
      const resolved = await resolvedByEsbuild(builder, args, args.kind)
      if (resolved.errors.length > 0 || !scalarModule.test(resolved.path)) return undefined
      if (args.kind !== "dynamic-import") throw new Error(`${args.importer} imports Scalar's script statically`)
      found.add(resolved.path)
      return { path: scalarFile, namespace: "scalar-beside" }
    })
    builder.onLoad({ filter: /.*/, namespace: "scalar-beside" }, () => ({
      contents: `module.exports = require("./${scalarFile}")`,
      loader: "js"
    }))
    // The require that module makes stays a require, of the file beside the bundle.
    builder.onResolve({ filter: /.*/, namespace: "scalar-beside" }, (args) => ({ path: args.path, external: true }))
  }
})

/**
 * Bundles the server into `outfile`, with its reference documents and the dashboard built
 * beside it (`writeReferenceDocuments`). `resolveExternals`: load the packages left
 * outside by their absolute paths here (a bundle run in this checkout) rather
 * than by name (a bundle shipped in the package). Returns esbuild's metafile.
 */
export const bundleServer = async ({ outfile, resolveExternals, sourcemap }) => {
  const key = sourcesKey()
  const scalarSources = new Set()
  const result = await build({
    ...common,
    entryPoints: ["packages/server/src/main.ts"],
    outfile,
    sourcemap,
    plugins: [scalarBeside(scalarSources), ...(resolveExternals ? [externalByPath] : [])],
    ...(resolveExternals ? {} : { external: external.flatMap((name) => [name, `${name}/*`]) }),
    metafile: true,
    define: { ...common.define, __MONETA_REFERENCE_KEY__: JSON.stringify(key) }
  })
  const [scalarSource] = scalarSources
  if (scalarSource === undefined) throw new Error("The server's bundle no longer imports Scalar's script: scripts/bundle.mjs expects it")
  await build({ ...common, entryPoints: [scalarSource], outfile: join(dirname(outfile), scalarFile) })
  await writeReferenceDocuments(outfile, key)
  // The dashboard's sources are inputs too: scripts/start.mjs rebuilds when one changes.
  for (const input of await writeDashboard(outfile, key)) result.metafile.inputs[input] ??= { bytes: 0, imports: [] }
  return result.metafile
}

/** The bundle the installed `moneta` command runs (packages/server/bin/moneta.js). */
export const binBundle = `${root}packages/server/dist/moneta.cjs`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // No source map: it would triple the package's size for stack traces an operator rarely reads.
  await bundleServer({ outfile: binBundle, resolveExternals: false, sourcemap: false })
}
