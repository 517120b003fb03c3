/**
 * Child processes of the benchmark: started with an environment, awaited
 * until they answer HTTP, stopped; and who listens on a port (the crash
 * harness kills the process that listens, and checks that the port closed).
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as Fs from "node:fs"
import { connect, createServer } from "node:net"

export interface Child {
  readonly process: ChildProcess
  /** What the child wrote to stderr (shown when it fails); with `keepOutput`, the end of its stdout before it. */
  readonly errors: () => string
  /**
   * With `keepOutput`: the server's "Unexpected failure" log entries (a 500's cause), the first
   * few of the run kept whole however much it logs after them.
   */
  readonly unexpected: () => ReadonlyArray<string>
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

/** `keepOutput` also keeps the end of the child's stdout (where a server logs why it exits). */
export const start = (
  command: string,
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
  cwd?: string,
  keepOutput = false
): Child => {
  const child = spawn(command, [...args], {
    cwd,
    env,
    stdio: ["ignore", keepOutput ? "pipe" : "ignore", "pipe"]
  })
  let stdout = ""
  let stderr = ""
  const unexpected: Array<string> = []
  child.stdout?.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8")
    const at = text.indexOf("Unexpected failure")
    if (at >= 0 && unexpected.length < 5) unexpected.push(text.slice(at, at + 4_000))
    stdout = (stdout + text).slice(-10_000)
  })
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-10_000)
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    process: child,
    errors: () => (stdout === "" ? stderr : `${stdout}${stderr}`),
    unexpected: () => unexpected,
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

/**
 * Whether a TCP connection to 127.0.0.1:`port` is refused, i.e. nothing
 * listens there any more. A connection that is accepted, or neither accepted
 * nor refused within `timeoutMs` (a listener that no longer accepts), is not.
 */
export const connectionRefused = (port: number, timeoutMs = 2_000): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port })
    const done = (refused: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(refused)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.once("connect", () => done(false))
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code === "ECONNREFUSED"))
  })

/** The inodes of the sockets listening on TCP `port` (any address), from /proc/net/tcp and tcp6. */
const listeningInodes = (port: number): Set<string> => {
  const inodes = new Set<string>()
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0")
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!Fs.existsSync(table)) continue
    for (const line of Fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/)
      const local = fields[1]
      const inode = fields[9]
      // 0A: LISTEN
      if (local?.endsWith(`:${hexPort}`) === true && fields[3] === "0A" && inode !== undefined) inodes.add(inode)
    }
  }
  return inodes
}

/**
 * The ids of the processes holding a socket that listens on TCP `port`
 * (Linux: /proc; only the processes this user may inspect), or undefined
 * where /proc cannot tell.
 */
export const listeningPids = (port: number): ReadonlyArray<number> | undefined => {
  if (!Fs.existsSync("/proc/net/tcp")) return undefined
  const inodes = listeningInodes(port)
  if (inodes.size === 0) return []
  const pids: Array<number> = []
  for (const entry of Fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    let descriptors: Array<string>
    try {
      descriptors = Fs.readdirSync(`/proc/${entry}/fd`)
    } catch {
      continue // gone meanwhile, or not ours to inspect
    }
    const holds = descriptors.some((descriptor) => {
      try {
        const target = Fs.readlinkSync(`/proc/${entry}/fd/${descriptor}`)
        return target.startsWith("socket:[") && inodes.has(target.slice(8, -1))
      } catch {
        return false
      }
    })
    if (holds) pids.push(Number(entry))
  }
  return pids
}
