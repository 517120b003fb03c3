import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Result } from "effect"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, fundedAccount, objectBody, send, wireBody } from "./support/Wires.js"

/** Generous: these tests send dozens of requests at once, and CI machines are small and shared. */
const busyMachineTimeout = 120_000

/** The sum of the posted transactions of an account (the current balance must equal it). */
const postedSum = (client: TestServer.Client, accountId: string) =>
  Effect.map(
    client.transactions.list({ query: { account_id: AccountId.make(accountId) } }),
    (page) => page.data.reduce((total, transaction) => total + transaction.amount, 0)
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`wire transfers under concurrency (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "50 parallel wires whose sum exceeds the balance never overdraw the account",
        () =>
          Effect.gen(function*() {
            const { client } = yield* TestServer.TestServer
            const start = 10_000
            const accountId = yield* fundedAccount(client, start)
            // 50 amounts between 300 and 790: about 27 000 in all, far above the balance.
            const amounts = Array.from({ length: 50 }, (_, index) => 300 + ((index * 37) % 50) * 10)
            const outcomes = yield* Effect.all(
              amounts.map((amount, index) =>
                Effect.result(client.wireTransfers.create({
                  payload: wireBody(accountId, amount, { require_approval: index % 3 === 0 })
                }))
              ),
              { concurrency: "unbounded" }
            )
            const accepted = outcomes.flatMap((outcome) => Result.isSuccess(outcome) ? [outcome.success] : [])
            for (const outcome of outcomes) {
              if (Result.isFailure(outcome)) expect(outcome.failure._tag).toBe("InvalidOperationError")
            }
            const acceptedSum = accepted.reduce((total, transfer) => total + transfer.amount, 0)
            const heldSum = accepted
              .filter((transfer) => transfer.status === "pending_approval")
              .reduce((total, transfer) => total + transfer.amount, 0)
            expect(accepted.length).toBeGreaterThan(0)
            expect(accepted.length).toBeLessThan(50)
            expect(acceptedSum).toBeLessThanOrEqual(start)
            const balance = yield* balanceOf(client, accountId)
            expect(balance).toEqual({ current: start - (acceptedSum - heldSum), available: start - acceptedSum })
            expect(balance.available).toBeGreaterThanOrEqual(0)
            expect(yield* postedSum(client, accountId)).toBe(balance.current)
            const listed = yield* client.wireTransfers.list({ query: { account_id: AccountId.make(accountId) } })
            expect(listed.data.map((transfer) => transfer.id).sort()).toEqual(
              accepted.map((transfer) => transfer.id).sort()
            )
          }),
        busyMachineTimeout
      )

      it.effect(
        "20 parallel approve and cancel calls on one transfer have exactly one outcome",
        () =>
          Effect.gen(function*() {
            const { client } = yield* TestServer.TestServer
            const accountId = yield* fundedAccount(client, 10_000)
            const transfer = yield* client.wireTransfers.create({
              payload: wireBody(accountId, 4_000, { require_approval: true })
            })
            const byId = { params: { wire_transfer_id: transfer.id } }
            const outcomes = yield* Effect.all(
              Array.from({ length: 20 }, (_, index) =>
                Effect.result(
                  index % 2 === 0 ? client.wireTransfers.approve(byId) : client.wireTransfers.cancel(byId)
                )),
              { concurrency: "unbounded" }
            )
            const succeeded = outcomes.flatMap((outcome) => Result.isSuccess(outcome) ? [outcome.success] : [])
            expect(succeeded).toHaveLength(1)
            for (const outcome of outcomes) {
              if (Result.isFailure(outcome)) expect(outcome.failure._tag).toBe("InvalidOperationError")
            }
            const final = yield* client.wireTransfers.retrieve(byId)
            expect(final).toEqual(succeeded[0])
            const balance = yield* balanceOf(client, accountId)
            if (final.status === "pending_creating") {
              expect(balance).toEqual({ current: 6_000, available: 6_000 })
            } else {
              expect(final.status).toBe("canceled")
              expect(balance).toEqual({ current: 10_000, available: 10_000 })
            }
            expect(yield* postedSum(client, accountId)).toBe(balance.current)
          }),
        busyMachineTimeout
      )

      it.effect("parallel requests with one idempotency key create one transfer", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const accountId = yield* fundedAccount(client, 10_000)
          const key = `parallel-${accountId}`
          const responses = yield* Effect.all(
            Array.from({ length: 12 }, () =>
              send(server, "POST", "/wire_transfers", { body: wireBody(accountId, 1_000), idempotencyKey: key })),
            { concurrency: "unbounded" }
          )
          for (const response of responses) {
            expect(response.status).toBe(200)
          }
          const ids = new Set(responses.map((response) =>
            objectBody(response)["id"]
          ))
          expect(ids.size).toBe(1)
          expect(responses.filter((response) => !response.replayed)).toHaveLength(1)
          const listed = yield* client.wireTransfers.list({ query: { idempotency_key: key } })
          expect(listed.data).toHaveLength(1)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 9_000, available: 9_000 })
        }), busyMachineTimeout)

      it.effect(
        "parallel approvals, cancellations and new wires across accounts do not deadlock or overdraw",
        () =>
          Effect.gen(function*() {
            const { client } = yield* TestServer.TestServer
            const accounts = yield* Effect.all([fundedAccount(client, 5_000), fundedAccount(client, 5_000)])
            const pending = yield* Effect.forEach(accounts, (accountId) =>
              Effect.forEach(
                [1_000, 1_500],
                (amount) =>
                  client.wireTransfers.create({ payload: wireBody(accountId, amount, { require_approval: true }) })
              ))
            const actions = pending.flat().flatMap((transfer, index) => [
              Effect.result(
                index % 2 === 0
                  ? client.wireTransfers.approve({ params: { wire_transfer_id: transfer.id } })
                  : client.wireTransfers.cancel({ params: { wire_transfer_id: transfer.id } })
              )
            ])
            const creates = accounts.flatMap((accountId) =>
              Array.from(
                { length: 10 },
                () => Effect.result(client.wireTransfers.create({ payload: wireBody(accountId, 600) }))
              )
            )
            const outcomes = yield* Effect.all([...actions, ...creates], { concurrency: "unbounded" })
            for (const outcome of outcomes) {
              if (Result.isFailure(outcome)) expect(outcome.failure._tag).toBe("InvalidOperationError")
            }
            for (const accountId of accounts) {
              const balance = yield* balanceOf(client, accountId)
              expect(balance.available).toBeGreaterThanOrEqual(0)
              expect(yield* postedSum(client, accountId)).toBe(balance.current)
              const holds = yield* client.pendingTransactions.list({
                query: { account_id: AccountId.make(accountId), "status.in": ["pending"] }
              })
              expect(holds.data).toHaveLength(0)
              expect(balance.available).toBe(balance.current)
            }
          }),
        busyMachineTimeout
      )
    })
  })
}
