/**
 * Event subscriptions over HTTP: the object (the secret never in it), URL
 * rules, one active subscription per real-time decision category, status
 * changes and what they do to deliveries, secret rotation, resend, heartbeat
 * and the delivery log endpoints. Deliveries are read from the outbox; the
 * sending itself is tested in @moneta/webhooks.
 */
import { describe, expect, layer } from "@effect/vitest"
import { EventId, EventSubscriptionId } from "@moneta/domain/Ids"
import { WebhookAttempt, WebhookAttemptId } from "@moneta/domain/WebhookAttempt"
import * as TestDatabase from "@moneta/store/testing"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import { DateTime, Effect, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const DeliveryRow = Schema.Struct({
  event_id: Schema.String,
  category: Schema.String,
  event_subscription_id: Schema.String,
  trigger: Schema.String,
  status: Schema.String
})

/** The outbox rows of a subscription, oldest first. */
const deliveriesOf = (subscriptionId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows =
      yield* sql`SELECT delivery.event_id, event.category, delivery.event_subscription_id, delivery.trigger, delivery.status
      FROM webhook_deliveries AS delivery JOIN events AS event ON event.id = delivery.event_id
      WHERE delivery.event_subscription_id = ${subscriptionId} ORDER BY delivery.id`
    return yield* Schema.decodeUnknownEffect(Schema.Array(DeliveryRow))(rows)
  }).pipe(Effect.orDie)

const SecretRow = Schema.Struct({
  shared_secret: Schema.String,
  previous_shared_secret: Schema.NullOr(Schema.String),
  previous_shared_secret_expires_at: Schema.NullOr(Schema.Date)
})

const secretsOf = (subscriptionId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql`SELECT shared_secret, previous_shared_secret, previous_shared_secret_expires_at
      FROM event_subscriptions WHERE id = ${subscriptionId}`
    return (yield* Schema.decodeUnknownEffect(Schema.Array(SecretRow))(rows))[0]
  }).pipe(Effect.orDie)

const hook = (name: string) => `https://hooks.example.com/${name}`

