// Checks the README's first command, `pnpm start`, as a user runs it: on a new
// embedded data directory it bundles, serves the configured key, says it is
// ready, and stops on Ctrl-C (SIGINT to its process group) with its "stopped"
// line and exit code 0, leaving V8's code cache beside the bundle; a second
// start on the same directory serves the same account from that cache. While
// the first runs: `GET /` points at the reference, `/docs` is served, and
// another `pnpm start` on the same directory says in one line that it is in
// use and exits 1. Run by .ci/run.
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const bundleDir = join(root, "packages", "server", "bundle")
const work = mkdtempSync(join(tmpdir(), "moneta-start-check-"))
const apiKey = "moneta_sandbox_start_check_0123456789abcdef"
const started = Date.now()

const log = (message) => console.log(`start-check: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
const fail = (message) => {
  throw new Error(`start-check: ${message}`)
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

const caches = () => existsSync(bundleDir) ? readdirSync(bundleDir).filter((name) => name.endsWith(".cache")) : []

/** `pnpm start` on `port` and the check's data directory, in a process group of its own; its output and its end. */
const pnpmStart = (port) => {
  const environment = { ...process.env, PORT: String(port), MONETA_DATA_DIR: join(work, "data"), MONETA_API_KEY: apiKey }
  delete environment.DATABASE_URL
  // A process group of its own, as a terminal's foreground job: Ctrl-C signals all of it.
  const server = spawn("pnpm", ["start"], { cwd: root, env: environment, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  const printed = { output: "", stderr: "" }
  server.stdout.on("data", (chunk) => {
    printed.output += chunk
  })
  server.stderr.on("data", (chunk) => {
    printed.output += chunk
    printed.stderr += chunk
  })
  const exited = new Promise((resolve) => server.on("close", (code, signal) => resolve({ code, signal })))
  return { server, printed, exited }
}

/** What the first server says to a newcomer: `GET /` and `/docs`; and a second start on its data directory. */
const firstWords = async (url) => {
  const welcome = await fetch(`${url}/`)
  const body = await welcome.json()
  if (welcome.status !== 200 || body.reference !== "/docs") fail(`GET / answered ${welcome.status} ${JSON.stringify(body)}`)
  const docs = await fetch(`${url}/docs`)
  const page = await docs.text()
  if (docs.status !== 200 || !page.includes("createApiReference")) fail(`GET /docs answered ${docs.status}`)
  const second = pnpmStart(await freePort())
  // It must refuse at once; one that served instead would run until stopped.
  const refusal = setTimeout(() => process.kill(-second.server.pid, "SIGKILL"), 120_000)
  const { code, signal } = await second.exited
  clearTimeout(refusal)
  const said = second.printed.stderr.split("\n").filter((line) => line.trim() !== "" && !line.includes("ELIFECYCLE"))
  if (code !== 1 || said.length !== 1 || !/^moneta: the data directory .* is in use by process \d+/.test(said[0])) {
    fail(`a second pnpm start on the same data directory ended with ${code ?? signal}: ${second.printed.output}`)
  }
}

/** Runs `pnpm start` until it serves; returns the first account's id, then stops it as Ctrl-C would. */
const startOnce = async ({ checkFirstWords }) => {
  const port = await freePort()
  const { server, printed, exited } = pnpmStart(port)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  let accounts
  try {
    while (accounts === undefined && Date.now() < deadline) {
      if (server.exitCode !== null) fail(`pnpm start exited early: ${printed.output}`)
      const response = await fetch(`${url}/accounts?limit=1`, { headers: { authorization: `Bearer ${apiKey}` } })
        .catch(() => undefined)
      if (response?.status === 200) accounts = await response.json()
      else if (response !== undefined) fail(`GET /accounts answered ${response.status}: ${printed.output}`)
      else await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (accounts === undefined) fail(`pnpm start did not serve within 120 s: ${printed.output}`)
    let ready = false
    while (!ready && Date.now() < deadline) {
      ready = (await fetch(`${url}/ready`)).status === 200
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (!ready) fail(`/ready did not answer 200: ${printed.output}`)
    if (checkFirstWords) await firstWords(url)
  } catch (error) {
    process.kill(-server.pid, "SIGKILL")
    throw error
  }
  process.kill(-server.pid, "SIGINT")
  const { code, signal } = await exited
  if (code !== 0 || !printed.output.includes("Moneta stopped")) fail(`pnpm start stopped with ${code ?? signal}: ${printed.output}`)
  const id = accounts.data[0]?.id
  if (typeof id !== "string") fail(`no seeded account: ${JSON.stringify(accounts)}`)
  return id
}

try {
  const first = await startOnce({ checkFirstWords: true })
  if (caches().length === 0) fail("the first run left no code cache beside the bundle")
  log("pnpm start served the configured key on a new data directory, / and /docs, refused a second start on its directory in one line, and stopped on Ctrl-C with exit code 0")
  const second = await startOnce({ checkFirstWords: false })
  if (second !== first) fail(`the second start served account ${second}, the first ${first}`)
  log("a second pnpm start served the same account from the data directory the first left")
} finally {
  rmSync(work, { recursive: true, force: true })
}
