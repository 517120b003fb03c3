/**
 * The webhook checks: every event of the run (since the subscription to
 * every event) reached the receiver at least once; every delivery row of the
 * run's two subscriptions finished `succeeded`; every attempt recorded as
 * succeeded was received; every receipt is an event of the database. The
 * counts (events, deliveries, attempts, receipts, duplicates) are reported.
 */
import type { Database } from "./Database.js"
import type { Findings } from "./Findings.js"
import type { Setup } from "./Load.js"
import type { Receiver } from "./Receiver.js"

export interface DeliveryCounts {
  readonly events: number
  readonly deliveries: ReadonlyMap<string, number>
  readonly attempts: ReadonlyMap<string, number>
  readonly receipts: number
  readonly distinct: number
}

const sample = (items: ReadonlyArray<string>, count = 10) =>
  `${items.slice(0, count).join("\n      ")}${items.length > count ? `\n      … and ${items.length - count} more` : ""}`

interface EventRow extends Record<string, unknown> {
  readonly id: string
  readonly category: string
}

const eventsOfRun = (db: Database, groupId: string, setup: Setup) =>
  db.query<EventRow>(
    "SELECT id, category FROM events WHERE group_id = $1 AND created_at >= $2 ORDER BY created_at",
    [groupId, setup.subscribedAt]
  )

/** Whether every event of the run was received and no delivery is still pending (the end waits for this). */
export const deliveriesSettled = async (db: Database, groupId: string, setup: Setup, receiver: Receiver) => {
  const pending = await db.query<{ rows: number }>(
    "SELECT count(*)::int AS rows FROM webhook_deliveries WHERE event_subscription_id = ANY($1) AND status = 'pending'",
    [setup.subscriptions]
  )
  if ((pending[0]?.rows ?? 0) > 0) return false
  return (await eventsOfRun(db, groupId, setup)).every((event) => receiver.receipts.has(event.id))
}

export const checkDeliveries = async (
  db: Database,
  groupId: string,
  setup: Setup,
  receiver: Receiver,
  findings: Findings
): Promise<DeliveryCounts> => {
  const events = await eventsOfRun(db, groupId, setup)
  const deliveries = await db.query<{ id: string; event_id: string; status: string; attempt_count: number }>(
    `SELECT id::text, event_id, status, attempt_count FROM webhook_deliveries WHERE event_subscription_id = ANY($1)`,
    [setup.subscriptions]
  )
  const attempts = await db.query<{ event_id: string; status: string; reason: string | null; code: string | null }>(
    `SELECT event_id, status, body->>'failure_reason' AS reason, body->>'response_status_code' AS code
     FROM webhook_attempts WHERE event_subscription_id = ANY($1)`,
    [setup.subscriptions]
  )
  const attemptsOf = new Map<string, Array<string>>()
  for (const attempt of attempts) {
    const list = attemptsOf.get(attempt.event_id) ?? []
    list.push(
      `${attempt.status}${attempt.reason === null ? "" : ` ${attempt.reason}`}${
        attempt.code === null ? "" : ` ${attempt.code}`
      }`
    )
    attemptsOf.set(attempt.event_id, list)
  }
  const deliveryOf = new Map(deliveries.map((delivery) => [delivery.event_id, delivery]))

  findings.checked("events", events.length)
  const missing = events.filter((event) => !receiver.receipts.has(event.id)).map((event) => {
    const delivery = deliveryOf.get(event.id)
    return `${event.id} (${event.category}): ${
      delivery === undefined
        ? "no delivery row for the run's subscriptions"
        : `delivery ${delivery.status}, attempts [${(attemptsOf.get(event.id) ?? []).join(", ")}]`
    }`
  })
  if (missing.length > 0) {
    findings.violation(
      "events",
      `${missing.length} of ${events.length} events never received:\n      ${sample(missing)}`
    )
  }

  findings.checked("deliveries", deliveries.length)
  const unfinished = deliveries.filter((delivery) => delivery.status !== "succeeded").map((delivery) =>
    `delivery ${delivery.id} of ${delivery.event_id}: ${delivery.status} after ${delivery.attempt_count} attempts [${
      (attemptsOf.get(delivery.event_id) ?? []).join(", ")
    }]`
  )
  if (unfinished.length > 0) {
    findings.violation("deliveries", `${unfinished.length} deliveries not succeeded:\n      ${sample(unfinished)}`)
  }
  const unreceived = attempts.filter((attempt) =>
    attempt.status === "succeeded" && !receiver.receipts.has(attempt.event_id)
  )
    .map((attempt) => attempt.event_id)
  if (unreceived.length > 0) {
    findings.violation(
      "deliveries",
      `${unreceived.length} attempts recorded succeeded that the receiver never got:\n      ${sample(unreceived)}`
    )
  }
  const known = new Set(events.map((event) => event.id))
  const strangers = [...receiver.receipts.keys()].filter((id) => !known.has(id))
  if (strangers.length > 0) {
    findings.violation("deliveries", `${strangers.length} receipts of no event of the run:\n      ${sample(strangers)}`)
  }

  const tally = (values: ReadonlyArray<string>) => {
    const counts = new Map<string, number>()
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
    return counts
  }
  return {
    events: events.length,
    deliveries: tally(deliveries.map((delivery) => delivery.status)),
    attempts: tally(attempts.map((attempt) => attempt.status)),
    receipts: [...receiver.receipts.values()].reduce((sum, count) => sum + count, 0),
    distinct: receiver.receipts.size
  }
}
