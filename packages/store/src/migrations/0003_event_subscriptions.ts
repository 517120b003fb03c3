/**
 * Event subscriptions and the webhook outbox.
 *
 * - `event_subscriptions`: `selected_categories` is a jsonb array of category
 *   strings, or null for every category (real-time decisions excepted); the
 *   shared secret and, during a rotation, the previous one with its expiry.
 * - `webhook_deliveries`: one row per (event, subscription) to POST, written in
 *   the transaction of the event. `due_at` is when a dispatcher may take it
 *   next: the time of its next attempt, or, while a dispatcher holds it, the
 *   end of that claim's lease (`claimed_until`, `claim_token`), so a claim of
 *   a process that died is taken again once the lease runs out.
 * - `webhook_attempts`: the delivery log, one row per POST.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE event_subscriptions (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      status text NOT NULL,
      selected_categories jsonb,
      shared_secret text NOT NULL,
      previous_shared_secret text,
      previous_shared_secret_expires_at timestamptz,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX event_subscriptions_page ON event_subscriptions (group_id, environment, created_at DESC, id DESC)`
  // What every event's transaction looks up: keep it small and exact.
  yield* sql`CREATE INDEX event_subscriptions_active ON event_subscriptions (group_id, environment) WHERE status = 'active'`
  yield* sql`
    CREATE TABLE webhook_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      event_id text NOT NULL REFERENCES events (id),
      event_subscription_id text NOT NULL REFERENCES event_subscriptions (id),
      trigger text NOT NULL,
      status text NOT NULL,
      attempt_count integer NOT NULL DEFAULT 0,
      due_at timestamptz NOT NULL,
      claimed_until timestamptz,
      claim_token text,
      created_at timestamptz NOT NULL
    )`
  // The dispatcher's queue: only pending rows, in the order they fall due.
  yield* sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (environment, due_at) WHERE status = 'pending'`
  yield* sql`CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (event_subscription_id) WHERE status = 'pending'`
  yield* sql`
    CREATE TABLE webhook_attempts (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id),
      event_id text NOT NULL,
      event_subscription_id text NOT NULL,
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX webhook_attempts_subscription ON webhook_attempts (event_subscription_id, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id, created_at DESC, id DESC)`
})
