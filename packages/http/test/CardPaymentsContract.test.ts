/** The card area in the contract: documented in /openapi.json, and absent from live servers' simulations. */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import * as TestServer from "./support/TestServer.js"
import { objectBody, send } from "./support/Wires.js"

const Operation = Schema.Struct({
  summary: Schema.String,
  description: Schema.String,
  tags: Schema.Array(Schema.String)
})
const OpenApiDocument = Schema.Struct({
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown))
})

const cardOperations: ReadonlyArray<readonly [string, string, string]> = [
  ["/card_payments", "get", "Card Payments"],
  ["/card_payments/{card_payment_id}", "get", "Card Payments"],
  ["/declined_transactions", "get", "Declined Transactions"],
  ["/declined_transactions/{declined_transaction_id}", "get", "Declined Transactions"],
  ["/digital_wallet_tokens", "get", "Digital Wallet Tokens"],
  ["/digital_wallet_tokens/{digital_wallet_token_id}", "get", "Digital Wallet Tokens"],
  ["/simulations/card_authorizations", "post", "Card Simulations"],
  ["/simulations/card_increments", "post", "Card Simulations"],
  ["/simulations/card_reversals", "post", "Card Simulations"],
  ["/simulations/card_authorization_expirations", "post", "Card Simulations"],
  ["/simulations/card_settlements", "post", "Card Simulations"],
  ["/simulations/card_refunds", "post", "Card Simulations"],
  ["/simulations/card_fuel_confirmations", "post", "Card Simulations"],
  ["/simulations/card_balance_inquiries", "post", "Card Simulations"],
  ["/simulations/card_authentications", "post", "Card Simulations"],
  ["/simulations/card_authentications/{card_payment_id}/challenges", "post", "Card Simulations"],
  ["/simulations/card_authentications/{card_payment_id}/challenge_attempts", "post", "Card Simulations"],
  ["/simulations/digital_wallet_token_requests", "post", "Card Simulations"]
]

for (const kind of TestDatabase.testDatabases) {
  describe(`the card area in /openapi.json (${kind})`, () => {
    layer(TestServer.layer(kind, "sandbox", { docs: true }), { timeout: TestDatabase.timeout })((it) => {
      it.effect("documents every card endpoint with its group's title, a summary and a description", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const response = yield* send(server, "GET", "/openapi.json")
          const document = Schema.decodeUnknownSync(OpenApiDocument)(response.body)
          for (const [path, method, tag] of cardOperations) {
            const operation = Schema.decodeUnknownSync(Operation)(document.paths[path]?.[method])
            expect({ path, tags: operation.tags }).toEqual({ path, tags: [tag] })
            expect(operation.summary.length).toBeGreaterThan(0)
            expect(operation.description.length).toBeGreaterThan(0)
          }
        }))
    })
  })

  describe(`card simulations on a live server (${kind})`, () => {
    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("do not exist there (404 api_method_not_found_error), while card payments are listed", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const simulated = yield* send(server, "POST", "/simulations/card_authorizations", {
            body: { amount: 100, card_id: "card_unknown" }
          })
          expect(simulated.status).toBe(404)
          expect(objectBody(simulated)).toMatchObject({ type: "api_method_not_found_error" })
          const listed = yield* send(server, "GET", "/card_payments")
          expect(listed.status).toBe(200)
          expect(objectBody(listed)).toEqual({ data: [], next_cursor: null })
        }))
    })
  })
}
