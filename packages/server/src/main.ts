#!/usr/bin/env node
/**
 * The `moneta` command's entry (`pnpm start`, the installed bin). Before the
 * rest of the server loads, it begins opening an existing embedded database
 * (`PgliteOpening.beginEarly`), so that PGlite's WASM compiles on V8's
 * background threads while the main thread compiles and runs the server's
 * JavaScript; the server's database layer then takes that opening. Only the
 * settings the database layer reads decide it: a server on Postgres, a new
 * data directory, a client command (`moneta keys …`) or a `--help` opens nothing here.
 */
import { beginEarly, defaultDataDir } from "@moneta/store/PgliteOpening"
import { fileURLToPath } from "node:url"

const serves = process.argv.length <= 2 || (process.argv.length === 3 && process.argv[2] === "serve")
const embedded = process.env["DATABASE_URL"] === undefined
const oneProcess = (process.env["MONETA_PROCESSES"] ?? "1") === "1"
if (serves && embedded && oneProcess) beginEarly(process.env["MONETA_DATA_DIR"] ?? defaultDataDir)

// A promise rather than a top-level await: `pnpm start` bundles this module as CommonJS (scripts/start.mjs).
void import("./Cli.js").then((Cli) => Cli.run(fileURLToPath(import.meta.url)))
