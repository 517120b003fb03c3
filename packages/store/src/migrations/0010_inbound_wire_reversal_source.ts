/**
 * A wire reversal's credit carried an older Inbound Wire Reversal shape than
 * SDK 0.583 reads (no return reason, no debtor routing number). Its source is
 * now the transfer's own `reversal`; rows written before are rewritten from it.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE transactions
    SET body = jsonb_set(transactions.body, '{source,inbound_wire_reversal}', wire_transfers.body -> 'reversal')
    FROM wire_transfers
    WHERE transactions.category = 'inbound_wire_reversal'
      AND wire_transfers.id = transactions.body #>> '{source,inbound_wire_reversal,wire_transfer_id}'
      AND jsonb_typeof(wire_transfers.body -> 'reversal') = 'object'`
})
