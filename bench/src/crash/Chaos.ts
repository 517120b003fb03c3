/**
 * The faults, at random moments of the load (from the run's seed): SIGKILLs
 * of one server at a time (each followed by a start, after up to 2 s; half of
 * them aimed at a server while a card authorization sent to it is under way,
 * 50 to 500 ms after it was sent: its key is claimed, its decision raised or
 * being answered), and, independently of them, Postgres crashes
 * (`pg_ctl stop -m immediate`, then a start: crash recovery from the WAL;
 * half of them aimed so too) and one outage (`-m fast`, stopped for
 * `outageSeconds`, started again). The two timelines overlap freely, so
 * a server may start while Postgres is down or recovering.
 */
import type { Cluster } from "../Postgres.js"
import type { Client } from "./Client.js"
import type { Random } from "./Random.js"
import type { Servers } from "./Servers.js"
import type { Timeline } from "./Timeline.js"

export interface Plan {
  /** When each SIGKILL comes, in ms since the load started. */
  readonly kills: ReadonlyArray<number>
  readonly postgres: ReadonlyArray<{ readonly at: number; readonly kind: "crash" | "outage" }>
}

export interface FaultCounts {
  postgresCrashes: number
  outages: number
  /** How long Postgres was down in the outage, as measured (stop to accepting again). */
  outageSeconds: number
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, milliseconds)))

const sortedTimes = (count: number, from: number, to: number, random: Random) =>
  Array.from({ length: count }, () => from + random.next() * (to - from)).sort((left, right) => left - right)

export const plan = (
  options: {
    readonly durationSeconds: number
    readonly kills: number
    readonly postgresCrashes: number
    readonly outageSeconds: number
  },
  random: Random
): Plan => {
  const duration = options.durationSeconds * 1000
  const outage = options.outageSeconds * 1000
  const crashes = sortedTimes(options.postgresCrashes, 0.1 * duration, 0.85 * duration, random)
    .map((at) => ({ at, kind: "crash" as const }))
  const outages = outage > 0
    ? [{ at: 0.2 * duration + random.next() * (0.6 * duration - outage), kind: "outage" as const }]
    : []
  return {
    kills: sortedTimes(options.kills, 0.05 * duration, 0.9 * duration, random),
    postgres: [...crashes, ...outages].sort((left, right) => left.at - right.at)
  }
}

/** A card authorization under way for at least `ageMs` (to a server `eligible` accepts), waiting up to 5 s for one. */
const aim = async (client: Client, ageMs: number, eligible: (port: number) => boolean) => {
  const deadline = Date.now() + 5_000
  while (Date.now() < deadline) {
    const now = Date.now()
    const target = client.inFlight().find((flight) =>
      flight.kind === "card authorization" && now - flight.since >= ageMs && eligible(flight.port)
    )
    if (target !== undefined) return { port: target.port, ageMs: now - target.since }
    await sleep(10)
  }
  return undefined
}

/** Runs the kills of `plan` from `started` (ms since the epoch); resolves once the last killed server serves again. */
export const killServers = async (
  kills: ReadonlyArray<number>,
  started: number,
  servers: Servers,
  client: Client,
  random: Random,
  timeline: Timeline
): Promise<void> => {
  for (const at of kills) {
    await sleep(started + at - Date.now())
    const running = servers.slots.filter((slot) => slot.child !== undefined)
    if (running.length === 0) continue
    const target = random.chance(0.5)
      ? await aim(
        client,
        random.between(50, 500),
        (port) => servers.slots.some((slot) => slot.port === port && slot.child !== undefined)
      )
      : undefined
    const aimed = servers.slots.find((slot) => slot.port === target?.port)
    if (aimed !== undefined) {
      timeline.note(
        `aiming at server ${aimed.name}: a card authorization sent to it ${target?.ageMs} ms ago is under way`
      )
    }
    const slot = aimed ?? random.pick(running)
    await servers.kill(slot)
    await sleep(random.between(0, 2_000))
    await servers.start(slot)
  }
}

/** Runs the Postgres faults of `plan` from `started`. */
export const crashPostgres = async (
  faults: Plan["postgres"],
  started: number,
  outageMs: number,
  cluster: Cluster,
  counts: FaultCounts,
  client: Client,
  random: Random,
  timeline: Timeline
): Promise<void> => {
  for (const fault of faults) {
    await sleep(started + fault.at - Date.now())
    if (fault.kind === "crash" && random.chance(0.5)) {
      const target = await aim(client, random.between(50, 500), () => true)
      if (target !== undefined) timeline.note(`aiming at a card authorization under way for ${target.ageMs} ms`)
    }
    const stopped = Date.now()
    if (fault.kind === "crash") {
      await cluster.halt("immediate")
      timeline.note("Postgres stopped with -m immediate (a crash)")
      await cluster.start()
      counts.postgresCrashes++
      timeline.note(
        `Postgres accepts connections again after crash recovery (${((Date.now() - stopped) / 1000).toFixed(1)} s down)`
      )
    } else {
      await cluster.halt("fast")
      timeline.note(`Postgres stopped with -m fast: an outage of ${outageMs / 1000} s begins`)
      await sleep(outageMs)
      await cluster.start()
      counts.outages++
      counts.outageSeconds = (Date.now() - stopped) / 1000
      timeline.note(`Postgres accepts connections again after the outage (${counts.outageSeconds.toFixed(1)} s down)`)
    }
  }
}
