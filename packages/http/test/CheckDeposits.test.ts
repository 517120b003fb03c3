/**
 * Check deposits made through the API and processed by the sandbox's
 * simulations, through the real HTTP layer and store: states, money,
 * declined transactions, events, refusals and idempotency.
 */
import { describe, expect, layer } from "@effect/vitest"
import {
  AccountId,
  type CheckDepositId,
  DeclinedTransactionId,
  type FileId,
  PendingTransactionId,
  TransactionId
} from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount, objectBody, send, wireBody } from "./support/Wires.js"

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

/** A File of the caller's uploaded with `purpose`. */
const upload = (client: TestServer.Client, purpose: string) =>
  Effect.gen(function*() {
    const form = new FormData()
    form.append("purpose", purpose)
    form.append("file", new Blob([png], { type: "image/png" }), `${purpose}.png`)
    return (yield* client.files.create({ payload: form })).id
  })

/** A new (unfunded unless `funding` > 0) account and check images of both sides. */
const depositSetup = (client: TestServer.Client, funding = 0) =>
  Effect.gen(function*() {
    return {
      accountId: AccountId.make(yield* fundedAccount(client, funding)),
      front: yield* upload(client, "check_image_front"),
      back: yield* upload(client, "check_image_back")
    }
  })

const createDeposit = (
  client: TestServer.Client,
  setup: { readonly accountId: AccountId; readonly front: FileId; readonly back: FileId },
  amount: number
) =>
  client.checkDeposits.create({
    payload: {
      account_id: setup.accountId,
      amount,
      front_image_file_id: setup.front,
      back_image_file_id: setup.back,
      description: "Rent"
    }
  })

const byId = (id: CheckDepositId) => ({ params: { check_deposit_id: id } })

