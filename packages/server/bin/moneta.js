#!/usr/bin/env node
// The `moneta` command: the compiled server (dist/main.js, built by `pnpm build`).
// A file of its own so that the bin exists before the build, as package managers link it on install.
import Module from "node:module"

// Node 22.1 and later keep V8's compiled code of the modules loaded (in the
// system's temporary folder), so a second start skips compiling its thousands
// of modules; Node 20 has no such cache for ES modules and ignores this.
Module.enableCompileCache?.()
await import("../dist/main.js")
