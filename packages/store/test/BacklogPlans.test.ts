/**
 * The background workers' statements must not grow with what is still
 * running: on a seeded database (a tenant with 10k webhook deliveries pending
 * until tomorrow, retries of a receiver that is down, and 10k finished ones,
 * beside 10 due now and 10 past the retention, with their attempts and 10k
 * other events; 10k card authorization holds and 10k inbound funds holds
 * ending tomorrow, beside 10 of each that ended; 10k real-time decisions
 * waiting until tomorrow; analyzed), each statement the store really runs
 * reads a bounded number of rows, under the plan Postgres makes for the
 * statement's values and under the generic plan a prepared statement may
 * switch to. Before, a claim with fewer due rows than its limit, the idle
 * dispatcher's next-due query and the decision timeout sweep read every
 * pending row, recording a batch read the whole table, a retention batch
 * hashed every attempt, and a hold sweep read every pending hold still running.
 */
import { describe, expect, layer } from "@effect/vitest"
import { EventCategory } from "@moneta/domain/EventCategory"
import { AccountId, EventId, EventSubscriptionId, GroupId, WebhookAttemptId } from "@moneta/domain/Ids"
import { DateTime, Duration, Effect, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { DueHoldStore } from "../src/DueHolds.js"
import { RealTimeDecisionStore } from "../src/RealTimeDecisions.js"
import { SandboxClockStore } from "../src/SandboxClocks.js"
import * as TestDatabase from "../src/testing.js"
import { type AttemptRecord, WebhookDeliveryStore } from "../src/WebhookDeliveries.js"
import { captured, type CapturedStatement, explainRolledBack } from "./QueryPlans.js"

const backlog = 10_000
const dueNow = 10
const expired = 10
/** Rows a statement may read: the 10 due (or expired, or ended) rows, each read by its scan and again by its write, and a margin. */
const bounded = 60
const tenant = { groupId: GroupId.make("group_outbox_plans"), environment: "sandbox" as const }
const otherTenant = { groupId: GroupId.make("group_outbox_plans_other"), environment: "sandbox" as const }
const eventId = EventId.make("event_outbox_plans")
const accountId = AccountId.make("account_outbox_plans")
const subscriptionId = EventSubscriptionId.make("event_subscription_outbox_plans")
const otherSubscriptionId = EventSubscriptionId.make("event_subscription_outbox_plans_other")
const now = DateTime.makeUnsafe("2026-06-01T12:00:00Z")
const claimToken = "outbox-plans:1"

const seed = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const at = DateTime.toDate(now)
  yield* sql`INSERT INTO groups (id, name, created_at) VALUES (${tenant.groupId}, 'Outbox plans', ${at})`
  yield* sql`INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type,
      associated_object_id)
    VALUES (${eventId}, ${tenant.groupId}, 'sandbox', ${at}, 'wire_transfer.updated', 'wire_transfer', 'wire_plans')`
  // The tenant's other events: the claim joins each delivery's event.
  yield* sql`INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type,
      associated_object_id)
    SELECT 'event_outbox_plans_' || i, ${tenant.groupId}, 'sandbox', ${at}::timestamptz - i * interval '1 second',
      'transaction.created', 'transaction', 'transaction_' || i
    FROM generate_series(1, ${backlog}) AS i`
  yield* sql`INSERT INTO event_subscriptions (id, group_id, environment, created_at, status, shared_secret, body)
    VALUES (${subscriptionId}, ${tenant.groupId}, 'sandbox', ${at}, 'active', 'secret',
      ${JSON.stringify({ url: "https://example.com/hooks" })}::jsonb)`
  const deliveries = (count: number, status: string, dueAt: string, claim: string | null) =>
    sql`INSERT INTO webhook_deliveries (group_id, environment, event_id, event_subscription_id, trigger, status,
        attempt_count, due_at, created_at, claim_token)
      SELECT ${tenant.groupId}, 'sandbox', ${eventId}, ${subscriptionId}, 'event', ${status}, 1,
        ${at}::timestamptz + ${dueAt}::interval + i * interval '1 millisecond', ${at}, ${claim}
      FROM generate_series(1, ${count}) AS i`
  // Another tenant, with a subscription and a few deliveries of its own.
  yield* sql`INSERT INTO groups (id, name, created_at) VALUES (${otherTenant.groupId}, 'Outbox plans, other', ${at})`
  yield* sql`INSERT INTO event_subscriptions (id, group_id, environment, created_at, status, shared_secret, body)
    VALUES (${otherSubscriptionId}, ${otherTenant.groupId}, 'sandbox', ${at}, 'active', 'secret',
      ${JSON.stringify({ url: "https://example.com/other" })}::jsonb)`
  yield* sql`INSERT INTO webhook_deliveries (group_id, environment, event_id, event_subscription_id, trigger, status,
      attempt_count, due_at, created_at)
    SELECT ${otherTenant.groupId}, 'sandbox', ${eventId}, ${otherSubscriptionId}, 'event', 'pending', 0,
      ${at}::timestamptz - interval '1 minute', ${at}
    FROM generate_series(1, 5)`
  yield* deliveries(backlog, "pending", "1 day", null)
  yield* deliveries(backlog, "succeeded", "-1 day", null)
  yield* deliveries(dueNow, "pending", "-1 minute", claimToken)
  // And 10 past the retention (31 days old).
  yield* sql`INSERT INTO webhook_deliveries (group_id, environment, event_id, event_subscription_id, trigger, status,
      attempt_count, due_at, created_at)
    SELECT ${tenant.groupId}, 'sandbox', ${eventId}, ${subscriptionId}, 'event', 'succeeded', 1,
      ${at}::timestamptz - interval '31 days', ${at}::timestamptz - interval '31 days'
    FROM generate_series(1, ${expired}) AS i`
  // The finished deliveries' attempts, as old as they are.
  yield* sql`INSERT INTO webhook_attempts
      (id, group_id, environment, created_at, delivery_id, event_id, event_subscription_id, status, body)
    SELECT 'webhook_attempt_outbox_plans_old_' || id, group_id, environment, created_at, id,
      event_id, event_subscription_id, 'succeeded', '{}'::jsonb
    FROM webhook_deliveries WHERE status = 'succeeded'`
  // Holds still running (until tomorrow) and 10 of each kind that ended a minute ago.
  yield* sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
    VALUES (${accountId}, ${tenant.groupId}, 'sandbox', ${at}, 'open', '{}'::jsonb)`
  const holds = (category: string, count: number, endsIn: string, prefix: string) =>
    sql`INSERT INTO pending_transactions (id, group_id, environment, created_at, account_id, amount, held_amount,
        status, category, route_id, body, releases_at)
      SELECT ${`pending_transaction_${prefix}_`} || i, ${tenant.groupId}, 'sandbox', ${at}::timestamptz - interval '1 day',
        ${accountId}, -100, 100, 'pending', ${category}, NULL, '{}'::jsonb,
        ${at}::timestamptz + ${endsIn}::interval + i * interval '1 millisecond'
      FROM generate_series(1, ${count}) AS i`
  for (const category of ["card_authorization", "inbound_funds_hold"]) {
    yield* holds(category, backlog, "1 day", `${category}_running`)
    yield* holds(category, dueNow, "-1 minute", `${category}_ended`)
  }
  // Real-time decisions waiting for their answer until tomorrow; none timed out.
  yield* sql`INSERT INTO real_time_decisions (id, group_id, environment, created_at, category, status, timeout_at, body)
    SELECT 'real_time_decision_outbox_plans_' || i, ${tenant.groupId}, 'sandbox', ${at}, 'card_authorization_requested',
      'pending', ${at}::timestamptz + interval '1 day' + i * interval '1 millisecond', '{}'::jsonb
    FROM generate_series(1, ${backlog}) AS i`
  yield* sql`ANALYZE`
})

/** The ids of the deliveries due now. */
const dueIds = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`SELECT id::text AS id FROM webhook_deliveries
    WHERE status = 'pending' AND due_at <= ${DateTime.toDate(now)} ORDER BY id`
  return yield* Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ id: Schema.String })))(rows)
})

const attemptOf = (deliveryId: string, index: number): AttemptRecord => ({
  deliveryId,
  claimToken,
  tenant,
  attempt: {
    id: WebhookAttemptId.make(`webhook_attempt_outbox_plans_${index}`),
    created_at: now,
    event_id: eventId,
    event_category: Schema.decodeUnknownSync(EventCategory)("wire_transfer.updated"),
    event_subscription_id: subscriptionId,
    url: "https://example.com/hooks",
    trigger: "event",
    attempt_number: 2,
    status: "failed",
    failure_reason: "connection_failed",
    response_status_code: null,
    response_body: null,
    duration_ms: 3,
    next_attempt_at: DateTime.add(now, { hours: 1 }),
    type: "webhook_attempt"
  },
  next: Option.some(DateTime.add(now, { hours: 1 }))
})

interface Case {
  readonly name: string
  readonly statements: Effect.Effect<ReadonlyArray<CapturedStatement>, unknown, SqlClient.SqlClient>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "a claim that finds fewer due deliveries than its limit",
    statements: captured(WebhookDeliveryStore.make, (store) =>
      store.claim({
        environment: "sandbox",
        now,
        leaseEnd: DateTime.add(now, { minutes: 1 }),
        claimToken: "outbox-plans:2",
        limit: 100,
        maxClaims: 5
      }))
  },
  {
    name: "the idle dispatcher's next due time",
    statements: captured(
      WebhookDeliveryStore.make,
      (store) => store.nextDueAt("sandbox", DateTime.add(now, { seconds: 2 }))
    )
  },
  {
    name: "recording a batch of attempts",
    statements: Effect.flatMap(dueIds, (ids) =>
      captured(
        WebhookDeliveryStore.make,
        (store) => store.record(ids.map((row, index) => attemptOf(row.id, index)))
      ))
  },
  {
    name: "the card authorization holds that ended",
    statements: captured(DueHoldStore.make, (holds) => holds.cardAuthorizations.due("sandbox", now, 100))
  },
  {
    name: "the inbound funds holds that ended",
    statements: captured(DueHoldStore.make, (holds) => holds.inboundFundsHolds.due("sandbox", now, 100))
  },
  {
    // Asked every 20 ms while a sandbox clock advance waits for the deliveries it made due.
    name: "another tenant's deliveries a clock advance waits for",
    statements: captured(SandboxClockStore.make, (clocks) => clocks.deliveriesOwed(otherTenant, now))
  },
  {
    name: "the real-time decisions that timed out",
    statements: captured(RealTimeDecisionStore.make, (decisions) => decisions.lockDue("sandbox", now, 100))
  },
  {
    name: "a retention sweep's batch",
    statements: captured(WebhookDeliveryStore.make, (store) =>
      store.deleteExpired({
        environment: "sandbox",
        before: DateTime.subtract(now, { days: 30 }),
        limit: 1_000
      }))
  }
]

/** The tables whose rows the statements must not read past. */
const relations = ["webhook_deliveries", "webhook_attempts", "events", "pending_transactions", "real_time_decisions"]

for (const kind of TestDatabase.testDatabases) {
  describe(`the background workers' statements with a backlog (${kind})`, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("seeds and analyzes the backlog", () => seed, Duration.toMillis(TestDatabase.timeout))

      for (const testCase of cases) {
        for (const generic of [false, true]) {
          it.effect(`${testCase.name} (${generic ? "generic" : "custom"} plan)`, () =>
            Effect.gen(function*() {
              const statements = yield* testCase.statements
              expect(statements.length).toBeGreaterThan(0)
              const plans = yield* explainRolledBack(statements, relations, { genericPlan: generic })
              for (const plan of plans) {
                const message = `${testCase.name}: ${plan.text}`
                expect(plan.scans, message).not.toContain("Seq Scan")
                expect(plan.rowsRead, message).toBeLessThanOrEqual(bounded)
              }
            }))
        }
      }
    })
  })
}
