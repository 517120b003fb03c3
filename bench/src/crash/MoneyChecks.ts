/**
 * The money checks. Per account, the balances the API reports against the
 * rows (current = Σ transactions, available = current + Σ pending holds,
 * holds being negative), and both against what the clients were told: per
 * transaction category, the acknowledged credits, and the debits of the
 * acknowledged wires that posted; per hold category, the acknowledged wires
 * awaiting approval and the approved card authorizations. Each wire's status
 * against its hold and transaction; bookkeeping balances against the
 * acknowledged entries.
 */
import { type Client, isRecord, required } from "./Client.js"
import type { Database } from "./Database.js"
import type { Findings } from "./Findings.js"
import type { Ledger, Setup } from "./Load.js"

export interface MoneyCheckInput {
  readonly db: Database
  readonly groupId: string
  readonly client: Client
  readonly ledger: Ledger
  readonly setup: Setup
  readonly findings: Findings
}

interface WireRow extends Record<string, unknown> {
  readonly id: string
  readonly status: string
  readonly hold: string | null
  readonly transaction: string | null
}

const read = async (client: Client, path: string) =>
  required(await client.send({ kind: "read", method: "GET", path }), path)

/** `account category` → Σ amount, from rows of (account_id, category, sum). */
const sums = (rows: ReadonlyArray<{ account_id: string; category: string; total: string }>) =>
  new Map(rows.map((row) => [`${row.account_id} ${row.category}`, Number(row.total)]))

export const checkMoney = async ({ db, groupId, client, ledger, setup, findings }: MoneyCheckInput) => {
  const wires = new Map(
    (await db.query<WireRow>(
      `SELECT id, status, body->>'pending_transaction_id' AS hold, body->>'transaction_id' AS transaction
       FROM wire_transfers WHERE group_id = $1 AND account_id = ANY($2)`,
      [groupId, setup.accounts]
    )).map((row) => [row.id, row])
  )
  const holdStatus = new Map(
    (await db.query<{ id: string; status: string }>(
      `SELECT id, status FROM pending_transactions
       WHERE group_id = $1 AND account_id = ANY($2) AND category = 'wire_transfer_instruction'`,
      [groupId, setup.accounts]
    )).map((row) => [row.id, row.status])
  )
  const transactions = sums(
    await db.query(
      `SELECT account_id, category, sum(amount)::text AS total FROM transactions
       WHERE group_id = $1 AND account_id = ANY($2) GROUP BY account_id, category`,
      [groupId, setup.accounts]
    )
  )
  const holds = sums(
    await db.query(
      `SELECT account_id, category, sum(amount)::text AS total FROM pending_transactions
       WHERE group_id = $1 AND account_id = ANY($2) AND status = 'pending' GROUP BY account_id, category`,
      [groupId, setup.accounts]
    )
  )

  // What the clients were told, per account and category.
  const expectedTransactions = new Map<string, number>()
  const expectedHolds = new Map<string, number>()
  const add = (map: Map<string, number>, key: string, amount: number) => map.set(key, (map.get(key) ?? 0) + amount)
  for (const [accountId, categories] of ledger.credits) {
    for (const [category, amount] of categories) add(expectedTransactions, `${accountId} ${category}`, amount)
  }
  for (const [id, wire] of ledger.wires) {
    const row = wires.get(id)
    if (row === undefined) continue // judged by the per-key checks
    if (row.transaction !== null) add(expectedTransactions, `${wire.accountId} wire_transfer_intention`, -wire.amount)
    if (row.status === "pending_approval") {
      add(expectedHolds, `${wire.accountId} wire_transfer_instruction`, -wire.amount)
    }
  }
  for (const [key, authorization] of ledger.cardAuthorizations) {
    const final = client.keys.get(key)?.final
    const hold = final !== undefined && final.status < 300 ? final.body.pending_transaction : undefined
    if (isRecord(hold) && typeof hold.amount === "number") {
      add(expectedHolds, `${authorization.accountId} card_authorization`, hold.amount)
    }
  }

  for (const accountId of setup.accounts) {
    findings.checked("balances")
    const balance = await read(client, `/accounts/${accountId}/balance`)
    const ofAccount = (map: ReadonlyMap<string, number>) =>
      [...map].filter(([key]) => key.startsWith(`${accountId} `)).reduce((sum, [, amount]) => sum + amount, 0)
    const current = ofAccount(transactions)
    const held = ofAccount(holds)
    if (balance.current_balance !== current) {
      findings.violation(
        "balances",
        `${accountId}: current balance ${String(balance.current_balance)} ≠ Σ transactions ${current}`
      )
    }
    if (balance.available_balance !== current + held) {
      findings.violation(
        "balances",
        `${accountId}: available balance ${
          String(balance.available_balance)
        } ≠ Σ transactions ${current} + Σ pending holds ${held}`
      )
    }
    for (
      const [what, actual, expected] of [
        ["transactions", transactions, expectedTransactions],
        ["pending holds", holds, expectedHolds]
      ] as const
    ) {
      const categories = new Set(
        [...actual.keys(), ...expected.keys()].filter((key) => key.startsWith(`${accountId} `))
      )
      for (const key of categories) {
        findings.checked("money")
        const inDatabase = actual.get(key) ?? 0
        const told = expected.get(key) ?? 0
        if (inDatabase !== told) {
          findings.violation(
            "money",
            `${key.replace(" ", ": ")} ${what}: Σ ${inDatabase} in the database, ${told} acknowledged to the clients`
          )
        }
      }
    }
  }

  for (const [id, row] of wires) {
    findings.checked("wires")
    const hold = row.hold === null ? undefined : holdStatus.get(row.hold)
    const posted = row.transaction !== null
    const consistent = row.status === "pending_approval"
      ? hold === "pending" && !posted
      : row.status === "canceled"
      ? hold === "complete" && !posted
      : posted && (row.hold === null || hold === "complete")
    if (!consistent) {
      findings.violation(
        "wires",
        `wire ${id}: status ${row.status} with hold ${row.hold ?? "none"} (${hold ?? "-"}) and transaction ${
          row.transaction ?? "none"
        }`
      )
    }
  }

  for (const bookId of setup.books) {
    findings.checked("books")
    const balance = await read(client, `/bookkeeping_accounts/${bookId}/balance`)
    const expected = ledger.entries.get(bookId) ?? 0
    if (balance.balance !== expected) {
      findings.violation(
        "books",
        `${bookId}: bookkeeping balance ${String(balance.balance)} ≠ acknowledged entries ${expected}`
      )
    }
  }
}
