/**
 * The migrations, in order. Each is `NNNN_name.ts` exporting an Effect that
 * uses the `SqlClient`; register it here under the same `NNNN_name`. Never
 * edit a migration that has shipped: add the next one.
 */
import type { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import core from "./0001_core.js"
import wireTransfers from "./0002_wire_transfers.js"
import eventSubscriptions from "./0003_event_subscriptions.js"
import mail from "./0004_mail.js"
import webhookHardening from "./0005_webhook_hardening.js"
import cards from "./0006_cards.js"
import realTimeDecisions from "./0007_real_time_decisions.js"
import runningBalances from "./0008_running_balances.js"
import walletAuthentications from "./0009_wallet_authentications.js"
import inboundWireReversalSource from "./0010_inbound_wire_reversal_source.js"
import idempotencyLeases from "./0011_idempotency_leases.js"
import historyIndexes from "./0012_history_indexes.js"
import apiKeyPrefixes from "./0013_api_key_prefixes.js"
import accountLifecycle from "./0014_account_lifecycle.js"
import sandboxClock from "./0015_sandbox_clock.js"
import snapshotsAndFaults from "./0016_snapshots_and_faults.js"
import datedRunningBalances from "./0017_dated_running_balances.js"
import pendingAuthorizationIndex from "./0018_pending_authorization_index.js"
import balanceBlocks from "./0019_balance_blocks.js"
import pendingInboundFundsHoldIndex from "./0020_pending_inbound_funds_hold_index.js"
import groupClockOffsetIndex from "./0021_group_clock_offset_index.js"
import holdReleaseTimes from "./0022_hold_release_times.js"
import accountHeldTotals from "./0023_account_held_totals.js"
import accountLastPosted from "./0024_account_last_posted.js"

export const migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {
  "0001_core": core,
  "0002_wire_transfers": wireTransfers,
  "0003_event_subscriptions": eventSubscriptions,
  "0004_mail": mail,
  "0005_webhook_hardening": webhookHardening,
  "0006_cards": cards,
  "0007_real_time_decisions": realTimeDecisions,
  "0008_running_balances": runningBalances,
  "0009_wallet_authentications": walletAuthentications,
  "0010_inbound_wire_reversal_source": inboundWireReversalSource,
  "0011_idempotency_leases": idempotencyLeases,
  "0012_history_indexes": historyIndexes,
  "0013_api_key_prefixes": apiKeyPrefixes,
  "0014_account_lifecycle": accountLifecycle,
  "0015_sandbox_clock": sandboxClock,
  "0016_snapshots_and_faults": snapshotsAndFaults,
  "0017_dated_running_balances": datedRunningBalances,
  "0018_pending_authorization_index": pendingAuthorizationIndex,
  "0019_balance_blocks": balanceBlocks,
  "0020_pending_inbound_funds_hold_index": pendingInboundFundsHoldIndex,
  "0021_group_clock_offset_index": groupClockOffsetIndex,
  "0022_hold_release_times": holdReleaseTimes,
  "0023_account_held_totals": accountHeldTotals,
  "0024_account_last_posted": accountLastPosted
}
