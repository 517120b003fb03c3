/**
 * Real-time decisions end to end: a running server (dispatcher and sweeper
 * included), an event subscription selecting every decision category, and a
 * real local webhook endpoint (`@moneta/receiver` with its real-time decision
 * handler) that answers each decision through `/action` before it answers the
 * webhook. What it answers is read from the amount: approve, decline, or no
 * answer at all (its handler fails, so the window passes). Windows are short
 * here (`MONETA_RTD_WINDOW_*`); every wait ends when the answer arrives, so
 * only the timeouts take a window's length.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deduplication, Handlers, NodeAdapter, Receiver, RealTimeDecisions } from "@moneta/receiver"
import { AssociatedObject } from "@moneta/receiver"
import type { RealTimeDecision, RealTimeDecisionAction } from "@moneta/domain/RealTimeDecision"
import { Category } from "@moneta/domain/RealTimeDecision"
import * as TestDatabase from "@moneta/store/testing"
import { authorizationOfHold } from "@moneta/domain/CardClearing"
import { CardDecline } from "@moneta/domain/CardPaymentElements"
import type { CardAuthorizationSimulationResult } from "@moneta/domain/CardSimulations"
import { Duration, Effect, Layer, Redacted } from "effect"
import * as RunningServer from "./support/RunningServer.js"

const secret = "the host app's shared secret"

const windowMillis = 1_500
const windows = Object.fromEntries(
  Category.literals.map((category) => [`MONETA_RTD_WINDOW_${category.toUpperCase()}`, `${windowMillis} millis`])
)

/** Amounts that tell the test endpoint what to answer. */
const approveAmount = 1_001
const declineAmount = 1_002
const silentAmount = 1_003

/** The endpoint's policy: the answer for each category, read from the amount the decision is about. */
const policy = (decision: RealTimeDecision): Effect.Effect<RealTimeDecisionAction, string> => {
  const authorization = decision.card_authorization
  if (authorization !== null) {
    switch (authorization.settlement_amount) {
      case approveAmount:
        return Effect.succeed({ card_authorization: { decision: "approve" } })
      case declineAmount:
        return Effect.succeed({ card_authorization: { decision: "decline", decline: { reason: "suspected_fraud" } } })
      default:
        return Effect.fail("no answer: let the window pass")
    }
  }
  return Effect.fail(`no policy for ${decision.category}`)
}

/** A server and a webhook endpoint answering with `policy`, for the test's scope. */
const setUp = (kind: TestDatabase.Kind) =>
  Effect.gen(function*() {
    const server = yield* RunningServer.start(kind, windows)
    const clientLayer = RunningServer.clientLayer(server)
    const endpoint = yield* Effect.gen(function*() {
      const receiver = yield* Receiver.make({
        secrets: [secret],
        handlers: Handlers.empty.pipe(RealTimeDecisions.on(policy))
      })
      return yield* NodeAdapter.makeHandler(receiver)
    }).pipe(Effect.provide(Layer.merge(clientLayer, Deduplication.layerMemory())))
    const url = yield* RunningServer.listen(endpoint)
    const client = yield* Effect.provide(AssociatedObject.MonetaClient, clientLayer)
    yield* client.eventSubscriptions.create({
      payload: {
        url: `${url}/webhooks`,
        shared_secret: secret,
        selected_event_categories: Category.literals.map((category) => ({
          event_category: `real_time_decision.${category}` as const
        }))
      }
    })
    const [card] = (yield* client.cards.list({ urlParams: {} })).data
    if (card === undefined) return yield* Effect.dieMessage("the first run seeds a card")
    return { server, client, card }
  })

