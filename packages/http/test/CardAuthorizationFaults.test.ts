/**
 * A card authorization that waits for the client's real-time decision, with
 * its first run cut at each step: right after its key is claimed, after its
 * decision is committed (while it waits), after its hold is written but before
 * its response is stored (the apply transaction dies), and after its response
 * is stored (the answer never reached the client). The first run is a "dead
 * process" beside the server: the same bank code over the same database, but
 * whose key records cannot renew, release or abandon anything (a killed
 * process tells the database nothing). Then the client retries with the same
 * key through the real HTTP server, as a client would on a network error:
 * exactly one decision, one hold, one answer, and no key left in progress.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AskingWrite } from "@moneta/bank/AskingWrite"
import { CardSimulations } from "@moneta/bank/CardSimulations"
import { Idempotency } from "@moneta/bank/Idempotency"
import { RealTimeDecisionTiming } from "@moneta/bank/RealTimeDecisions"
import { CardAuthorizationSimulationResult } from "@moneta/domain/CardSimulations"
import type { GroupId } from "@moneta/domain/Ids"
import { defaultTimeoutWindows } from "@moneta/domain/RealTimeDecision"
import { Tenant } from "@moneta/domain/Tenant"
import * as TestDatabase from "@moneta/store/testing"
import { Duration, Effect, Fiber, Layer, Option, Schedule, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { requestFingerprint } from "../src/Idempotent.js"
import { cardOnFundedAccount } from "./support/Cards.js"
import { type Answer, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

/** Short, so a dead run's key is taken over within moments. */
const lease = Duration.seconds(1)
const timing = Layer.succeed(RealTimeDecisionTiming)({
  windows: defaultTimeoutWindows,
  pollInterval: Duration.millis(50),
  lease
})

const deadProcess = Layer.mergeAll(
  Layer.effect(Idempotency, Idempotency.make).pipe(Layer.provide(TestDatabase.deadProcessIdempotencyRecords)),
  CardSimulations.Default
).pipe(Layer.provide(timing))

type Fault = "after the claim" | "while waiting" | "after the hold" | "after the response is stored"

const killed = (step: Fault) => Effect.die(new Error(`the process was killed ${step}`))

/** The write with the fault placed at its step. */
const cut = <A, E, R>(write: AskingWrite<A, E, R>, fault: Fault): AskingWrite<A, E, R> => {
  switch (fault) {
    case "after the claim":
      return new AskingWrite(Effect.andThen(killed(fault), write.ask))
    case "after the hold":
      return new AskingWrite(Effect.map(write.ask, (apply) => Effect.tap(apply, () => killed(fault))))
    default:
      return write
  }
}

const IdRow = Schema.Struct({ id: Schema.String, status: Schema.String, applied: Schema.Boolean })
const KeyRow = Schema.Struct({ status: Schema.Number })
const HoldRow = Schema.Struct({ id: Schema.String })

const decisionsOf = (groupId: GroupId) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`SELECT id, status, applied FROM real_time_decisions WHERE group_id = ${groupId}`.pipe(
        Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(IdRow))),
        Effect.orDie
      )
  )

const keyStatusOf = (groupId: GroupId, key: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`SELECT status FROM idempotency_records WHERE group_id = ${groupId} AND key = ${key}`.pipe(
        Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(KeyRow))),
        Effect.orDie,
        Effect.map((rows) => rows.map((row) => row.status))
      )
  )

const pendingHoldsOf = (groupId: GroupId) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`SELECT id FROM pending_transactions WHERE group_id = ${groupId} AND status = 'pending'`.pipe(
        Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(HoldRow))),
        Effect.orDie
      )
  )

