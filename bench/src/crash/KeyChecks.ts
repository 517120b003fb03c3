/**
 * The checks per idempotency key, against the database: every request
 * answered; no key in progress; the record of each acknowledged key stored
 * with its answer, one object per key in its table and per kind overall;
 * per card authorization key one decision, at most one card payment and one
 * outcome (hold or decline), the outcome being the answer the receiver got
 * acknowledged.
 */
import { type Client, identityOf, isRecord, type KeyRecord, trailOf } from "./Client.js"
import { type Database, groupBy } from "./Database.js"
import type { Findings } from "./Findings.js"
import type { Ledger, Setup } from "./Load.js"
import type { Receiver } from "./Receiver.js"

/** What a key's attempts met, when, on which server: `102.2 s A: network error; 103.1 s B: 409 in progress ×105`. */
export const history = (record: KeyRecord): string => trailOf(record)

export const describe = (record: KeyRecord): string =>
  `${record.kind} ${record.request.method} ${record.request.path} (key ${record.key})`

const acknowledged = (record: KeyRecord | undefined) => record?.final !== undefined && record.final.status < 300

const unanswered = (record: KeyRecord | undefined) => record !== undefined && record.final === undefined

export interface KeyCheckInput {
  readonly db: Database
  readonly groupId: string
  /** The run's accounts and lockbox address: the group also holds what the server's first run seeds. */
  readonly setup: Setup
  readonly client: Client
  readonly ledger: Ledger
  readonly receiver: Receiver
  readonly findings: Findings
  readonly requestBoundSeconds: number
  /** When the run started (ms since the epoch): times in messages are seconds of the run. */
  readonly runStarted: number
}

export const checkAnswered = ({ client, findings, requestBoundSeconds }: KeyCheckInput) => {
  for (const record of client.keys.values()) {
    findings.checked("answered")
    findings.checked("sameAnswer")
    if (record.final === undefined) {
      findings.violation(
        "answered",
        `${describe(record)}: no final answer within ${requestBoundSeconds} s, ${record.attempts} attempts: ${
          history(record)
        }`
      )
    }
    if (record.identities.size > 1) {
      findings.violation("sameAnswer", `${describe(record)}: answered with ${[...record.identities].join(" and ")}`)
    }
  }
}

interface RecordRow extends Record<string, unknown> {
  readonly key: string
  readonly status: number
  readonly resource_id: string | null
  readonly seconds: string
  readonly row: Record<string, unknown>
}

/** Keys in progress (any group: a seeded one too), with what the harness knows of each. */
export const checkInProgress = async ({ db, client, findings, runStarted }: KeyCheckInput) => {
  const rows = await db.query<RecordRow>(
    `SELECT key, status, resource_id, extract(epoch FROM now() - created_at)::text AS seconds,
       to_jsonb(r) - 'response' - 'fingerprint' AS row
     FROM idempotency_records AS r WHERE status <= 0 ORDER BY created_at`
  )
  findings.checked("inProgress", client.keys.size)
  if (rows.length === 0) return
  const decisions = groupBy(
    await db.query<{ key: string; row: Record<string, unknown> }>(
      `SELECT idempotency_key AS key, to_jsonb(d) - 'body' AS row FROM real_time_decisions AS d
       WHERE idempotency_key = ANY($1) ORDER BY created_at`,
      [rows.map((row) => row.key)]
    ),
    (row) => row.key
  )
  for (const row of rows) {
    const record = client.keys.get(row.key)
    const known = record === undefined
      ? "a key the harness did not send"
      : `${describe(record)}, final answer ${
        record.final === undefined ? "none" : `${record.final.status} ${identityOf(record.final.body)}`
      }; its ${record.attempts} attempts: ${history(record)}`
    const claimedAt = (Date.now() - runStarted) / 1000 - Number(row.seconds)
    findings.violation(
      "inProgress",
      `key ${row.key}: status ${row.status} since its claim at ${claimedAt.toFixed(1)} s of the run (${
        Number(row.seconds).toFixed(0)
      } s ago); ${known}\n` +
        `      record: ${JSON.stringify(row.row)}\n` +
        `      decisions: ${JSON.stringify((decisions.get(row.key) ?? []).map((decision) => decision.row))}`
    )
  }
}

