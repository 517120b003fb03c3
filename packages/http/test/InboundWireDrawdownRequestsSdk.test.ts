/**
 * Inbound wire drawdown requests through the official SDK 0.583: the
 * simulation receives one, list and retrieve read it, and a wire transfer
 * that answers one must name one of the caller's (404 otherwise).
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import { expectInvalidParameters, expectNotFound, expectNothingWritten, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { eventCategoriesOf, fundedAccount, wireBody } from "./support/Wires.js"

const refusalOf = (attempt: Promise<unknown>) => attempt.then(() => null, (error: unknown) => error)

for (const kind of TestDatabase.testDatabases) {
  describe(`inbound wire drawdown requests (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("are received by simulation, listed, retrieved, and checked on a wire that answers one", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const increase = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          const accountId = yield* fundedAccount(server.client, 50_000)
          const received = yield* Effect.promise(async () => {
            const number = await increase.accountNumbers.create({ account_id: accountId, name: "Drawdowns" })
            const request = await increase.simulations.inboundWireDrawdownRequests.create({
              amount: 10_000,
              creditor_account_number: "987654321",
              creditor_routing_number: "101050001",
              currency: "USD",
              recipient_account_number_id: number.id,
              creditor_name: "Ian Crease",
              unstructured_remittance_information: "Invoice 1234"
            })
            expect(request).toMatchObject({
              type: "inbound_wire_drawdown_request",
              amount: 10_000,
              currency: "USD",
              creditor_account_number: "987654321",
              creditor_routing_number: "101050001",
              creditor_name: "Ian Crease",
              debtor_name: null,
              recipient_account_number_id: number.id,
              unstructured_remittance_information: "Invoice 1234"
            })
            expect(request.id).toMatch(/^inbound_wire_drawdown_request_[0-9a-z]{20}$/)
            expect(request.input_message_accountability_data).toMatch(/^\d{8}MONETASB\d{6}$/)
            expect(await increase.inboundWireDrawdownRequests.retrieve(request.id)).toEqual(request)
            const listed = []
            for await (const each of increase.inboundWireDrawdownRequests.list()) listed.push(each.id)
            expect(listed).toContain(request.id)

            const answer = await increase.wireTransfers.create({
              ...wireBody(accountId, 10_000),
              inbound_wire_drawdown_request_id: request.id
            })
            expect(answer.inbound_wire_drawdown_request_id).toBe(request.id)
            expect(
              await refusalOf(increase.wireTransfers.create({
                ...wireBody(accountId, 100),
                inbound_wire_drawdown_request_id: "inbound_wire_drawdown_request_doesnotexist"
              }))
            ).toBeInstanceOf(Increase.ObjectNotFoundError)
            return request
          })
          expect(yield* eventCategoriesOf(server.client, received.id)).toEqual([
            "inbound_wire_drawdown_request.created"
          ])

          // another group's request is as unknown as one that never existed
          const other = yield* server.newGroup()
          const otherHttp = raw(server, other.apiKey)
          expectNotFound(yield* otherHttp.get(`/inbound_wire_drawdown_requests/${received.id}`))
        }))

      it.effect("refuses a simulation for another's account number (404) or a bad body (400), writing nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const body = {
            amount: 10_000,
            creditor_account_number: "987654321",
            creditor_routing_number: "101050001",
            currency: "USD",
            recipient_account_number_id: "account_number_doesnotexist"
          }
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectNotFound(yield* http.post("/simulations/inbound_wire_drawdown_requests", body))
              expectInvalidParameters(
                yield* http.post("/simulations/inbound_wire_drawdown_requests", { ...body, amount: 0 }),
                ["amount"]
              )
              expectInvalidParameters(
                yield* http.post("/simulations/inbound_wire_drawdown_requests", { ...body, currency: "EUR" }),
                ["currency"]
              )
              expectInvalidParameters(
                yield* http.post("/simulations/inbound_wire_drawdown_requests", {
                  ...body,
                  creditor_routing_number: "123456789"
                }),
                ["creditor_routing_number"]
              )
              expectNotFound(yield* http.get("/inbound_wire_drawdown_requests/inbound_wire_drawdown_request_nope"))
            })
          )
        }))
    })
  })
}