const post = (server: RunningServer.RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${Redacted.value(server.apiKey)}`,
        "content-type": "application/json",
        ...headers
      },
      body: JSON.stringify(body)
    })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  })

/** The authorization an approved result holds money for. */
const authorizationOf = (result: CardAuthorizationSimulationResult) =>
  result.pending_transaction === null ? undefined : authorizationOfHold(result.pending_transaction)

/** The decline of a declined result. */
const declineOf = (result: CardAuthorizationSimulationResult) => {
  const source = result.declined_transaction?.source
  return source?.category === "card_decline" && source.card_decline instanceof CardDecline ? source.card_decline : undefined
}

for (const kind of TestDatabase.testDatabases) {
  describe(`real-time decisions (${kind})`, () => {
    it.live("card authorizations: approved, declined and timed out by the client's endpoint", () =>
      Effect.gen(function*() {
        const { card, client } = yield* setUp(kind)
        const authorize = (amount: number) => client.cardSimulations.authorize({ payload: { amount, card_id: card.id } })

        const approved = yield* authorize(approveAmount)
        const authorization = authorizationOf(approved)
        expect(authorization?.actioner).toBe("user")
        expect(authorization?.amount).toBe(approveAmount)
        const decisionId = authorization?.real_time_decision_id
        if (decisionId === null || decisionId === undefined) return yield* Effect.dieMessage("no decision id")
        const decision = yield* client.realTimeDecisions.retrieve({ path: { real_time_decision_id: decisionId } })
        expect(decision).toMatchObject({
          status: "responded",
          category: "card_authorization_requested",
          card_authorization: { decision: "approve", approval: { partial_amount: null }, settlement_amount: approveAmount }
        })

        const declined = yield* authorize(declineAmount)
        expect(declined.pending_transaction).toBeNull()
        expect(declineOf(declined)).toMatchObject({
          actioner: "user",
          reason: "webhook_declined",
          real_time_decision_reason: "suspected_fraud"
        })

        const silent = yield* authorize(silentAmount)
        expect(silent.pending_transaction).toBeNull()
        const timedOut = declineOf(silent)
        expect(timedOut?.reason).toBe("webhook_timed_out")
        const timedOutId = timedOut?.real_time_decision_id
        if (timedOutId === null || timedOutId === undefined) return yield* Effect.dieMessage("no decision id")
        expect((yield* client.realTimeDecisions.retrieve({ path: { real_time_decision_id: timedOutId } })).status)
          .toBe("timed_out")
      }).pipe(Effect.scoped), { timeout: Duration.toMillis(TestDatabase.timeout) })

    it.live("the action's rules over HTTP: the wrong object is 400, a finished decision 409", () =>
      Effect.gen(function*() {
        const { card, client, server } = yield* setUp(kind)
        const approved = yield* client.cardSimulations.authorize({ payload: { amount: approveAmount, card_id: card.id } })
        const id = authorizationOf(approved)?.real_time_decision_id
        if (id === null || id === undefined) return yield* Effect.dieMessage("no decision id")
        const wrongObject = yield* post(server, `/real_time_decisions/${id}/action`, {
          digital_wallet_token: { approval: {} }
        })
        expect(wrongObject.status).toBe(400)
        expect(wrongObject.body["type"]).toBe("invalid_parameters_error")
        const again = yield* post(server, `/real_time_decisions/${id}/action`, { card_authorization: { decision: "decline" } })
        expect(again.status).toBe(409)
        expect(again.body["type"]).toBe("invalid_operation_error")
        const unknown = yield* post(server, `/real_time_decisions/real_time_decision_nonexistent000000000/action`, {
          card_authorization: { decision: "approve" }
        })
        expect(unknown.status).toBe(404)
        // the answer stayed the first one
        const decision = yield* client.realTimeDecisions.retrieve({ path: { real_time_decision_id: id } })
        expect(decision.card_authorization?.decision).toBe("approve")
      }).pipe(Effect.scoped), { timeout: Duration.toMillis(TestDatabase.timeout) })

    it.live("an idempotent replay returns the stored result; a replay while the first waits is 409; one decision", () =>
      Effect.gen(function*() {
        const { card, client, server } = yield* setUp(kind)
        const body = { amount: approveAmount, card_id: card.id }
        const first = yield* post(server, "/simulations/card_authorizations", body, { "idempotency-key": "approve-once" })
        expect(first.status).toBe(200)
        const replay = yield* post(server, "/simulations/card_authorizations", body, { "idempotency-key": "approve-once" })
        expect(replay.status).toBe(200)
        expect(replay.headers.get("idempotent-replayed")).toBe("true")
        expect(replay.body).toEqual(first.body)

        const waiting = { amount: silentAmount, card_id: card.id }
        const slow = yield* Effect.fork(
          post(server, "/simulations/card_authorizations", waiting, { "idempotency-key": "still-waiting" })
        )
        // once the first request's decision exists, the same request again is refused, not decided twice
        const pendingDecisions = () =>
          client.events.list({ urlParams: { "category.in": ["real_time_decision.card_authorization_requested"] } })
        yield* Effect.retry(
          Effect.flatMap(pendingDecisions(), (page) => page.data.length >= 2 ? Effect.void : Effect.fail("not yet")),
          { times: 200 }
        )
        const early = yield* post(server, "/simulations/card_authorizations", waiting, { "idempotency-key": "still-waiting" })
        expect(early.status).toBe(409)
        expect(early.body["type"]).toBe("invalid_operation_error")
        const finished = yield* slow
        expect(finished.status).toBe(200)
        const late = yield* post(server, "/simulations/card_authorizations", waiting, { "idempotency-key": "still-waiting" })
        expect(late.headers.get("idempotent-replayed")).toBe("true")
        expect(late.body).toEqual(finished.body)
        expect((yield* pendingDecisions()).data.length).toBe(2)
      }).pipe(Effect.scoped), { timeout: Duration.toMillis(TestDatabase.timeout) })
  })
}