/** Object tables keyed by the idempotency key of the request that made the row. */
const tables: Record<string, string> = {
  "wire transfer": "wire_transfers",
  "entry set": "bookkeeping_entry_sets"
}

export const checkObjects = async ({ db, groupId, client, ledger, setup, findings }: KeyCheckInput) => {
  const records = [...client.keys.values()]
  const stored = new Map(
    (await db.query<RecordRow>(
      `SELECT key, status, resource_id, '0' AS seconds, '{}'::jsonb AS row FROM idempotency_records
       WHERE group_id = $1 AND key = ANY($2)`,
      [groupId, records.map((record) => record.key)]
    )).map((row) => [row.key, row])
  )
  for (const record of records) {
    findings.checked("oneObject")
    const row = stored.get(record.key)
    const final = record.final
    if (final === undefined || row === undefined && final.status >= 300) continue
    if (final.status >= 300) {
      if (row !== undefined && row.status > 0) {
        findings.violation(
          "oneObject",
          `${describe(record)}: refused ${final.status}, yet a response ${row.status} is stored`
        )
      }
      continue
    }
    if (row === undefined) {
      findings.violation(
        "oneObject",
        `${describe(record)}: answered ${final.status}, but no idempotency record is stored`
      )
    } else if (row.status > 0 && row.status !== final.status) {
      findings.violation("oneObject", `${describe(record)}: answered ${final.status}, the record stores ${row.status}`)
    } else if (typeof final.body.id === "string" && row.resource_id !== null && row.resource_id !== final.body.id) {
      findings.violation(
        "oneObject",
        `${describe(record)}: answered ${final.body.id}, the record is tied to ${row.resource_id}`
      )
    }
  }

  // Per key, in the object's own table: one row for an acknowledged key, none for a refused one.
  for (const [kind, table] of Object.entries(tables)) {
    const keys = records.filter((record) => record.kind === kind)
    const counts = new Map(
      (await db.query<{ key: string; rows: number }>(
        `SELECT idempotency_key AS key, count(*)::int AS rows FROM ${table}
         WHERE group_id = $1 AND idempotency_key = ANY($2) GROUP BY idempotency_key`,
        [groupId, keys.map((record) => record.key)]
      )).map((row) => [row.key, row.rows])
    )
    for (const record of keys) {
      const rows = counts.get(record.key) ?? 0
      const expected = acknowledged(record) ? [1] : unanswered(record) ? [0, 1] : [0]
      if (!expected.includes(rows)) {
        findings.violation(
          "oneObject",
          `${describe(record)}: ${rows} rows in ${table} (answered ${record.final?.status ?? "never"}; ${
            history(record)
          })`
        )
      }
    }
  }

  // No key twice in any table that keeps keys (decisions are judged per card authorization key).
  const keyTables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE column_name = 'idempotency_key' AND table_schema = 'public' AND table_name <> 'real_time_decisions'`
  )
  for (const { table_name } of keyTables) {
    const duplicates = await db.query<{ key: string; rows: number }>(
      `SELECT idempotency_key AS key, count(*)::int AS rows FROM "${table_name}"
       WHERE idempotency_key IS NOT NULL GROUP BY group_id, environment, idempotency_key HAVING count(*) > 1`
    )
    for (const duplicate of duplicates) {
      findings.violation("oneObject", `${table_name}: key ${duplicate.key} stored ${duplicate.rows} times`)
    }
  }

  // Objects without a key column, counted per kind: acknowledged ≤ in the database ≤ acknowledged + unanswered.
  const unansweredOf = (...kinds: ReadonlyArray<string>) =>
    records.filter((record) => kinds.includes(record.kind) && unanswered(record)).length
  const count = async (text: string, scope: unknown = setup.accounts) =>
    (await db.query<{ rows: number }>(text, [groupId, scope]))[0]?.rows ?? 0
  const cardKeys = [...ledger.cardAuthorizations.keys()].map((key) => client.keys.get(key))
  const kinds: ReadonlyArray<readonly [string, number, number, number]> = [
    [
      "interest payment transactions",
      ledger.creditCounts.get("interest_payment") ?? 0,
      unansweredOf("interest payment"),
      await count(
        `SELECT count(*)::int AS rows FROM transactions
         WHERE group_id = $1 AND account_id = ANY($2) AND category = 'interest_payment'`
      )
    ],
    [
      "inbound mail items",
      ledger.mailItems,
      unansweredOf("mail deposit", "mail to lockbox"),
      await count(
        "SELECT count(*)::int AS rows FROM inbound_mail_items WHERE group_id = $1 AND lockbox_address_id = $2",
        setup.lockboxAddress
      )
    ],
    [
      "check deposits",
      ledger.mailDeposits,
      unansweredOf("mail deposit", "mail action"),
      await count("SELECT count(*)::int AS rows FROM check_deposits WHERE group_id = $1 AND account_id = ANY($2)")
    ],
    [
      "check deposit transactions",
      ledger.creditCounts.get("check_deposit_acceptance") ?? 0,
      unansweredOf("mail deposit", "mail action"),
      await count(
        `SELECT count(*)::int AS rows FROM transactions
         WHERE group_id = $1 AND account_id = ANY($2) AND category = 'check_deposit_acceptance'`
      )
    ],
    [
      "card payments",
      cardKeys.filter(acknowledged).length,
      cardKeys.filter(unanswered).length,
      await count("SELECT count(*)::int AS rows FROM card_payments WHERE group_id = $1 AND account_id = ANY($2)")
    ]
  ]
  for (const [what, acknowledgedCount, unansweredCount, inDatabase] of kinds) {
    findings.checked("oneObject")
    if (inDatabase < acknowledgedCount || inDatabase > acknowledgedCount + unansweredCount) {
      findings.violation(
        "oneObject",
        `${what}: ${acknowledgedCount} acknowledged${
          unansweredCount > 0 ? ` (+${unansweredCount} unanswered)` : ""
        }, ${inDatabase} in the database`
      )
    }
  }
}

interface DecisionRow extends Record<string, unknown> {
  readonly key: string | null
  readonly id: string
  readonly status: string
  readonly payment: string | null
  readonly row: Record<string, unknown>
}

interface OutcomeRow extends Record<string, unknown> {
  readonly id: string
  readonly status: string
  readonly amount: string
  readonly payment: string | null
  readonly decision: string | null
  readonly reason: string | null
}

/** What a card authorization's answer says happened: "approved" or the decline reason. */
const answered = (body: Record<string, unknown>): string => {
  if (isRecord(body.pending_transaction)) return "approved"
  const declined = body.declined_transaction
  const source = isRecord(declined) && isRecord(declined.source) ? declined.source.card_decline : undefined
  return isRecord(source) && typeof source.reason === "string" ? `declined ${source.reason}` : "no outcome"
}

export const checkCardAuthorizations = async (
  { db, groupId, client, ledger, receiver, setup, findings }: KeyCheckInput
) => {
  const decisions = await db.query<DecisionRow>(
    `SELECT idempotency_key AS key, id, status, body->'card_authorization'->>'upcoming_card_payment_id' AS payment,
       to_jsonb(d) - 'body' AS row
     FROM real_time_decisions AS d WHERE group_id = $1 AND category = 'card_authorization_requested'
     ORDER BY created_at`,
    [groupId]
  )
  const holds = await db.query<OutcomeRow>(
    `SELECT id, status, amount::text, body->'source'->'card_authorization'->>'card_payment_id' AS payment,
       body->'source'->'card_authorization'->>'real_time_decision_id' AS decision, NULL AS reason
     FROM pending_transactions WHERE group_id = $1 AND account_id = ANY($2) AND category = 'card_authorization'`,
    [groupId, setup.accounts]
  )
  const declines = await db.query<OutcomeRow>(
    `SELECT id, 'declined' AS status, (body->>'amount') AS amount,
       body->'source'->'card_decline'->>'card_payment_id' AS payment,
       body->'source'->'card_decline'->>'real_time_decision_id' AS decision,
       body->'source'->'card_decline'->>'reason' AS reason
     FROM declined_transactions WHERE group_id = $1 AND account_id = ANY($2) AND category = 'card_decline'`,
    [groupId, setup.accounts]
  )
  const payments = new Set(
    (await db.query<{ id: string }>("SELECT id FROM card_payments WHERE group_id = $1", [groupId])).map((row) => row.id)
  )
  const decisionsByKey = groupBy(decisions, (row) => row.key ?? "")
  const claimed = new Set<string>()

  for (const key of ledger.cardAuthorizations.keys()) {
    const record = client.keys.get(key)
    if (record === undefined) continue
    findings.checked("cardKeys")
    const own = decisionsByKey.get(key) ?? []
    const decisionIds = new Set(own.map((row) => row.id))
    const paymentIds = new Set(
      own.flatMap((row) => (row.payment !== null && payments.has(row.payment) ? [row.payment] : []))
    )
    const linked = (row: OutcomeRow) =>
      (row.decision !== null && decisionIds.has(row.decision)) || (row.payment !== null && paymentIds.has(row.payment))
    const ownHolds = holds.filter(linked)
    const ownDeclines = declines.filter(linked)
    for (const row of [...ownHolds, ...ownDeclines]) claimed.add(row.id)
    const problems: Array<string> = []
    const isAcknowledged = acknowledged(record)
    if (isAcknowledged ? own.length !== 1 : own.length > 1) problems.push(`${own.length} decisions`)
    if (paymentIds.size > 1) problems.push(`${paymentIds.size} card payments`)
    if (ownHolds.length > 1) problems.push(`${ownHolds.length} holds`)
    if (ownHolds.length + ownDeclines.length > 1) {
      problems.push(`${ownHolds.length + ownDeclines.length} outcomes (holds and declines)`)
    }
    if (isAcknowledged && ownHolds.length + ownDeclines.length === 0) problems.push("no outcome applied")
    const final = record.final
    if (isAcknowledged && final !== undefined) {
      const identity = identityOf(final.body)
      const outcomes = [
        ...ownHolds.map((row) => `pending_transaction ${row.id}`),
        ...ownDeclines.map((row) => `declined_transaction ${row.id}`)
      ]
      if (!outcomes.includes(identity)) {
        problems.push(`the answer names ${identity}, not one of [${outcomes.join(", ")}]`)
      }
    }
    if (problems.length > 0) {
      findings.violation(
        "cardKeys",
        `card authorization key ${key}: ${problems.join("; ")} (answered ${
          final === undefined ? "never" : `${final.status} ${answered(final.body)}`
        }; ${history(record)})\n` +
          `      decisions: ${JSON.stringify(own.map((row) => row.row))}\n` +
          `      holds: ${JSON.stringify(ownHolds)}\n      declines: ${JSON.stringify(ownDeclines)}`
      )
    }

    // The outcome is the receiver's acknowledged answer (approve, decline), or a timeout when it had none.
    const decision = own[0]
    if (!isAcknowledged || final === undefined || own.length !== 1 || decision === undefined) continue
    findings.checked("decisions")
    const answer = receiver.decisions.get(decision.id)
    const expected = answer?.status === 200
      ? answer.choice === "approve" ? "approved" : "declined webhook_declined"
      : "declined webhook_timed_out"
    const got = answered(final.body)
    if (got !== expected) {
      findings.violation(
        "decisions",
        `card authorization key ${key}, decision ${decision.id} (${decision.status}): the receiver ${
          answer === undefined
            ? "never got it"
            : `answered ${answer.choice}, /action ${answer.status ?? "unanswered"}${
              answer.detail === undefined ? "" : ` (${answer.detail})`
            }`
        }; the authorization was ${got}, expected ${expected}`
      )
    }
  }
  // Every hold or decline of a card authorization belongs to one of the harness's keys.
  for (const row of [...holds, ...declines]) {
    findings.checked("cardKeys")
    if (!claimed.has(row.id)) {
      findings.violation(
        "cardKeys",
        `${
          row.status === "declined" ? "decline" : "hold"
        } ${row.id} (${row.status}, ${row.amount}, decision ${row.decision}, card payment ${row.payment}) belongs to no card authorization key of the run`
      )
    }
  }
}