/** The error tag an effect fails with ("accepted" when it succeeds). */
const outcomeTag = <A, E extends { readonly _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.match(effect, { onFailure: (error) => error._tag, onSuccess: () => "accepted" })

for (const kind of TestDatabase.testDatabases) {
  describe(`check deposits (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("create is pending; submit credits the amount; return debits it back, each a 409 out of turn", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const setup = yield* depositSetup(client)
          const deposit = yield* createDeposit(client, setup, 12_500)
          expect(deposit).toMatchObject({
            type: "check_deposit",
            status: "pending",
            amount: 12_500,
            account_id: setup.accountId,
            front_image_file_id: setup.front,
            back_image_file_id: setup.back,
            description: "Rent",
            transaction_id: null,
            deposit_acceptance: null,
            deposit_submission: null,
            inbound_mail_item_id: null
          })
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: 0, available: 0 })
          expect(yield* outcomeTag(client.checkDepositSimulations.return(byId(deposit.id)))).toBe(
            "InvalidOperationError"
          )

          const submitted = yield* client.checkDepositSimulations.submit({
            ...byId(deposit.id),
            payload: { scan: { account_number: "1234567", routing_number: "021000021", serial_number: "1042" } }
          })
          expect(submitted.status).toBe("submitted")
          expect(submitted.deposit_acceptance).toEqual({
            account_number: "1234567",
            amount: 12_500,
            auxiliary_on_us: null,
            check_deposit_id: deposit.id,
            currency: "USD",
            routing_number: "021000021",
            serial_number: "1042"
          })
          expect(submitted.deposit_submission).toMatchObject({ front_file_id: setup.front, back_file_id: setup.back })
          const credit = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(submitted.transaction_id ?? "") }
          })
          expect(credit).toMatchObject({
            amount: 12_500,
            account_id: setup.accountId,
            source: { category: "check_deposit_acceptance", check_deposit_acceptance: submitted.deposit_acceptance }
          })
          // The credit is held until the hold is released.
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: 12_500, available: 0 })
          const holdId = submitted.inbound_funds_hold?.pending_transaction_id ?? null
          expect(holdId).not.toBeNull()
          const released = yield* client.pendingTransactionSimulations.releaseInboundFundsHold({
            params: { pending_transaction_id: PendingTransactionId.make(holdId ?? "") }
          })
          expect(released).toMatchObject({ id: holdId, status: "complete", amount: -12_500 })
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: 12_500, available: 12_500 })
          expect(yield* outcomeTag(client.checkDepositSimulations.submit({ ...byId(deposit.id), payload: {} }))).toBe(
            "InvalidOperationError"
          )
          expect(yield* outcomeTag(client.checkDepositSimulations.reject(byId(deposit.id)))).toBe(
            "InvalidOperationError"
          )

          // Spend part of it first: the return takes the whole amount back and overdraws the account.
          yield* client.simulations.interestPayment({ payload: { account_id: setup.accountId, amount: 500 } })
          const returned = yield* client.checkDepositSimulations.return(byId(deposit.id))
          expect(returned.status).toBe("returned")
          expect(returned.transaction_id).toBe(submitted.transaction_id)
          expect(returned.deposit_return).toMatchObject({
            amount: 12_500,
            check_deposit_id: deposit.id,
            currency: "USD",
            return_reason: "insufficient_funds"
          })
          const debit = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(returned.deposit_return?.transaction_id ?? "") }
          })
          expect(debit).toMatchObject({
            amount: -12_500,
            source: { category: "check_deposit_return", check_deposit_return: returned.deposit_return }
          })
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: 500, available: 500 })
          for (
            const step of [
              client.checkDepositSimulations.submit({ ...byId(deposit.id), payload: {} }),
              client.checkDepositSimulations.reject(byId(deposit.id)),
              client.checkDepositSimulations.return(byId(deposit.id))
            ]
          ) {
            expect(yield* outcomeTag(step)).toBe("InvalidOperationError")
          }
          expect(yield* client.checkDeposits.retrieve(byId(deposit.id))).toEqual(returned)
          expect(yield* eventCategoriesOf(client, deposit.id)).toEqual([
            "check_deposit.created",
            "check_deposit.updated",
            "check_deposit.updated",
            "check_deposit.updated"
          ])
        }))

      it.effect("a return may overdraw the account", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const setup = yield* depositSetup(client)
          const deposit = yield* createDeposit(client, setup, 3_000)
          const submitted = yield* client.checkDepositSimulations.submit({ ...byId(deposit.id), payload: {} })
          yield* client.pendingTransactionSimulations.releaseInboundFundsHold({
            params: {
              pending_transaction_id: PendingTransactionId.make(
                submitted.inbound_funds_hold?.pending_transaction_id ?? ""
              )
            }
          })
          yield* client.wireTransfers.create({ payload: wireBody(setup.accountId, 2_000) })
          yield* client.checkDepositSimulations.return(byId(deposit.id))
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: -2_000, available: -2_000 })
        }))

      it.effect("reject records a declined transaction and moves no money", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const setup = yield* depositSetup(client, 1_000)
          const deposit = yield* createDeposit(client, setup, 4_200)
          const rejected = yield* client.checkDepositSimulations.reject(byId(deposit.id))
          expect(rejected.status).toBe("rejected")
          expect(rejected.transaction_id).toBeNull()
          expect(rejected.deposit_rejection).toMatchObject({
            amount: 4_200,
            check_deposit_id: deposit.id,
            currency: "USD",
            reason: "poor_image_quality"
          })
          const declinedId = DeclinedTransactionId.make(rejected.deposit_rejection?.declined_transaction_id ?? "")
          const declined = yield* client.declinedTransactions.retrieve({
            params: { declined_transaction_id: declinedId }
          })
          expect(declined).toMatchObject({
            amount: 4_200,
            account_id: setup.accountId,
            source: { category: "check_deposit_rejection", check_deposit_rejection: rejected.deposit_rejection }
          })
          const listed = yield* client.declinedTransactions.list({
            query: { account_id: setup.accountId, "category.in": ["check_deposit_rejection"] }
          })
          expect(listed.data.map((item) => item.id)).toEqual([declinedId])
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: 1_000, available: 1_000 })
          expect(yield* outcomeTag(client.checkDepositSimulations.submit({ ...byId(deposit.id), payload: {} }))).toBe(
            "InvalidOperationError"
          )
          expect(yield* eventCategoriesOf(client, deposit.id)).toEqual([
            "check_deposit.created",
            "check_deposit.updated"
          ])
          expect(yield* eventCategoriesOf(client, declinedId)).toEqual(["declined_transaction.created"])
        }))

      it.effect("images must be the caller's check images of their sides; the account must be the caller's", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const setup = yield* depositSetup(client)
          const swapped = yield* send(server, "POST", "/check_deposits", {
            body: {
              account_id: setup.accountId,
              amount: 100,
              front_image_file_id: setup.back,
              back_image_file_id: setup.front
            }
          })
          expect(swapped.status).toBe(400)
          expect(objectBody(swapped)).toMatchObject({
            type: "invalid_parameters_error",
            errors: [
              { field: "front_image_file_id", message: expect.stringContaining("check_image_front") },
              { field: "back_image_file_id", message: expect.stringContaining("check_image_back") }
            ]
          })
          const identity = yield* upload(client, "identity_document")
          const wrongBack = yield* send(server, "POST", "/check_deposits", {
            body: {
              account_id: setup.accountId,
              amount: 100,
              front_image_file_id: setup.front,
              back_image_file_id: identity
            }
          })
          expect(objectBody(wrongBack).errors).toEqual([
            { field: "back_image_file_id", message: expect.stringContaining("identity_document") }
          ])

          const other = yield* server.newGroup()
          const otherClient = yield* server.clientFor(other.apiKey)
          const foreignFile = yield* upload(otherClient, "check_image_front")
          const foreign = yield* send(server, "POST", "/check_deposits", {
            body: {
              account_id: setup.accountId,
              amount: 100,
              front_image_file_id: foreignFile,
              back_image_file_id: setup.back
            }
          })
          expect(foreign.status).toBe(404)
          expect(objectBody(foreign).type).toBe("object_not_found_error")
          const unknownAccount = yield* send(server, "POST", "/check_deposits", {
            body: {
              account_id: "account_doesnotexist000000",
              amount: 100,
              front_image_file_id: setup.front,
              back_image_file_id: setup.back
            }
          })
          expect(unknownAccount.status).toBe(404)
          const missingImage = yield* send(server, "POST", "/check_deposits", {
            body: { account_id: setup.accountId, amount: 100, front_image_file_id: setup.front }
          })
          expect(missingImage.status).toBe(400)
          // Another group's deposit is not found by its simulations either.
          const deposit = yield* createDeposit(client, setup, 100)
          expect(yield* outcomeTag(otherClient.checkDepositSimulations.submit({ ...byId(deposit.id), payload: {} })))
            .toBe("ObjectNotFoundError")
          const list = yield* client.checkDeposits.list({ query: { account_id: setup.accountId } })
          expect(list.data.map((item) => item.id)).toEqual([deposit.id])
        }))

      it.effect("concurrent submits and rejects of one deposit: exactly one succeeds, credited at most once", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const setup = yield* depositSetup(client)
          const deposit = yield* createDeposit(client, setup, 900)
          const steps = Array.from({ length: 10 }, (_, index) =>
            index % 2 === 0
              ? client.checkDepositSimulations.submit({ ...byId(deposit.id), payload: {} })
              : client.checkDepositSimulations.reject(byId(deposit.id)))
          const tags = yield* Effect.all(steps.map(outcomeTag), { concurrency: "unbounded" })
          expect(tags.filter((tag) => tag === "accepted")).toHaveLength(1)
          expect(tags.filter((tag) => tag !== "accepted").every((tag) => tag === "InvalidOperationError")).toBe(true)
          const final = yield* client.checkDeposits.retrieve(byId(deposit.id))
          const credited = final.status === "submitted" ? 900 : 0
          // A submitted deposit's credit is held: nothing of it is available yet.
          expect(yield* balanceOf(client, setup.accountId)).toEqual({ current: credited, available: 0 })
          expect((yield* eventCategoriesOf(client, deposit.id)).length).toBe(2)
        }))

      it.effect("create and the simulations are idempotent by key", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const setup = yield* depositSetup(server.client)
          const body = {
            account_id: setup.accountId,
            amount: 777,
            front_image_file_id: setup.front,
            back_image_file_id: setup.back
          }
          const first = yield* send(server, "POST", "/check_deposits", { body, idempotencyKey: "deposit-1" })
          const again = yield* send(server, "POST", "/check_deposits", { body, idempotencyKey: "deposit-1" })
          expect(first.status).toBe(200)
          expect(again).toMatchObject({ status: 200, replayed: true, body: first.body })
          expect(objectBody(first).idempotency_key).toBe("deposit-1")
          const changed = yield* send(server, "POST", "/check_deposits", {
            body: { ...body, amount: 778 },
            idempotencyKey: "deposit-1"
          })
          expect(changed.status).toBe(409)
          const id = String(objectBody(first).id)
          const submit = yield* send(server, "POST", `/simulations/check_deposits/${id}/submit`, {
            idempotencyKey: "s-1"
          })
          const resubmit = yield* send(server, "POST", `/simulations/check_deposits/${id}/submit`, {
            idempotencyKey: "s-1"
          })
          expect(submit.status).toBe(200)
          expect(resubmit).toMatchObject({ status: 200, replayed: true })
          // Submitted once: one credit, held by one hold.
          expect(yield* balanceOf(server.client, setup.accountId)).toEqual({ current: 777, available: 0 })
          const listed = yield* server.client.checkDeposits.list({ query: { idempotency_key: "deposit-1" } })
          expect(listed.data.map((item) => item.id)).toEqual([id])
        }))
    })
  })
}
