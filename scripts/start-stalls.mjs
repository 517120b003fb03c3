// The event loop's stalls as a client sees them at start: runs `pnpm start`
// (scripts/start.mjs) several times and, through each run's first seconds,
// asks `GET /ready` one request after another, printing the slowest answer
// of each run (docs/benchmarks.md, "The reference page built with the bundle").
//
//   node scripts/start-stalls.mjs [--runs 5] [--seconds 6]
//
// Each run gets its own port and the same data folder (created by a first run
// that is not counted and that builds the bundle if it needs to be), so the
// runs compare starts, not first installs or bundling.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { request } from "node:http"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, seconds: { type: "string", default: "6" } } })
const runs = Number(values.runs)
const seconds = Number(values.seconds)
const startScript = new URL("start.mjs", import.meta.url).pathname

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** The time `GET /ready` took, or undefined when nothing listens yet. */
const ready = (port) =>
  new Promise((resolve) => {
    const started = performance.now()
    request({ host: "127.0.0.1", port, path: "/ready", agent: false }, (response) => {
      response.resume()
      response.on("end", () => resolve(performance.now() - started))
    }).on("error", () => resolve(undefined)).end()
  })

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** One start; `untilAnswered`: instead of the window, until the first answer (the bundle built, if it needed to be). */
const run = async (dataDir, untilAnswered = false) => {
  const port = await freePort()
  const server = spawn(process.execPath, [startScript], {
    env: { ...process.env, PORT: String(port), MONETA_DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const exited = new Promise((resolve) => server.once("exit", resolve))
  const until = performance.now() + seconds * 1000
  let slowest = 0
  let answers = 0
  while (untilAnswered ? answers === 0 : performance.now() < until) {
    const took = await ready(port)
    if (took === undefined) await pause(10)
    else {
      answers += 1
      slowest = Math.max(slowest, took)
      await pause(5)
    }
  }
  server.kill("SIGINT")
  await exited
  return { slowest, answers }
}

const folder = mkdtempSync(join(tmpdir(), "moneta-start-stalls-"))
try {
  const dataDir = join(folder, "data")
  await run(dataDir, true)
  for (let index = 1; index <= runs; index++) {
    const { slowest, answers } = await run(dataDir)
    console.log(`run ${index}: slowest /ready ${slowest.toFixed(0)} ms of ${answers} answers`)
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
