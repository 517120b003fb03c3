/**
 * Inbound mail: lockbox recipients (inboxes at a lockbox address), inbound
 * mail items, the check deposits their checks become, and files (metadata in
 * `body`, the bytes in `contents`).
 *
 * A recipient's `mail_stop_code` is unique at its address: the bank draws
 * codes under the address's row lock, and the unique index keeps the rule
 * whatever the code path.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE lockbox_recipients (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      account_id text NOT NULL REFERENCES accounts (id),
      lockbox_address_id text NOT NULL REFERENCES lockbox_addresses (id),
      mail_stop_code text NOT NULL,
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX lockbox_recipients_page ON lockbox_recipients (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE UNIQUE INDEX lockbox_recipients_mail_stop_code ON lockbox_recipients (lockbox_address_id, mail_stop_code)`
  yield* sql`CREATE INDEX lockbox_recipients_account ON lockbox_recipients (account_id)`
  yield* sql`
    CREATE TABLE files (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      purpose text NOT NULL,
      contents bytea NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX files_page ON files (group_id, environment, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE inbound_mail_items (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      lockbox_address_id text NOT NULL REFERENCES lockbox_addresses (id),
      lockbox_recipient_id text REFERENCES lockbox_recipients (id),
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX inbound_mail_items_page ON inbound_mail_items (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX inbound_mail_items_address ON inbound_mail_items (lockbox_address_id, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX inbound_mail_items_recipient ON inbound_mail_items (lockbox_recipient_id, created_at DESC, id DESC)
    WHERE lockbox_recipient_id IS NOT NULL`
  yield* sql`
    CREATE TABLE check_deposits (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      account_id text NOT NULL REFERENCES accounts (id),
      inbound_mail_item_id text REFERENCES inbound_mail_items (id),
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX check_deposits_page ON check_deposits (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX check_deposits_account ON check_deposits (account_id, created_at DESC, id DESC)`
})
