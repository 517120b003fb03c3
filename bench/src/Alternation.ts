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
  /** The candidate's rounds, in order. */
  readonly rounds: ReadonlyArray<Measured>
}

/** Each round's ratio, as a report prints it: `0.15, 0.13, 0.22`. */
export const roundsText = (compared: { readonly ratios: ReadonlyArray<number> }): string =>
  compared.ratios.map((value) => value.toFixed(2)).join(", ")

/** The median of each figure over the rounds (each figure on its own). */
export const medianRound = (rounds: ReadonlyArray<Measured>): Measured => ({
  perSecond: median(rounds.map((round) => round.perSecond)),
  p50: median(rounds.map((round) => round.p50)),
  p99: median(rounds.map((round) => round.p99)),
  succeeded: rounds.reduce((sum, round) => sum + round.succeeded, 0),
  failed: rounds.reduce((sum, round) => sum + round.failed, 0),
  cpuMicros: medianOf(rounds.map((round) => round.cpuMicros)),
  postgresMicros: medianOf(rounds.map((round) => round.postgresMicros))
})

/**
 * `rounds` rounds of every measurement, in the order given in even rounds and
 * in the reverse order in odd ones, so that none always runs on the warmer
 * (or the busier) machine; each measurement's rounds, in the order given.
 */
export const rotate = async <A>(
  rounds: number,
  measurements: ReadonlyArray<() => Promise<A>>
): Promise<ReadonlyArray<ReadonlyArray<A>>> => {
  const results = measurements.map((): Array<A> => [])
  const indices = measurements.map((_, index) => index)
  for (let round = 0; round < rounds; round++) {
    for (const index of round % 2 === 0 ? indices : [...indices].reverse()) {
      const measurement = measurements[index]
      if (measurement !== undefined) results[index]?.push(await measurement())
    }
  }
  return results
}

/** The median of the rounds' `numerator` ÷ `denominator` requests per second, and each round's. */
export const roundRatios = (numerator: ReadonlyArray<Measured>, denominator: ReadonlyArray<Measured>) => {
  const ratios = numerator.map((round, index) => round.perSecond / (denominator[index]?.perSecond ?? Number.NaN))
  return { ratio: median(ratios), ratios }
}

/** Each candidate against the one baseline, all of them in the same alternating rounds (`rotate`). */
export const alternateEach = async (
  rounds: number,
  candidates: ReadonlyArray<() => Promise<Measured>>,
  baseline: () => Promise<Measured>
): Promise<ReadonlyArray<Compared>> => {
  const results = await rotate(rounds, [...candidates, baseline])
  const baselines = results[candidates.length] ?? []
  return results.slice(0, candidates.length).map((candidateRounds) => ({
    candidate: medianRound(candidateRounds),
    baseline: medianRound(baselines),
    ...roundRatios(candidateRounds, baselines),
    rounds: candidateRounds
  }))
}

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
  const [compared] = await alternateEach(rounds, [candidate], baseline)
  if (compared === undefined) throw new Error("alternateEach answered no comparison")
  return compared
}

const cpuText = (value: number | undefined) => value === undefined ? "n/a" : value.toFixed(0)

/**
 * Moneta of this checkout against the baseline checkout's, measured in the
 * same rounds: `÷ baseline checkout: requests/s 0.95 (rounds 0.93, 0.95, 1.01),
 * CPU µs/request 820 ÷ 760 = 1.08`.
 */
export const againstBaselineCheckout = (
  current: ReadonlyArray<Measured>,
  baseline: ReadonlyArray<Measured>,
  rateName = "requests/s",
  cpuName = "CPU µs/request"
): string => {
  const perSecond = roundRatios(current, baseline)
  const currentCpu = medianRound(current).cpuMicros
  const baselineCpu = medianRound(baseline).cpuMicros
  const cpuRatio = currentCpu === undefined || baselineCpu === undefined ? "n/a" : (currentCpu / baselineCpu).toFixed(2)
  return `÷ baseline checkout: ${rateName} ${perSecond.ratio.toFixed(2)} (rounds ${roundsText(perSecond)}), ` +
    `${cpuName} ${cpuText(currentCpu)} ÷ ${cpuText(baselineCpu)} = ${cpuRatio}`
}
