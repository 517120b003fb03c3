#!/usr/bin/env node
// The `moneta` command. A published package carries the whole server bundled
// in one file, dist/moneta.cjs (scripts/bundle.mjs, run on `pnpm pack`), and
// runs it with V8's compiled code kept in the system's temporary folder: one
// file and a code cache start in about half the time of the thousands of
// modules of dist/ (docs/benchmarks.md, "The installed command"). Without the
// bundle (a checkout built with `pnpm build` only) it runs the compiled
// dist/main.js. A file of its own so that the bin exists before the build, as
// package managers link it on install.
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import Module from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { runBundle } from "./run-bundle.js"

const bundle = fileURLToPath(new URL("../dist/moneta.cjs", import.meta.url))

if (existsSync(bundle)) {
  // One folder per installed copy of the command, holding only its current version's code.
  const installation = createHash("sha256").update(bundle).digest("hex").slice(0, 16)
  runBundle(bundle, { cacheDir: join(tmpdir(), "moneta-compile-cache", installation), replaceOthers: true })
} else {
  // Node 22.1 and later keep V8's compiled code of the modules loaded (in the
  // system's temporary folder); Node 20 has no such cache for ES modules and ignores this.
  Module.enableCompileCache?.()
  await import("../dist/main.js")
}
