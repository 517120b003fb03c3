/**
 * Core tables. Every row carries its tenant (`group_id`, `environment`) and
 * every query filters by both. Columns hold what is queried, constrained or
 * summed (ids, references, amounts, statuses, times); `body` holds the rest of
 * the resource as the API encodes it.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE groups (
      id text PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL
    )`
  yield* sql`
    CREATE TABLE api_keys (
      id text PRIMARY KEY,
      group_id text NOT NULL REFERENCES groups (id),
      environment text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      description text,
      created_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`
  yield* sql`
    CREATE TABLE idempotency_records (
      group_id text NOT NULL,
      environment text NOT NULL,
      key text NOT NULL,
      fingerprint text NOT NULL,
      resource_id text,
      status integer NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (group_id, environment, key)
    )`
  yield* sql`
    CREATE TABLE entities (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX entities_page ON entities (group_id, environment, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      entity_id text,
      status text NOT NULL,
      current_balance bigint NOT NULL DEFAULT 0,
      held_amount bigint NOT NULL DEFAULT 0,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX accounts_page ON accounts (group_id, environment, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE transactions (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      account_id text NOT NULL REFERENCES accounts (id),
      amount bigint NOT NULL,
      category text NOT NULL,
      route_id text,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX transactions_page ON transactions (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX transactions_account ON transactions (account_id, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE pending_transactions (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      account_id text NOT NULL REFERENCES accounts (id),
      amount bigint NOT NULL,
      held_amount bigint NOT NULL,
      status text NOT NULL,
      category text NOT NULL,
      route_id text,
      completed_at timestamptz,
      idempotency_key text,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX pending_transactions_page ON pending_transactions (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX pending_transactions_account ON pending_transactions (account_id, status)`
  yield* sql`
    CREATE TABLE bookkeeping_accounts (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      account_id text,
      entity_id text,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX bookkeeping_accounts_page ON bookkeeping_accounts (group_id, environment, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE bookkeeping_entry_sets (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      date timestamptz NOT NULL,
      transaction_id text,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX bookkeeping_entry_sets_page ON bookkeeping_entry_sets (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX bookkeeping_entry_sets_transaction ON bookkeeping_entry_sets (transaction_id)`
  yield* sql`
    CREATE TABLE bookkeeping_entries (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      account_id text NOT NULL REFERENCES bookkeeping_accounts (id),
      entry_set_id text NOT NULL REFERENCES bookkeeping_entry_sets (id),
      amount bigint NOT NULL,
      date timestamptz NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX bookkeeping_entries_page ON bookkeeping_entries (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX bookkeeping_entries_account ON bookkeeping_entries (account_id, date)`
  // Events are ordered by the id of the transaction that wrote them, then by
  // insertion: a poller that only reads below the oldest running transaction
  // (pg_snapshot_xmin) never skips an event that commits late.
  yield* sql`
    CREATE TABLE events (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      category text NOT NULL,
      associated_object_type text NOT NULL,
      associated_object_id text NOT NULL,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      seq bigserial NOT NULL
    )`
  yield* sql`CREATE INDEX events_position ON events (group_id, environment, txid, seq)`
  yield* sql`CREATE INDEX events_object ON events (associated_object_id)`
  yield* sql`CREATE INDEX events_created ON events (created_at)`
  // Objects of later areas that the first run seeds.
  yield* sql`
    CREATE TABLE cards (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      account_id text NOT NULL REFERENCES accounts (id),
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX cards_page ON cards (group_id, environment, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE lockbox_addresses (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX lockbox_addresses_page ON lockbox_addresses (group_id, environment, created_at DESC, id DESC)`
})