for (const kind of TestDatabase.testDatabases) {
  describe(`event subscriptions (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates, retrieves and lists subscriptions; the secret is never part of the object", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const created = yield* raw(server).post("/event_subscriptions", {
            url: hook("created"),
            shared_secret: "keep me to yourself",
            selected_event_categories: [{ event_category: "wire_transfer.created" }]
          }, { headers: { "idempotency-key": "subscription-1" } })
          expect(created.status).toBe(200)
          expect(created.text).not.toContain("keep me to yourself")
          expect(created.body).toMatchObject({
            type: "event_subscription",
            url: hook("created"),
            status: "active",
            idempotency_key: "subscription-1",
            oauth_connection_id: null,
            selected_event_categories: [{ event_category: "wire_transfer.created" }],
            selected_event_category: "wire_transfer.created"
          })
          expect(Object.keys(created.body as object)).not.toContain("shared_secret")
          const id = EventSubscriptionId.make(String((created.body as { id: string }).id))

          const retrieved = yield* raw(server).get(`/event_subscriptions/${id}`)
          expect(retrieved.body).toEqual(created.body)
          const everything = yield* server.client.eventSubscriptions.create({ payload: { url: hook("everything") } })
          expect(everything.selected_event_categories).toBeNull()
          expect(everything.selected_event_category).toBeNull()
          // A generated secret signs: it is there, and it is not shown either.
          expect((yield* secretsOf(everything.id))?.shared_secret.length).toBeGreaterThanOrEqual(40)

          const page = yield* server.client.eventSubscriptions.list({
            query: { idempotency_key: "subscription-1" }
          })
          expect(page.data.map((subscription) => subscription.id)).toEqual([id])
          const events = yield* server.client.events.list({ query: { associated_object_id: id } })
          expect(events.data.map((event) => event.category)).toEqual(["event_subscription.created"])
          expect((yield* raw(server).get("/event_subscriptions/event_subscription_unknown")).status).toBe(404)
        }))

      it.effect("an oauth_connection_id names no connection of the caller's: 404, and nothing is created", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const answer = yield* raw(server).post("/event_subscriptions", {
            url: hook("oauth"),
            oauth_connection_id: "connection_1ssjtj4y5l7hl8w2gdvd"
          })
          expect(answer.status).toBe(404)
          expect(answer.body).toMatchObject({ type: "object_not_found_error", status: 404 })
          const page = yield* server.client.eventSubscriptions.list({ query: {} })
          expect(page.data.map((subscription) => subscription.url)).not.toContain(hook("oauth"))
        }))

      it.effect("the sandbox accepts plain http only to a loopback host", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (const url of ["http://localhost:3000/hooks", "http://127.0.0.1:9/hooks", "https://example.com/hooks"]) {
            expect((yield* raw(server).post("/event_subscriptions", { url })).status).toBe(200)
          }
          for (const url of ["http://example.com/hooks", "ftp://example.com/hooks", "not a url"]) {
            const answer = yield* raw(server).post("/event_subscriptions", { url })
            expect(answer.status).toBe(400)
            expect(answer.body).toMatchObject({ type: "invalid_parameters_error", errors: [{ field: "url" }] })
          }
        }))

      it.effect("only one active subscription receives each real-time decision category", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { apiKey } = yield* server.newGroup()
          const api = raw(server, apiKey)
          const decisions = {
            selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
          }
          expect((yield* api.post("/event_subscriptions", { url: hook("first"), ...decisions })).status).toBe(200)
          const second = yield* api.post("/event_subscriptions", { url: hook("second"), ...decisions })
          expect(second.status).toBe(409)
          expect(second.body).toMatchObject({ type: "invalid_operation_error" })
          // A disabled one may wait in the wings, but cannot be enabled while the first is active.
          const standby = yield* api.post("/event_subscriptions", {
            url: hook("standby"),
            status: "disabled",
            ...decisions
          })
          expect(standby.status).toBe(200)
          const standbyId = (standby.body as { id: string }).id
          expect((yield* api.patch(`/event_subscriptions/${standbyId}`, { status: "active" })).status).toBe(409)
          // Other categories, and other groups, are not affected.
          expect(
            (yield* api.post("/event_subscriptions", {
              url: hook("other"),
              selected_event_categories: [{ event_category: "real_time_decision.digital_wallet_token_requested" }]
            })).status
          ).toBe(200)
          expect((yield* raw(server).post("/event_subscriptions", { url: hook("elsewhere"), ...decisions })).status)
            .toBe(200)
        }))

      it.effect("a subscription receives only events created while it is active", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { apiKey } = yield* server.newGroup()
          const client = yield* server.clientFor(apiKey)
          const subscription = yield* client.eventSubscriptions.create({ payload: { url: hook("toggled") } })
          const before = yield* client.bookkeeping.createAccount({ payload: { name: "Before" } })
          yield* client.eventSubscriptions.update({
            params: { event_subscription_id: subscription.id },
            payload: { status: "disabled" }
          })
          const during = yield* client.bookkeeping.createAccount({ payload: { name: "While disabled" } })
          yield* client.eventSubscriptions.update({
            params: { event_subscription_id: subscription.id },
            payload: { status: "active" }
          })
          const after = yield* client.bookkeeping.createAccount({ payload: { name: "After" } })

          const rows = yield* deliveriesOf(subscription.id)
          expect(rows.map((row) => row.category)).toEqual([
            "event_subscription.created",
            "bookkeeping_account.created",
            // Enabling again: its own update is written after the change, so it receives it.
            "event_subscription.updated",
            "bookkeeping_account.created"
          ])
          const events = yield* client.events.list({ query: { "category.in": ["bookkeeping_account.created"] } })
          const eventOf = (id: string) => events.data.find((event) => event.associated_object_id === id)?.id
          expect(rows.map((row) => row.event_id)).toContain(eventOf(before.id))
          expect(rows.map((row) => row.event_id)).not.toContain(eventOf(during.id))
          expect(rows.map((row) => row.event_id)).toContain(eventOf(after.id))
          // Disabling canceled what was still pending.
          expect(rows.slice(0, 2).map((row) => row.status)).toEqual(["canceled", "canceled"])
        }))

      it.effect("a deleted subscription receives nothing and can no longer change", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const subscription = yield* server.client.eventSubscriptions.create({
            payload: {
              url: hook("deleted"),
              selected_event_categories: [{ event_category: "bookkeeping_account.created" }]
            }
          })
          const deleted = yield* server.client.eventSubscriptions.update({
            params: { event_subscription_id: subscription.id },
            payload: { status: "deleted" }
          })
          expect(deleted.status).toBe("deleted")
          yield* server.client.bookkeeping.createAccount({ payload: { name: "Nobody hears" } })
          expect(yield* deliveriesOf(subscription.id)).toEqual([])
          for (const body of [{ status: "active" }, { shared_secret: "too late" }]) {
            const answer = yield* raw(server).patch(`/event_subscriptions/${subscription.id}`, body)
            expect(answer.status).toBe(409)
          }
        }))

      it.effect("rotating the secret keeps the old one signing for 24 hours", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const subscription = yield* server.client.eventSubscriptions.create({
            payload: { url: hook("rotated"), shared_secret: "first secret" }
          })
          const rotated = yield* raw(server).patch(`/event_subscriptions/${subscription.id}`, {
            shared_secret: "second secret"
          })
          expect(rotated.status).toBe(200)
          expect(rotated.text).not.toContain("second secret")
          const secrets = yield* secretsOf(subscription.id)
          expect(secrets?.shared_secret).toBe("second secret")
          expect(secrets?.previous_shared_secret).toBe("first secret")
          const now = yield* DateTime.now
          expect(secrets?.previous_shared_secret_expires_at?.getTime()).toBe(
            DateTime.toEpochMillis(DateTime.add(now, { hours: 24 }))
          )
          const events = yield* server.client.events.list({ query: { associated_object_id: subscription.id } })
          expect(events.data.map((event) => event.category)).toEqual([
            "event_subscription.updated",
            "event_subscription.created"
          ])
        }))

      it.effect("resends an event and sends heartbeats to one active subscription", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { apiKey } = yield* server.newGroup()
          const client = yield* server.clientFor(apiKey)
          const api = raw(server, apiKey)
          const target = yield* client.eventSubscriptions.create({ payload: { url: hook("target") } })
          const bystander = yield* client.eventSubscriptions.create({ payload: { url: hook("bystander") } })
          const wires = yield* client.eventSubscriptions.create({
            payload: { url: hook("wires"), selected_event_categories: [{ event_category: "wire_transfer.created" }] }
          })
          const account = yield* client.bookkeeping.createAccount({ payload: { name: "Resent" } })
          const [event] = (yield* client.events.list({ query: { associated_object_id: account.id } })).data
          if (event === undefined) return yield* Effect.die(new Error("no event"))

          const resent = yield* client.eventSubscriptions.resend({
            params: { event_subscription_id: target.id },
            payload: { event_id: event.id }
          })
          expect(resent.id).toBe(event.id)
          expect((yield* deliveriesOf(target.id)).filter((row) => row.event_id === event.id).map((row) => row.trigger))
            .toEqual(["event", "resend"])
          // Not to a subscription that does not receive the category, nor an unknown event.
          expect((yield* api.post(`/event_subscriptions/${wires.id}/resend`, { event_id: event.id })).status).toBe(409)
          expect((yield* api.post(`/event_subscriptions/${target.id}/resend`, { event_id: "event_unknown" })).status)
            .toBe(404)

          const heartbeat = yield* client.eventSubscriptions.heartbeat({ params: { event_subscription_id: target.id } })
          expect(heartbeat.category).toBe("group.heartbeat")
          expect(heartbeat.associated_object_type).toBe("group")
          expect(
            (yield* deliveriesOf(target.id)).filter((row) => row.event_id === heartbeat.id).map((row) => row.trigger)
          )
            .toEqual(["heartbeat"])
          expect((yield* deliveriesOf(bystander.id)).map((row) => row.event_id)).not.toContain(heartbeat.id)

          yield* client.eventSubscriptions.update({
            params: { event_subscription_id: target.id },
            payload: { status: "disabled" }
          })
          expect((yield* api.post(`/event_subscriptions/${target.id}/heartbeat`, undefined)).status).toBe(409)
        }))

      it.effect("lists the attempts of a subscription and of an event", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { apiKey, groupId } = yield* server.newGroup()
          const client = yield* server.clientFor(apiKey)
          const subscription = yield* client.eventSubscriptions.create({ payload: { url: hook("logged") } })
          const other = yield* client.eventSubscriptions.create({ payload: { url: hook("unlogged") } })
          const [event] = (yield* client.events.list({ query: { associated_object_id: other.id } })).data
          if (event === undefined) return yield* Effect.die(new Error("no event"))
          // Record an attempt for each delivery of this group, as a dispatcher would.
          const deliveries = yield* WebhookDeliveryStore
          const now = yield* DateTime.now
          const claimed = (yield* deliveries.claim({
            environment: "sandbox",
            now: DateTime.add(now, { seconds: 1 }),
            leaseEnd: DateTime.add(now, { minutes: 1 }),
            claimToken: "test",
            limit: 100,
            maxClaims: 5
          })).claimed.filter((delivery) => delivery.tenant.groupId === groupId)
          yield* deliveries.record(claimed.map((delivery, index) => ({
            deliveryId: delivery.id,
            claimToken: delivery.claimToken,
            tenant: delivery.tenant,
            next: Option.none(),
            attempt: new WebhookAttempt({
              id: WebhookAttemptId.make(`webhook_attempt_${delivery.id}`),
              created_at: DateTime.add(now, { milliseconds: index }),
              event_id: EventId.make(delivery.event.id),
              event_category: delivery.event.category,
              event_subscription_id: delivery.subscriptionId,
              url: delivery.url,
              trigger: delivery.trigger,
              attempt_number: 1,
              status: "failed",
              failure_reason: "non_2xx_response",
              response_status_code: 500,
              response_body: "nope",
              duration_ms: 3,
              next_attempt_at: null
            })
          })))

          const ofSubscription = yield* client.eventSubscriptions.listAttempts({
            params: { event_subscription_id: subscription.id },
            query: {}
          })
          expect(ofSubscription.data.length).toBeGreaterThan(0)
          expect(ofSubscription.data.every((attempt) => attempt.event_subscription_id === subscription.id)).toBe(true)
          expect(ofSubscription.data[0]).toMatchObject({
            type: "webhook_attempt",
            status: "failed",
            response_status_code: 500
          })
          const ofEvent = yield* client.events.listAttempts({ params: { event_id: event.id }, query: {} })
          expect(ofEvent.data.map((attempt) => attempt.event_subscription_id).sort()).toEqual(
            [subscription.id, other.id].sort()
          )
          const narrowed = yield* client.events.listAttempts({
            params: { event_id: event.id },
            query: { event_subscription_id: other.id }
          })
          expect(narrowed.data.map((attempt) => attempt.event_subscription_id)).toEqual([other.id])
          // Another group's subscription or event is unknown here.
          expect((yield* raw(server).get(`/event_subscriptions/${subscription.id}/attempts`)).status).toBe(404)
          expect((yield* raw(server).get(`/events/${event.id}/attempts`)).status).toBe(404)
        }).pipe(Effect.provide(WebhookDeliveryStore.Default)))
    })
  })
}
