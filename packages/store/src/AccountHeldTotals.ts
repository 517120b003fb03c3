/**
 * Each account's held total as it stood after each change (migration 0023),
 * so that a balance `at_time` reads the holds open then with one index probe,
 * as it reads the posted balance from the transactions' running balance. The
 * ledger writes a row in the statement of the account's new totals whenever a
 * step moves what is held. Derived: a restored sandbox snapshot rebuilds the
 * rows from its pending transactions (`rebuild`), and they go with their
 * account.
 */
import type { AccountId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { DateTime, Effect } from "effect"
import type { SqlClient, Statement } from "effect/sql"
import * as Writes from "./Writes.js"

/** The held total of the account from `at` on (the step's time, on its group's clock). */
export const heldTotalWrite = (
  sql: Statement.Constructor,
  accountId: AccountId,
  at: DateTime.Utc,
  held: number
): Writes.Write =>
  Writes.write(sql`INSERT INTO account_held_totals (account_id, at, held)
    VALUES (${accountId}, ${DateTime.toDate(at)}, ${held})`)

/** The held total of the account at `instant`, as an SQL expression (0 before its first hold). */
export const heldTotalAt = (sql: Statement.Constructor, accountId: AccountId, instant: Date): Statement.Fragment =>
  sql`coalesce((SELECT held FROM account_held_totals WHERE account_id = ${accountId} AND at <= ${instant}
    ORDER BY at DESC, seq DESC LIMIT 1), 0)`

/**
 * The statement that writes, from their holds, the held totals of the accounts
 * whose pending transactions `accounts` (an SQL condition on them) selects:
 * each hold adds its amount when it opened and takes it away when it
 * completed. (A hold's increments are not kept apart from it: its amount
 * counts from its opening.)
 */
export const fromHolds = (accounts: string): string =>
  `INSERT INTO account_held_totals (account_id, at, held)
    SELECT account_id, at, sum(sum(change)) OVER (PARTITION BY account_id ORDER BY at)
    FROM (
      SELECT account_id, created_at AS at, held_amount AS change FROM pending_transactions
      WHERE held_amount <> 0 AND ${accounts}
      UNION ALL
      SELECT account_id, completed_at, -held_amount FROM pending_transactions
      WHERE held_amount <> 0 AND completed_at IS NOT NULL AND ${accounts}
    ) AS changes
    GROUP BY account_id, at`

/** Rebuilds the rows of the tenant's accounts from their pending transactions (a restored snapshot). */
export const rebuild = (sql: SqlClient.SqlClient, tenant: TenantShape): Effect.Effect<void> =>
  Effect.forEach(
    [
      `DELETE FROM account_held_totals WHERE account_id IN
        (SELECT id FROM accounts WHERE group_id = $1 AND environment = $2)`,
      fromHolds("group_id = $1 AND environment = $2")
    ],
    (statement) => sql.unsafe(statement, [tenant.groupId, tenant.environment]),
    { discard: true }
  ).pipe(Effect.orDie)
