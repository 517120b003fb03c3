/**
 * Measuring two servers against each other on a machine whose speed drifts:
 * on a shared 2-core machine one run of a few seconds can read 30 % faster or
 * slower than the next, and a ratio of two such runs, one after the other,
 * drifts as much. So both servers stay up and are measured in alternating
 * rounds (the order flips every round); each round gives a ratio of two
 * neighbouring runs, and the median round is reported. CPU time per request
 * is taken for the server's own processes and for every Postgres process of
 * the machine (the SQL work the server asked for), which moves far less with
 * the machine's load than requests per second do.
 */
import * as Fs from "node:fs"
import type { LoadResult } from "./Load.js"

interface ProcessTicks {
  readonly pid: number
  readonly parent: number
  readonly command: string
  readonly ticks: number
}

/** Every process's CPU ticks (Linux /proc; empty elsewhere). */
const processTicks = (): ReadonlyArray<ProcessTicks> => {
  if (!Fs.existsSync("/proc/self/stat")) return []
  return Fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      const stat = Fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      // The command name is in parentheses and may contain spaces: the fields after it are state, ppid, …
      const open = stat.indexOf("(")
      const close = stat.lastIndexOf(") ")
      const fields = stat.slice(close + 2).split(" ")
      // utime and stime: the 14th and 15th fields of the line, the 12th and 13th after the name.
      return [{
        pid: Number(pid),
        parent: Number(fields[1]),
        command: stat.slice(open + 1, close),
        ticks: Number(fields[11]) + Number(fields[12])
      }]
    } catch {
      return [] // exited meanwhile
    }
  })
}

// Linux counts in USER_HZ, 100 per second.
const seconds = (processes: ReadonlyArray<ProcessTicks>) =>
  processes.reduce((sum, process) => sum + process.ticks, 0) / 100

/** CPU seconds spent so far by process `root` and its descendants; undefined where /proc is missing. */
export const cpuSecondsOfTree = (root: number): number | undefined => {
  const processes = processTicks()
  if (processes.length === 0) return undefined
  const inTree = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const process of processes) {
      if (!inTree.has(process.pid) && inTree.has(process.parent)) {
        inTree.add(process.pid)
        grew = true
      }
    }
  }
  return seconds(processes.filter((process) => inTree.has(process.pid)))
}

/**
 * CPU seconds spent so far by every Postgres process of the machine (its
 * backends exit with their connections, so a run must keep its pool open:
 * both servers here do). Undefined where /proc is missing.
 */
export const postgresCpuSeconds = (): number | undefined => {
  const processes = processTicks()
  if (processes.length === 0) return undefined
  return seconds(processes.filter((process) => process.command === "postgres"))
}

export interface Measured extends LoadResult {
  /** CPU µs the server's processes spent per successful request, if known. */
  readonly cpuMicros: number | undefined
  /** CPU µs Postgres spent per successful request, if known (on the embedded database: none). */
  readonly postgresMicros: number | undefined
}

/** Runs `load` and charges it the CPU time of the server's process tree and of Postgres meanwhile. */
export const measured = async (serverPid: number, load: () => Promise<LoadResult>): Promise<Measured> => {
  const before = cpuSecondsOfTree(serverPid)
  const postgresBefore = postgresCpuSeconds()
  const result = await load()
  const after = cpuSecondsOfTree(serverPid)
  const postgresAfter = postgresCpuSeconds()
  const perRequest = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined || result.succeeded === 0
      ? undefined
      : (to - from) * 1e6 / result.succeeded
  return { ...result, cpuMicros: perRequest(before, after), postgresMicros: perRequest(postgresBefore, postgresAfter) }
}

export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((left, right) => left - right)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1
    ? sorted[middle] ?? Number.NaN
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const medianOf = (values: ReadonlyArray<number | undefined>): number | undefined => {
  const known = values.filter((value): value is number => value !== undefined)
  return known.length === values.length ? median(known) : undefined
}

export interface Compared {
  /** The candidate's median round. */
  readonly candidate: Measured
  /** The baseline's median round. */
  readonly baseline: Measured
  /** The median of the rounds' candidate ÷ baseline requests per second. */
  readonly ratio: number
  /** Each round's ratio, in order. */
  readonly ratios: ReadonlyArray<number>
}

/** Each round's ratio, as a report prints it: `0.15, 0.13, 0.22`. */
export const roundsText = (compared: Compared): string => compared.ratios.map((value) => value.toFixed(2)).join(", ")

/** The median of each figure over the rounds (each figure on its own). */
const medianRound = (rounds: ReadonlyArray<Measured>): Measured => ({
  perSecond: median(rounds.map((round) => round.perSecond)),
  p50: median(rounds.map((round) => round.p50)),
  p99: median(rounds.map((round) => round.p99)),
  succeeded: rounds.reduce((sum, round) => sum + round.succeeded, 0),
  failed: rounds.reduce((sum, round) => sum + round.failed, 0),
  cpuMicros: medianOf(rounds.map((round) => round.cpuMicros)),
  postgresMicros: medianOf(rounds.map((round) => round.postgresMicros))
})

/**
 * `rounds` rounds of both measurements, the candidate first in odd rounds and
 * the baseline first in even ones, so that neither always runs on the warmer
 * (or the busier) machine.
 */
export const alternate = async (
  rounds: number,
  candidate: () => Promise<Measured>,
  baseline: () => Promise<Measured>
): Promise<Compared> => {
  const candidates: Array<Measured> = []
  const baselines: Array<Measured> = []
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      candidates.push(await candidate())
      baselines.push(await baseline())
    } else {
      baselines.push(await baseline())
      candidates.push(await candidate())
    }
  }
  const ratios = candidates.map((measuredRound, index) =>
    measuredRound.perSecond / (baselines[index]?.perSecond ?? Number.NaN)
  )
  return { candidate: medianRound(candidates), baseline: medianRound(baselines), ratio: median(ratios), ratios }
}
