// Runs a bundled server (scripts/bundle.mjs) as node runs a CommonJS module,
// compiled with V8's code cache when there is one. Used by `pnpm start`
// (scripts/start.mjs) and by the installed `moneta` command (bin/moneta.js).
//
// CommonJS, because Node 20 keeps V8's compiled code of a script (`vm.Script`'s
// cachedData) but not of an ES module: a server run without a cache (or with
// one V8 refuses: another node version) that stops gracefully writes the code
// compiled by then, the start and whatever ran since, for the next start
// (docs/benchmarks.md, "Compiled code kept between starts"). A `--help` run
// compiles too little of the server to be worth keeping.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import Module from "node:module"
import { basename, dirname, join } from "node:path"
import v8 from "node:v8"
import vm from "node:vm"

/**
 * The embedded database's V8 flag (store/src/PgliteOpening.ts, `wasmTieringBudget`, the same value), set
 * here before the bundle compiles: V8 accepts a code cache only under the flags it was written with, and
 * PGlite sets it once the server runs, before the cache is written at exit.
 */
const wasmTieringBudget = 20_000_000

/**
 * Runs `bundleFile`, keeping its compiled code in `cacheDir`. The bundle reads
 * process.argv like the installed `moneta` command. With `replaceOthers`, a
 * cache written removes the other caches of `cacheDir` (a shared folder holds
 * only the code of the bundle installed now, not of every version since).
 */
export const runBundle = (bundleFile, { cacheDir, replaceOthers = false }) => {
  // Node 20 before 20.12 has no USE_MAIN_CONTEXT_DEFAULT_LOADER: load the bundle without the cache.
  if (vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER === undefined) {
    Module.createRequire(bundleFile)(bundleFile)
    return
  }
  // V8 checks a cache against its script's length only: the name ties it to this very bundle file,
  // so that a server started before a rebuild, stopping after it, cannot hand its code to the new one.
  if (!process.execArgv.some((arg) => arg.startsWith("--wasm-tiering-budget"))) {
    v8.setFlagsFromString(`--wasm-tiering-budget=${wasmTieringBudget}`)
  }
  const bundle = statSync(bundleFile)
  const cacheFile = join(cacheDir, `${basename(bundleFile, ".cjs")}-${bundle.ino}-${bundle.mtimeMs}-${bundle.size}.cache`)
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined
  // Inside the module wrapper a "#!" line would not be the script's first: it becomes a comment.
  const source = readFileSync(bundleFile, "utf8").replace(/^#!/, "//")
  const script = new vm.Script(Module.wrap(source), {
    filename: bundleFile,
    cachedData,
    // import() in the bundle (none today; a future external ES module) resolves as in any module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
  const serves = process.argv.length <= 2 || (process.argv.length === 3 && process.argv[2] === "serve")
  if (serves && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once("exit", (code) => {
      // A start that failed compiled too little to keep.
      if (code !== 0) return
      // Written whole, then renamed: a server starting meanwhile reads the old file or the new one.
      const written = `${cacheFile}.${process.pid}`
      try {
        mkdirSync(cacheDir, { recursive: true })
        writeFileSync(written, script.createCachedData())
        renameSync(written, cacheFile)
        if (replaceOthers) {
          for (const other of readdirSync(cacheDir)) {
            if (other.endsWith(".cache") && join(cacheDir, other) !== cacheFile) rmSync(join(cacheDir, other), { force: true })
          }
        }
      } catch (error) {
        rmSync(written, { force: true })
        // Only the next start's speed depends on it: say so, and exit as the server did.
        process.stderr.write(`moneta: the compiled code was not kept (${error.message})\n`)
      }
    })
  }
  const module = { exports: {} }
  script.runInThisContext().call(module.exports, module.exports, Module.createRequire(bundleFile), module, bundleFile, dirname(bundleFile))
}
