// Checks the README's first command, `pnpm start`, as a user runs it: on a new
// embedded data directory it bundles, serves the configured key, says it is
// ready, and stops on Ctrl-C (SIGINT to its process group) with its "stopped"
// line, leaving V8's code cache beside the bundle; a second start on the same
// directory serves the same account from that cache. Run by .ci/run.
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

/** Runs `pnpm start` until it serves; returns the first account's id, then stops it as Ctrl-C would. */
const startOnce = async () => {
  const port = await freePort()
  const environment = { ...process.env, PORT: String(port), MONETA_DATA_DIR: join(work, "data"), MONETA_API_KEY: apiKey }
  delete environment.DATABASE_URL
  // A process group of its own, as a terminal's foreground job: Ctrl-C signals all of it.
  const server = spawn("pnpm", ["start"], { cwd: root, env: environment, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  server.stdout.on("data", (chunk) => {
    output += chunk
  })
  server.stderr.on("data", (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  let accounts
  try {
    while (accounts === undefined && Date.now() < deadline) {
      if (server.exitCode !== null) fail(`pnpm start exited early: ${output}`)
      const response = await fetch(`${url}/accounts?limit=1`, { headers: { authorization: `Bearer ${apiKey}` } })
        .catch(() => undefined)
      if (response?.status === 200) accounts = await response.json()
      else if (response !== undefined) fail(`GET /accounts answered ${response.status}: ${output}`)
      else await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (accounts === undefined) fail(`pnpm start did not serve within 120 s: ${output}`)
    let ready = false
    while (!ready && Date.now() < deadline) {
      ready = (await fetch(`${url}/ready`)).status === 200
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (!ready) fail(`/ready did not answer 200: ${output}`)
  } catch (error) {
    process.kill(-server.pid, "SIGKILL")
    throw error
  }
  process.kill(-server.pid, "SIGINT")
  const { code, signal } = await exited
  if (code !== 0 || !output.includes("Moneta stopped")) fail(`pnpm start stopped with ${code ?? signal}: ${output}`)
  const id = accounts.data[0]?.id
  if (typeof id !== "string") fail(`no seeded account: ${JSON.stringify(accounts)}`)
  return id
}

try {
  const first = await startOnce()
  if (caches().length === 0) fail("the first run left no code cache beside the bundle")
  log("pnpm start served the configured key on a new data directory and stopped on Ctrl-C")
  const second = await startOnce()
  if (second !== first) fail(`the second start served account ${second}, the first ${first}`)
  log("a second pnpm start served the same account from the data directory the first left")
} finally {
  rmSync(work, { recursive: true, force: true })
}