/** Polls (the database is the signal) until `found` holds; bounded. */
const eventually = <A, R>(look: Effect.Effect<A, never, R>, found: (value: A) => boolean) =>
  Effect.repeat(look, { until: found, schedule: Schedule.spaced(Duration.millis(20)) }).pipe(
    Effect.timeout(Duration.seconds(120)),
    Effect.orDie
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`a waiting card authorization cut at each step, retried with its key (${kind})`, () => {
    layer(TestServer.layer(kind).pipe(Layer.provide(timing)), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })(
      (it) => {
        const faults: ReadonlyArray<Fault> = [
          "after the claim",
          "while waiting",
          "after the hold",
          "after the response is stored"
        ]
        for (const fault of faults) {
          it.effect(`killed ${fault}: one decision, one hold, one answer`, () =>
            Effect.gen(function*() {
              const server = yield* TestServer.TestServer
              const { apiKey, groupId } = yield* server.newGroup()
              const api = raw(server, apiKey)
              const client = yield* server.clientFor(apiKey)
              const { cardId } = yield* cardOnFundedAccount(client, 10_000)
              const subscribed = yield* api.post("/event_subscriptions", {
                url: "https://hooks.example.com/decisions",
                selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
              })
              expect(subscribed.status).toBe(200)

              // the client's endpoint: approves every pending decision of the group (the test's side of the wire)
              const approvePending = Effect.gen(function*() {
                for (const decision of yield* decisionsOf(groupId)) {
                  if (decision.status !== "pending") continue
                  yield* api.post(`/real_time_decisions/${decision.id}/action`, {
                    card_authorization: { decision: "approve" }
                  })
                }
              })
              const answering = yield* Effect.forkChild(
                Effect.repeat(approvePending, Schedule.spaced(Duration.millis(20)))
              )

              const key = `cut-${fault.replaceAll(" ", "-")}`
              const body = { card_id: cardId, amount: 1_234 }
              const path = "/simulations/card_authorizations"
              const tenant = {
                groupId,
                environment: "sandbox" as const,
                apiKeyId: "api_key_dead",
                apiKeyDescription: null
              }

              // the first run, in the process that dies
              const firstRun = Effect.gen(function*() {
                const idempotency = yield* Idempotency
                const simulations = yield* CardSimulations
                return yield* idempotency.runAsking(
                  { key: Option.some(key), fingerprint: requestFingerprint("POST", path, JSON.stringify(body)) },
                  cut(simulations.authorize(body), fault),
                  (value) =>
                    Effect.map(
                      Effect.orDie(Schema.encodeEffect(CardAuthorizationSimulationResult)(value)),
                      (encoded) => ({ status: 200, body: encoded, resourceId: value.pending_transaction?.id ?? null })
                    )
                )
              }).pipe(Effect.provideService(Tenant, tenant), Effect.provide(deadProcess))

              if (fault === "while waiting") {
                yield* Fiber.interrupt(answering)
                const waiting = yield* Effect.forkChild(firstRun)
                yield* eventually(decisionsOf(groupId), (rows) => rows.length === 1)
                // the process dies while its decision is pending: nothing of it runs any more
                yield* Fiber.interrupt(waiting)
              } else {
                yield* Effect.exit(firstRun)
              }
              if (fault === "while waiting") {
                yield* Effect.forkChild(Effect.repeat(approvePending, Schedule.spaced(Duration.millis(20))))
              }

              // the client retries with the same key until it is answered (409 while the dead run's lease runs)
              const send = api.post(path, body, { headers: { "idempotency-key": key } })
              const answer: Answer = yield* eventually(send, (sent) => sent.status !== 409)
              expect(answer.status).toBe(200)
              const result = Schema.decodeUnknownSync(CardAuthorizationSimulationResult)(answer.body)
              expect(result.pending_transaction?.amount).toBe(-1_234)

              const decisions = yield* decisionsOf(groupId)
              expect(decisions.length).toBe(1)
              expect(decisions[0]).toMatchObject({ status: "responded", applied: true })
              expect((yield* pendingHoldsOf(groupId)).map((hold) => hold.id)).toEqual([result.pending_transaction?.id])
              expect(yield* keyStatusOf(groupId, key)).toEqual([200])

              // a further retry is the stored answer
              const replay = yield* send
              expect(replay.status).toBe(200)
              expect(replay.headers.get("idempotent-replayed")).toBe("true")
              expect(replay.body).toEqual(answer.body)
              expect((yield* decisionsOf(groupId)).length).toBe(1)
            }), Duration.toMillis(TestDatabase.timeout))
        }

        it.effect(
          "a dead run's key left alone is marked abandoned once its lease expires",
          () =>
            Effect.gen(function*() {
              const server = yield* TestServer.TestServer
              const { groupId } = yield* server.newGroup()
              const key = "left-alone"
              const claim = Effect.gen(function*() {
                const idempotency = yield* Idempotency
                return yield* Effect.exit(idempotency.runAsking(
                  { key: Option.some(key), fingerprint: "a request" },
                  new AskingWrite(killed("after the claim")),
                  () => Effect.succeed({ status: 200, body: {}, resourceId: null })
                ))
              }).pipe(
                Effect.provideService(Tenant, {
                  groupId,
                  environment: "sandbox",
                  apiKeyId: "api_key_dead",
                  apiKeyDescription: null
                }),
                Effect.provide(deadProcess)
              )
              yield* claim
              expect(yield* keyStatusOf(groupId, key)).toEqual([0])
              const sweep = Effect.gen(function*() {
                return yield* (yield* Idempotency).abandonExpired("sandbox")
              }).pipe(Effect.provide(deadProcess))
              yield* eventually(Effect.andThen(sweep, keyStatusOf(groupId, key)), (statuses) => statuses[0] === -1)
            }),
          Duration.toMillis(TestDatabase.timeout)
        )
      }
    )
  })
}
