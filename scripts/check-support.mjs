// What scripts/readme-check.mjs and scripts/docs-check.mjs share: a free port, a command run to its end,
// and a sandbox server started as `pnpm start` starts it.
import { spawn } from "node:child_process"
import { createServer } from "node:net"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const root = fileURLToPath(new URL("..", import.meta.url))
export const sandboxApiKey = "moneta_sandbox_readme_check_0123456789abcdef"
// Generous: a loaded machine is many times slower than an idle one; a command that hangs still fails.
export const commandLimitMillis = 180_000

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

/** Runs a command to its end; resolves with its output, rejects with it unless it exits 0 within the limit. */
export const runToEnd = (command, args, { cwd, env }) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    const limit = setTimeout(() => child.kill("SIGKILL"), commandLimitMillis)
    child.on("error", reject)
    child.on("exit", (code, signal) => {
      clearTimeout(limit)
      if (code === 0) return resolve(output)
      const ended = signal === "SIGKILL"
        ? `was stopped after ${commandLimitMillis / 1000} s`
        : `ended with ${code ?? signal}`
      reject(new Error(`it ${ended}, having printed:\n${output}`))
    })
  })

/**
 * A command started in a process group of its own, as a terminal's foreground job (Ctrl-C signals all of
 * it): what it printed so far, and `stop`, which sends SIGINT to the group and resolves with how it exited
 * (SIGKILL after 30 s).
 */
export const startInBackground = (command, args, { cwd, env }) => {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)))
  const hasExited = () => child.exitCode !== null || child.signalCode !== null
  const stop = async () => {
    if (hasExited()) return exited
    process.kill(-child.pid, "SIGINT")
    const killer = setTimeout(() => process.kill(-child.pid, "SIGKILL"), 30_000)
    const how = await exited
    clearTimeout(killer)
    return how
  }
  return { output: () => output, hasExited, exited, stop }
}

/** Waits until `url` answers with any HTTP status (or `status` when given); fails if the process ends first. */
export const waitUntilAnswering = async (url, background, { status, what }) => {
  const deadline = Date.now() + commandLimitMillis
  for (;;) {
    if (background.hasExited()) throw new Error(`${what} exited early:\n${background.output()}`)
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within 180 s:\n${background.output()}`)
    // Not following redirects (`/` may point to a page built later); a request that hangs is tried again.
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) }).catch(() => undefined)
    if (response !== undefined && (status === undefined || response.status === status)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** `pnpm start` (node scripts/start.mjs) on a new data directory until /ready answers 200; its port, how to stop it. */
/** The admin key the sandbox of the checks starts with: the one docs/workbench.md shows. */
export const sandboxAdminKey = "a-long-secret-of-yours"

export const startSandbox = async (dataDir) => {
  const port = await freePort()
  const env = {
    ...process.env,
    PORT: String(port),
    MONETA_DATA_DIR: dataDir,
    MONETA_API_KEY: sandboxApiKey,
    // docs/workbench.md's control commands use this admin key.
    MONETA_ADMIN_KEY: sandboxAdminKey,
    LOG_LEVEL: "Warning"
  }
  delete env.DATABASE_URL
  const server = startInBackground(process.execPath, [join(root, "scripts", "start.mjs")], { cwd: root, env })
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/ready`, server, { status: 200, what: "pnpm start" })
  } catch (error) {
    await server.stop()
    throw error
  }
  return { port, stop: server.stop, output: server.output }
}
