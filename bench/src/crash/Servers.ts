/**
 * The two Moneta server processes of the run, each on a port of its own and
 * on the same Postgres, run from the sources (`serverFromSources`: node
 * itself is the server, so the pid started is the pid that listens; checked
 * through /proc before every kill). A kill is SIGKILL, then the wait for the
 * process's exit, then a connection to its port must be refused; anything
 * else fails the run. A start waits until the server answers 200, and
 * starts again (noting a violation) when the process exits first.
 */
import * as Fs from "node:fs"
import { type Checkout, current, serverFromSources } from "../MonetaServer.js"
import { type Child, connectionRefused, environmentWith, listeningPids, start } from "../Processes.js"
import { type Findings, HarnessFailure } from "./Findings.js"
import type { Timeline } from "./Timeline.js"

export interface Slot {
  readonly name: string
  readonly port: number
  child: Child | undefined
}

export interface Servers {
  readonly slots: ReadonlyArray<Slot>
  readonly ports: ReadonlyArray<number>
  readonly start: (slot: Slot) => Promise<void>
  readonly kill: (slot: Slot) => Promise<void>
  /** SIGTERM to every server, each given 30 s; then nothing of the run may listen or live. */
  readonly stopAll: () => Promise<void>
  /** Ends every process of the run at once (after a failure). */
  readonly killAll: () => Promise<void>
  /** The "Unexpected failure" entries the run's servers logged (the causes of 500s). */
  readonly unexpectedFailures: () => ReadonlyArray<string>
  readonly stats: { kills: number; starts: number; failedStarts: number; stopSeconds: Array<number> }
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

const startBoundMs = 180_000
const exitBoundMs = 10_000
const stopBoundMs = 30_000

/** The last `count` lines of a server's output that say something (no stack frames, no braces). */
const lastLines = (text: string, count: number) =>
  text.split("\n").filter((line) => line.trim() !== "" && !/^\s*(at |[{}]+$)/.test(line)).slice(-count)
    .map((line) => line.trim().slice(0, 300)).join("\n    ")

/** Resolves true once the child has exited, false after `timeoutMs`. */
const exited = (child: Child, timeoutMs: number): Promise<boolean> => {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.process.once("exit", () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** Whether `pid` still runs (a zombie does not: it only waits to be reaped). */
const alive = (pid: number) => {
  try {
    return !Fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ")
  } catch {
    return false
  }
}

export const makeServers = (options: {
  readonly ports: ReadonlyArray<number>
  readonly databaseUrl: string
  readonly apiKey: string
  readonly env: Record<string, string>
  readonly checkout?: Checkout
  readonly findings: Findings
  readonly timeline: Timeline
}): Servers => {
  const { findings, timeline } = options
  const slots: Array<Slot> = options.ports.map((port, index) => ({
    name: String.fromCharCode(65 + index),
    port,
    child: undefined
  }))
  const started: Array<Child> = []
  const stats = { kills: 0, starts: 0, failedStarts: 0, stopSeconds: new Array<number>() }
  const command = serverFromSources(options.checkout ?? current)
  const headers = { authorization: `Bearer ${options.apiKey}` }

  const pidOf = (child: Child) => {
    const pid = child.process.pid
    if (pid === undefined) throw new HarnessFailure("a server process has no pid")
    return pid
  }

  /** The pid started must be the one listening (the harness kills it). */
  const checkListener = (slot: Slot, child: Child, when: string) => {
    const pids = listeningPids(slot.port)
    findings.checked("listener")
    if (pids === undefined) return
    if (pids.length !== 1 || pids[0] !== pidOf(child)) {
      throw new HarnessFailure(
        `${when}: port ${slot.port} of server ${slot.name} is listened on by pid(s) [${
          pids.join(", ")
        }], not by the process started (pid ${pidOf(child)})`
      )
    }
  }

  /** "serving" once `/accounts?limit=1` answers 200, "exited" if the process ended first, "late" at the bound. */
  const serving = async (slot: Slot, child: Child, deadline: number) => {
    while (Date.now() < deadline) {
      if (child.process.exitCode !== null || child.process.signalCode !== null) return "exited"
      const status = await fetch(`http://127.0.0.1:${slot.port}/accounts?limit=1`, {
        headers,
        signal: AbortSignal.timeout(5_000)
      }).then(async (response) => {
        await response.arrayBuffer()
        return response.status
      }, () => 0)
      if (status === 200) return "serving"
      await sleep(250)
    }
    return "late"
  }

  const startSlot = async (slot: Slot) => {
    const deadline = Date.now() + startBoundMs
    for (;;) {
      const env = environmentWith({
        PORT: String(slot.port),
        HOST: "127.0.0.1",
        MONETA_ENVIRONMENT: "sandbox",
        MONETA_API_KEY: options.apiKey,
        DATABASE_URL: options.databaseUrl,
        MONETA_DATA_DIR: undefined,
        MONETA_PROCESSES: undefined,
        // A killed process's delivery claims come back after the lease: keep the run short.
        MONETA_WEBHOOK_LEASE: "15 seconds",
        MONETA_WEBHOOK_POLL_INTERVAL: "1 second",
        ...options.env
      })
      const child = start(command.command, command.args, env, command.cwd, true)
      started.push(child)
      slot.child = child
      stats.starts++
      const begun = Date.now()
      const state = await serving(slot, child, deadline)
      findings.checked("starts")
      if (state === "serving") {
        checkListener(slot, child, "after its start")
        timeline.note(
          `server ${slot.name} (pid ${pidOf(child)}) serves on port ${slot.port} after ${
            ((Date.now() - begun) / 1000).toFixed(1)
          } s`
        )
        return
      }
      if (state === "late") {
        child.process.kill("SIGKILL")
        throw new HarnessFailure(
          `server ${slot.name} did not serve within ${startBoundMs / 1000} s:\n    ${lastLines(child.errors(), 15)}`
        )
      }
      stats.failedStarts++
      const how = child.process.signalCode ?? `code ${child.process.exitCode}`
      findings.violation(
        "starts",
        `${timeline.at()}: server ${slot.name} (pid ${pidOf(child)}) exited (${how}) ${
          ((Date.now() - begun) / 1000).toFixed(1)
        } s after its start, before it served:\n    ${lastLines(child.errors(), 6)}`
      )
      timeline.note(`server ${slot.name} exited (${how}) before it served; starting it again`)
      if (Date.now() >= deadline) throw new HarnessFailure(`server ${slot.name} never served`)
      await sleep(1_000)
    }
  }

  const kill = async (slot: Slot) => {
    const child = slot.child
    if (child === undefined) throw new HarnessFailure(`server ${slot.name} is not running`)
    checkListener(slot, child, "before the SIGKILL")
    const pid = pidOf(child)
    child.process.kill("SIGKILL")
    stats.kills++
    if (!(await exited(child, exitBoundMs))) {
      throw new HarnessFailure(
        `server ${slot.name} (pid ${pid}) did not exit within ${exitBoundMs / 1000} s of SIGKILL`
      )
    }
    slot.child = undefined
    if (!(await connectionRefused(slot.port))) {
      throw new HarnessFailure(
        `port ${slot.port} still accepts connections after the SIGKILL of server ${slot.name} (pid ${pid}); listening: pid(s) [${
          (listeningPids(slot.port) ?? []).join(", ")
        }]`
      )
    }
    timeline.note(`SIGKILL to server ${slot.name} (pid ${pid}); port ${slot.port} refuses connections`)
  }

  const stopAll = async () => {
    await Promise.all(slots.map(async (slot) => {
      const child = slot.child
      if (child === undefined) return
      const begun = Date.now()
      child.process.kill("SIGTERM")
      const stopped = await exited(child, stopBoundMs)
      const seconds = (Date.now() - begun) / 1000
      stats.stopSeconds.push(seconds)
      findings.checked("stops")
      if (!stopped) {
        findings.violation(
          "stops",
          `server ${slot.name} (pid ${pidOf(child)}) still running ${stopBoundMs / 1000} s after SIGTERM:\n    ${
            lastLines(child.errors(), 6)
          }`
        )
        child.process.kill("SIGKILL")
        await exited(child, exitBoundMs)
      } else if (child.process.exitCode !== 0) {
        findings.violation(
          "stops",
          `server ${slot.name} (pid ${pidOf(child)}) exited (${
            child.process.signalCode ?? `code ${child.process.exitCode}`
          }) after SIGTERM:\n    ${lastLines(child.errors(), 6)}`
        )
      }
      timeline.note(`server ${slot.name} stopped ${seconds.toFixed(1)} s after SIGTERM`)
      slot.child = undefined
    }))
    for (const slot of slots) {
      findings.checked("stops")
      if (!(await connectionRefused(slot.port))) {
        findings.violation(
          "stops",
          `port ${slot.port} (server ${slot.name}) still accepts connections at the end; listening: pid(s) [${
            (listeningPids(slot.port) ?? []).join(", ")
          }]`
        )
      }
    }
    for (const child of started) {
      const pid = pidOf(child)
      if (alive(pid)) {
        findings.violation("stops", `server process ${pid} of the run is still alive at the end`)
        child.process.kill("SIGKILL")
      }
    }
  }

  const killAll = async () => {
    await Promise.all(started.map(async (child) => {
      if (child.process.exitCode !== null || child.process.signalCode !== null) return
      child.process.kill("SIGKILL")
      await exited(child, exitBoundMs)
    }))
  }

  const unexpectedFailures = () =>
    started.flatMap((child) => child.unexpected().map((entry) => `pid ${pidOf(child)}: ${entry}`))

  return { slots, ports: options.ports, start: startSlot, kill, stopAll, killAll, stats, unexpectedFailures }
}
