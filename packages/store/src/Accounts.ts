/**
 * Accounts and their balances. The account row carries the running current
 * balance and the total held by open pending transactions; every change that
 * spends or holds money locks the row first, so concurrent spenders queue.
 */
import { Account, type AccountFilter, AccountStatus } from "@moneta/domain/Account"
import type { AccountId, EntityId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as HeldTotals from "./AccountHeldTotals.js"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"
import * as Writes from "./Writes.js"

const BalanceRow = Schema.Struct({
  current_balance: Schema.NumberFromString,
  held_amount: Schema.NumberFromString,
  status: AccountStatus
})

/** A `LockedBalance`'s row: `last_posted` is `last_posted_at` (migration 0024) in microseconds, as text. */
export const LockedBalanceRow = Schema.Struct({ ...BalanceRow.fields, last_posted: Schema.NullOr(Schema.String) })

/**
 * The columns of a `LockedBalance`, of the row a statement reads as
 * `accounts` (it takes the row's lock). `last_posted` is `-infinity` before
 * the account's first posting and NULL when not known.
 */
export const lockedBalanceColumns = (sql: Statement.Constructor): Statement.Fragment =>
  sql`accounts.current_balance::text AS current_balance, accounts.held_amount::text AS held_amount, accounts.status,
    CASE WHEN accounts.last_posted_at = '-infinity' THEN '-infinity'
    ELSE (floor(extract(epoch FROM accounts.last_posted_at) * 1000000)::bigint)::text END AS last_posted`

export interface Balance {
  readonly current: number
  readonly held: number
  readonly available: number
  /** The account's status: a closed account moves no money (the domain's `Ledger.settle`). */
  readonly status: AccountStatus
}

/** A balance read under the account's row lock. */
export interface LockedBalance extends Balance {
  /**
   * When its newest posting was made, in microseconds since the epoch
   * (-Infinity before the first; null when not known). Written with the
   * balance by every posting, so it is as current as the balance under the lock.
   */
  readonly lastPostedMicros: number | null
}

const toBalance = (row: typeof BalanceRow.Type): Balance => ({
  current: row.current_balance,
  held: row.held_amount,
  available: row.current_balance - row.held_amount,
  status: row.status
})

/** A `LockedBalanceRow` as the balance it holds: `lastPostedMicros` -Infinity before the first posting. */
export const lockedBalanceOf = (row: typeof LockedBalanceRow.Type): LockedBalance => ({
  ...toBalance(row),
  lastPostedMicros: row.last_posted === null
    ? null
    : row.last_posted === "-infinity"
    ? Number.NEGATIVE_INFINITY
    : Number(row.last_posted)
})

export class AccountStore extends Context.Service<AccountStore>()("@moneta/store/AccountStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("accounts", Account)
    const decodeBalances = Schema.decodeUnknownEffect(Schema.Array(BalanceRow))
    const decodeLockedBalances = Schema.decodeUnknownEffect(Schema.Array(LockedBalanceRow))

    const insert = (tenant: TenantShape, account: Account) =>
      table.insert(tenant, account, {
        created_at: DateTime.toDate(account.created_at),
        idempotency_key: account.idempotency_key,
        entity_id: account.entity_id,
        status: account.status
      })

    const firstBalance = (rows: ReadonlyArray<typeof BalanceRow.Type>) =>
      Option.map(Option.fromNullishOr(rows[0]), toBalance)

    /**
     * Locks the account row for the rest of the transaction and reads its
     * balance. `NO KEY UPDATE` still queues every other spender of the account,
     * but lets rows that merely reference it (postings, holds) be inserted.
     */
    const lockBalance = (tenant: TenantShape, id: AccountId) =>
      sql`SELECT ${lockedBalanceColumns(sql)}
        FROM accounts WHERE id = ${id} AND ${tenantIs(sql, tenant)} FOR NO KEY UPDATE`.pipe(
        Effect.flatMap(decodeLockedBalances),
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), lockedBalanceOf)),
        Effect.orDie
      )

    const balance = (tenant: TenantShape, id: AccountId) =>
      sql`SELECT current_balance::text, held_amount::text, status FROM accounts WHERE id = ${id} AND ${
        tenantIs(sql, tenant)
      }`
        .pipe(
          Effect.flatMap(decodeBalances),
          Effect.map(firstBalance),
          Effect.orDie
        )

    /**
     * The balance as it stood at an instant: the running balance of the last
     * posting at or before it and the held total then (one index probe each).
     */
    const balanceAt = (tenant: TenantShape, id: AccountId, at: DateTime.Utc) =>
      Effect.gen(function*() {
        const instant = DateTime.toDate(at)
        const rows = yield* sql`SELECT
            coalesce((SELECT running_balance FROM transactions
              WHERE account_id = ${id} AND created_at <= ${instant}
              ORDER BY created_at DESC, id DESC LIMIT 1), 0)::text AS current_balance,
            ${HeldTotals.heldTotalAt(sql, id, instant)}::text AS held_amount,
            status
          FROM accounts WHERE id = ${id} AND ${tenantIs(sql, tenant)}`.pipe(
          Effect.flatMap(decodeBalances),
          Effect.orDie
        )
        return firstBalance(rows)
      })

    /** Moves the running totals; the caller holds the row lock. */
    const adjustBalance = (
      tenant: TenantShape,
      id: AccountId,
      change: { readonly posted: number; readonly held: number }
    ) =>
      sql`UPDATE accounts SET current_balance = current_balance + ${change.posted}, held_amount = held_amount + ${change.held}
        WHERE id = ${id} AND ${tenantIs(sql, tenant)}`.pipe(Effect.asVoid, Effect.orDie)

    /**
     * Sets the running totals the caller computed under the row lock (exact,
     * unlike adding a change to them), as a write to run with another
     * statement of the step (`Writes`).
     */
    const balanceWrite = (
      tenant: TenantShape,
      id: AccountId,
      totals: { readonly current: number; readonly held: number },
      postedAt?: DateTime.Utc
    ): Writes.Write =>
      Writes.write(
        sql`UPDATE accounts SET current_balance = ${totals.current}, held_amount = ${totals.held}${
          postedAt === undefined
            ? sql``
            // Not known stays not known: a later posting may already be there.
            : sql`, last_posted_at = CASE WHEN last_posted_at IS NULL THEN NULL
            ELSE greatest(last_posted_at, ${DateTime.toDate(postedAt)}) END`
        }
        WHERE id = ${id} AND ${tenantIs(sql, tenant)}`
      )

    /** Records the account's held total from `at` on, for balances `at_time` (`AccountHeldTotals`). */
    const heldTotalWrite = (id: AccountId, at: DateTime.Utc, held: number) =>
      HeldTotals.heldTotalWrite(sql, id, at, held)

    /** Saves a change (name, status); the caller holds the row lock (`lock`). */
    const update = (tenant: TenantShape, account: Account) => table.update(tenant, account, { status: account.status })

    const lock = (tenant: TenantShape, id: AccountId) => table.lock(tenant, id)

    /** Whether the entity owns an open account of the tenant's. */
    const entityHasOpenAccount = (tenant: TenantShape, entityId: EntityId) =>
      sql`SELECT 1 AS found FROM accounts WHERE entity_id = ${entityId} AND status = 'open' AND ${
        tenantIs(sql, tenant)
      } LIMIT 1`.pipe(Effect.map((rows) => rows.length > 0), Effect.orDie)

    const list = (tenant: TenantShape, request: PageRequest, filter: AccountFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, {
          entity_id: "entity_id",
          informational_entity_id: sql`body->>'informational_entity_id'`,
          program_id: sql`body->>'program_id'`,
          idempotency_key: "idempotency_key",
          "status.in": "status"
        })
      )

    return {
      insert,
      find: table.find,
      lock,
      update,
      entityHasOpenAccount,
      list,
      lockBalance,
      balance,
      balanceAt,
      adjustBalance,
      balanceWrite,
      heldTotalWrite
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
