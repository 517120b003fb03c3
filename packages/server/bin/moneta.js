#!/usr/bin/env node
// The `moneta` command: the compiled server (dist/main.js, built by `pnpm build`).
// A file of its own so that the bin exists before the build, as package managers link it on install.
import "../dist/main.js"
