/**
 * The platform's floor for wire creates: an Effect HttpApi whose
 * one `POST /wire_transfers` does, per request, the hand-written ledger
 * server's transaction (LedgerServer.ts: lock the two accounts in id order,
 * update both, insert a posting for each) through `effect/sql`, with a
 * Schema for the body and one for the answer. No key, idempotency, events,
 * validation of a wire or request log: what the chosen stack costs a ledger
 * transaction before Moneta does any work. Served over HTTP by
 * LedgerFloorServer.ts (bench:wires).
 */
import { Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { ledgerTables } from "./LedgerTables.js"

const Transfer = Schema.Struct({ account_id: Schema.String, amount: Schema.Number })

const Posting = Schema.Struct({
  id: Schema.String,
  account_id: Schema.String,
  amount: Schema.Number,
  created_at: Schema.String
})

const LedgerFloorApi = HttpApi.make("ledger-floor").add(
  HttpApiGroup.make("ledger")
    .add(HttpApiEndpoint.post("transfer", "/wire_transfers", { payload: Transfer, success: Posting }))
    .add(HttpApiEndpoint.get("ready", "/ready", { success: Schema.Struct({}) }))
)

interface PostingRow {
  readonly id: string
  readonly account_id: number
  readonly amount: string
  readonly created_at: Date
}

/** The floor's routes on the `SqlClient` it is given. */
export const layer = Layer.unwrap(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* Effect.forEach(ledgerTables, (statement) => sql.unsafe(statement), { discard: true })
  // As the ledger server: each account id the load sends gets one of 8 ledger accounts, debited to credit the next.
  const ledgerAccounts = new Map<string, number>()
  const ledgerAccountOf = (id: string) => {
    const known = ledgerAccounts.get(id)
    if (known !== undefined) return known
    const assigned = ledgerAccounts.size % 8 + 1
    ledgerAccounts.set(id, assigned)
    return assigned
  }
  const transfer = (debit: number, credit: number, amount: number) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* sql`SELECT id FROM ledger_accounts WHERE id IN (${debit}, ${credit}) ORDER BY id FOR UPDATE`
      yield* sql`UPDATE ledger_accounts SET balance = balance - ${amount} WHERE id = ${debit}`
      yield* sql`UPDATE ledger_accounts SET balance = balance + ${amount} WHERE id = ${credit}`
      const postings = yield* sql<
        PostingRow
      >`INSERT INTO ledger_postings (account_id, amount) VALUES (${debit}, ${-amount}) RETURNING id, account_id, amount, created_at`
      yield* sql`INSERT INTO ledger_postings (account_id, amount) VALUES (${credit}, ${amount})`
      const posting = postings[0]
      if (posting === undefined) return yield* Effect.die(new Error("INSERT … RETURNING returned no row"))
      return {
        id: String(posting.id),
        account_id: String(posting.account_id),
        amount: Number(posting.amount),
        created_at: posting.created_at.toISOString()
      }
    }))
  return HttpApiBuilder.layer(LedgerFloorApi).pipe(
    Layer.provide(HttpApiBuilder.group(LedgerFloorApi, "ledger", (handlers) =>
      handlers
        .handle("transfer", ({ payload }) => {
          const debit = ledgerAccountOf(payload.account_id)
          // A failed statement is a bug in the bench, not an answer.
          return Effect.orDie(transfer(debit, debit + 1, payload.amount))
        })
        .handle("ready", () => Effect.succeed({}))))
  )
}))
