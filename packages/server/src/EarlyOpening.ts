/**
 * Imported first by the `moneta` command's entry (main.ts), so that its body
 * runs before the rest of the server's modules are evaluated: it begins
 * opening an existing embedded database (`PgliteOpening.beginEarly`), so that
 * PGlite's WASM compiles on V8's background threads while the main thread
 * evaluates the server's JavaScript; the server's database layer then takes
 * that opening. Only the settings the database layer reads decide it: a
 * server on Postgres, a new data directory, a client command (`moneta keys
 * …`) or a `--help` opens nothing here.
 */
import { beginEarly, defaultDataDir } from "@moneta/store/PgliteOpening"

const serves = process.argv.length <= 2 || (process.argv.length === 3 && process.argv[2] === "serve")
const embedded = process.env["DATABASE_URL"] === undefined
const oneProcess = (process.env["MONETA_PROCESSES"] ?? "1") === "1"
if (serves && embedded && oneProcess) beginEarly(process.env["MONETA_DATA_DIR"] ?? defaultDataDir)
