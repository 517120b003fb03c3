// `pnpm start`: bundles the server (the workspace packages' TypeScript sources,
// through their "@moneta/source" export condition, and the third-party
// packages they import) into one CommonJS file, packages/server/bundle/server.cjs,
// with esbuild, with no type check (`pnpm check` does that), then runs it with
// plain node in this very process, so Ctrl-C reaches the server directly. One
// file loads far faster than the thousands of modules it replaces
// (docs/benchmarks.md, "Start time"). The bundle is reused while none of its
// workspace sources changed and no install happened (their sizes and
// modification times are kept beside it). `pnpm build` compiles the packages
// to dist/ with tsc instead, as installed packages use them.
//
// CommonJS, because Node 20 keeps V8's compiled code of a script (`vm.Script`'s
// cachedData) but not of an ES module: the first server run writes the code it
// compiled to server-….cache as it stops, and later starts skip parsing and
// compiling most of the bundle, about a tenth of a second (docs/benchmarks.md,
// "Compiled code kept between starts").
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import Module from "node:module"
import { fileURLToPath } from "node:url"
import vm from "node:vm"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = `${root}packages/server/bundle`
const bundleFile = `${outdir}/server.cjs`

/**
 * Packages that stay outside the bundle: PGlite finds its WASM and data files
 * next to its own modules, the OpenTelemetry SDK is required only when an
 * exporter is configured (the modules a dynamic import reaches are evaluated
 * only then, in the bundle too), and `pg-native` is an optional addon `pg` tries.
 */
const external = ["@electric-sql/pglite", "@opentelemetry", "pg-native"]
const isExternal = (path) => external.some((name) => path === name || path.startsWith(`${name}/`))

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
      if (!isExternal(args.path) || args.pluginData === "resolving") return undefined
      const resolved = await builder.resolve(args.path, {
        kind: "require-call",
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
  if (!existsSync(bundleFile) || !existsSync(inputsFile)) return false
  const recorded = JSON.parse(readFileSync(inputsFile, "utf8"))
  const now = stamps(Object.keys(recorded))
  return Object.entries(recorded).every(([file, stamp]) => stamp !== "" && now[file] === stamp)
}

if (!isCurrent()) {
  // Loaded only to bundle: importing esbuild costs a start that reuses the bundle some 50 ms.
  const { build } = await import("esbuild")
  // The old bundle's compiled code (its server-….cache) goes with it.
  rmSync(outdir, { recursive: true, force: true })

  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: "packages/server/src/main.ts" },
    outdir,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    conditions: ["@moneta/source"],
    plugins: [externalByPath],
    logLevel: "warning",
    metafile: true,
    // The modules that find files beside them (or name the file cluster workers run) read import.meta.url.
    define: { "import.meta.url": "__bundleUrl" },
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' }
  })
  // The workspace sources bundled, this script, and pnpm's record of the last install (third-party packages change only with one).
  const workspaceInputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("/") && !file.includes("node_modules/"))
  const inputs = [...workspaceInputs, "scripts/start.mjs", "node_modules/.modules.yaml"]
  writeFileSync(inputsFile, JSON.stringify(stamps(inputs)))
}

/**
 * Runs the bundle as node runs a CommonJS module, compiled with the code
 * cache when there is one; the bundle reads process.argv like the installed
 * `moneta` command. A server run without a cache (or with one V8 refuses:
 * another node version) that stops gracefully writes the code compiled by
 * then, the start and whatever ran since, for the next start (a `--help` run
 * compiles too little of the server to be worth keeping).
 */
const run = () => {
  // V8 checks a cache against its script's length only: the name ties it to this very bundle file,
  // so that a server started before a rebuild, stopping after it, cannot hand its code to the new one.
  const bundle = statSync(bundleFile)
  const cacheFile = `${outdir}/server-${bundle.ino}-${bundle.mtimeMs}-${bundle.size}.cache`
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined
  // Inside the module wrapper a "#!" line would not be the script's first: it becomes a comment.
  const source = readFileSync(bundleFile, "utf8").replace(/^#!/, "//")
  const script = new vm.Script(Module.wrap(source), {
    filename: bundleFile,
    cachedData,
    // import() in the bundle (none today; a future external ES module) resolves as in any module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
  const serves = process.argv.length <= 2
  if (serves && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once("exit", (code) => {
      // A start that failed compiled too little to keep.
      if (code !== 0) return
      // Written whole, then renamed: a server starting meanwhile reads the old file or the new one.
      const written = `${cacheFile}.${process.pid}`
      try {
        writeFileSync(written, script.createCachedData())
        renameSync(written, cacheFile)
      } catch (error) {
        rmSync(written, { force: true })
        // Only the next start's speed depends on it: say so, and exit as the server did.
        process.stderr.write(`moneta: the compiled code was not kept (${error.message})\n`)
      }
    })
  }
  const module = { exports: {} }
  script.runInThisContext().call(module.exports, module.exports, Module.createRequire(bundleFile), module, bundleFile, outdir)
}

// Node 20 before 20.12 has no USE_MAIN_CONTEXT_DEFAULT_LOADER: load the bundle without the cache.
if (vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER === undefined) Module.createRequire(import.meta.url)(bundleFile)
else run()
