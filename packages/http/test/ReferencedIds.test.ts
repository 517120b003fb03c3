/**
 * Issue 28: ids a request names are checked against the caller's group and
 * environment, like a wire's `account_id`. The account an interest payment
 * accrued on and the identity documents of an entity are the caller's own;
 * another group's id answers the same 404 as an id that never existed, and
 * nothing is written.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import { type Answer, expectNothingWritten, expectSameNotFound, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const Identified = Schema.Struct({ id: Schema.String })
const idOf = (answer: Answer) => Schema.decodeUnknownSync(Identified)(answer.body).id

/** An identity document uploaded with fetch, as a client without the SDK would. */
const uploadScan = (server: Pick<TestServer.TestServerShape, "baseUrl">, apiKey: string) =>
  Effect.promise(async () => {
    const form = new FormData()
    form.append("purpose", "identity_document")
    form.append("file", new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46])], { type: "application/pdf" }), "id.pdf")
    const response = await fetch(`${server.baseUrl}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}` },
      body: form
    })
    expect(response.status).toBe(200)
    return Schema.decodeUnknownSync(Identified)(await response.json()).id
  })

const address = { line1: "1 Quay St", city: "Hampton", state: "VA", zip: "23666" }

/** A person identified by passport and, for the beneficial owner, by driver's license with both sides. */
const person = (passportFileId: string) => ({
  structure: "natural_person",
  natural_person: {
    name: "Ada Traveller",
    date_of_birth: "1980-02-03",
    address,
    identification: {
      method: "passport",
      number: "X1234567",
      passport: { country: "GB", expiration_date: "2031-01-01", file_id: passportFileId }
    }
  }
})

const corporation = (frontFileId: string, backFileId: string) => ({
  structure: "corporation",
  corporation: {
    name: "Quay Traders Inc.",
    tax_identifier: "602214076",
    address,
    beneficial_owners: [{
      individual: {
        name: "Ada Owner",
        date_of_birth: "1970-01-01",
        address,
        identification: {
          method: "drivers_license",
          number: "D1234567",
          drivers_license: {
            expiration_date: "2030-01-01",
            file_id: frontFileId,
            state: "VA",
            back_file_id: backFileId
          }
        }
      },
      prongs: ["ownership"]
    }]
  }
})

for (const kind of TestDatabase.testDatabases) {
  describe(`referenced ids are the caller's (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("an interest payment accrues only on one of the caller's accounts", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const stranger = yield* server.newGroup()
          const strangerAccount = idOf(
            yield* raw(server, stranger.apiKey).post("/accounts", { name: "Stranger's savings" })
          )
          const pay = (accruedOn: string) =>
            raw(server).post("/simulations/interest_payments", {
              account_id: server.accountId,
              amount: 100,
              accrued_on_account_id: accruedOn
            })
          const foreign = yield* expectNothingWritten(server.client, pay(strangerAccount))
          const unknown = yield* expectNothingWritten(server.client, pay("account_doesnotexist"))
          expectSameNotFound(foreign, strangerAccount, unknown, "account_doesnotexist")
          expect(foreign.body).toMatchObject({ detail: expect.stringContaining(strangerAccount) })

          const savings = idOf(yield* raw(server).post("/accounts", { name: "Savings" }))
          const paid = yield* pay(savings)
          expect(paid.status).toBe(200)
          expect(paid.body).toMatchObject({
            account_id: server.accountId,
            source: { category: "interest_payment", interest_payment: { accrued_on_account_id: savings } }
          })
        }))

      it.effect("an entity's identity documents are files of the caller's", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const stranger = yield* server.newGroup()
          const strangerScan = yield* uploadScan(server, stranger.apiKey)
          const ownScan = yield* uploadScan(server, server.apiKey)
          const ownBack = yield* uploadScan(server, server.apiKey)
          const create = (body: unknown) => raw(server).post("/entities", body)

          expectSameNotFound(
            yield* expectNothingWritten(server.client, create(person(strangerScan))),
            strangerScan,
            yield* expectNothingWritten(server.client, create(person("file_doesnotexist"))),
            "file_doesnotexist"
          )
          // A beneficial owner's document too, on either side of the license.
          const sides: ReadonlyArray<readonly [string, string]> = [[strangerScan, ownBack], [ownScan, strangerScan]]
          for (const [front, back] of sides) {
            const refused = yield* expectNothingWritten(server.client, create(corporation(front, back)))
            expect([front, back, refused.status, refused.body]).toMatchObject([front, back, 404, {
              type: "object_not_found_error",
              detail: expect.stringContaining(strangerScan)
            }])
          }

          expect((yield* create(person(ownScan))).status).toBe(200)
          expect((yield* create(corporation(ownScan, ownBack))).status).toBe(200)
        }))
    })
  })
}
