/** Child processes of the benchmark: started with an environment, awaited until they answer HTTP, stopped. */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"

export interface Child {
  readonly process: ChildProcess
  /** What the child wrote to stderr (shown when it fails). */
  readonly errors: () => string
  readonly stop: () => Promise<void>
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** The environment of this process with `changes` applied (an undefined value removes the variable). */
export const environmentWith = (changes: Record<string, string | undefined>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return env
}

/** `NAME=VALUE` pairs (a `--moneta-env` option's values) as an environment to add. */
export const environmentOf = (pairs: ReadonlyArray<string>): Record<string, string> =>
  Object.fromEntries(pairs.map((pair) => {
    const at = pair.indexOf("=")
    return at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)]
  }))

export const start = (command: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, cwd?: string): Child => {
  const child = spawn(command, [...args], {
    cwd,
    env,
    stdio: ["ignore", "ignore", "pipe"]
  })
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-10_000)
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    process: child,
    errors: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
      await exited
    }
  }
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** Polls `url` until it answers `expected`, the child exits, or `timeoutMs` passes. */
export const waitUntilServing = async (
  child: Child,
  url: string,
  headers: Record<string, string>,
  timeoutMs = 120_000
): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`the process exited early:\n${child.errors()}`)
    const status = await fetch(url, { headers }).then((response) => response.status, () => 0)
    if (status === 200) return
    await sleep(250)
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${child.errors()}`)
}
