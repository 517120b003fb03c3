import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import {
  expectInvalidParameters,
  expectNotFound,
  expectNothingWritten,
  expectSameNotFound,
  raw,
  text
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const address = { line1: "1 Navy Yard", city: "Arlington", state: "VA", zip: "22202" }

const naturalPerson = {
  name: "Grace Hopper",
  date_of_birth: "1906-12-09",
  address,
  identification: { method: "social_security_number", number: "078051120" }
} as const

const corporation = {
  name: "Analytical Engines Inc.",
  tax_identifier: "602214076",
  address: { ...address, line2: "Suite 100" },
  website: "https://example.com"
} as const

for (const kind of TestDatabase.testDatabases) {
  describe(`entities (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates natural persons and corporations, retrieves and lists them", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const person = yield* client.entities.create({
            payload: { structure: "natural_person", natural_person: naturalPerson, description: "Founder" }
          })
          expect(person).toMatchObject({
            type: "entity",
            structure: "natural_person",
            status: "active",
            description: "Founder",
            corporation: null,
            idempotency_key: null,
            natural_person: {
              name: "Grace Hopper",
              date_of_birth: "1906-12-09",
              // Without a country, the address is in the United States.
              address: { ...address, line2: null, country: "US" },
              // The full identification number is never echoed.
              identification: { method: "social_security_number", number_last4: "1120" }
            }
          })
          expect(person.id).toMatch(/^entity_[0-9a-z]{20}$/)
          const company = yield* client.entities.create({
            payload: {
              structure: "corporation",
              corporation: { ...corporation, address: { ...corporation.address, country: "CA" } }
            }
          })
          expect(company).toMatchObject({
            structure: "corporation",
            natural_person: null,
            description: null,
            corporation: {
              name: corporation.name,
              tax_identifier: "602214076",
              website: "https://example.com",
              incorporation_state: null,
              address: { ...address, line2: "Suite 100", country: "CA" }
            }
          })
          expect(yield* client.entities.retrieve({ params: { entity_id: person.id } })).toEqual(person)
          const page = yield* client.entities.list({ query: { limit: 2 } })
          expect(page.data.map((each) => each.id)).toEqual([company.id, person.id])
          const rest = yield* client.entities.list({ query: { cursor: page.next_cursor ?? "" } })
          expect(rest.data.map((each) => each.id)).not.toContain(person.id)
        }))

      it.effect("refuses bad bodies, naming each field by its dotted path, and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const before = yield* server.client.entities.list({ query: {} })
          const person = (changes: Record<string, unknown>) => ({
            structure: "natural_person",
            natural_person: { ...naturalPerson, ...changes }
          })
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(yield* http.post("/entities", {}), ["structure"])
              expectInvalidParameters(yield* http.post("/entities", { structure: "sole_trader" }), ["structure"])
              expectInvalidParameters(yield* http.post("/entities", { structure: "natural_person" }), [
                "natural_person"
              ])
              expectInvalidParameters(
                yield* http.post("/entities", { structure: "corporation", natural_person: naturalPerson }),
                [
                  "corporation"
                ]
              )
              expectInvalidParameters(yield* http.post("/entities", person({ name: 5 })), ["natural_person.name"])
              expectInvalidParameters(yield* http.post("/entities", person({ name: text(201) })), [
                "natural_person.name"
              ])
              expectInvalidParameters(yield* http.post("/entities", person({ date_of_birth: "1906-13-09" })), [
                "natural_person.date_of_birth"
              ])
              expectInvalidParameters(
                yield* http.post("/entities", person({ address: { ...address, zip: "2220", state: "Virginia" } })),
                ["natural_person.address.zip", "natural_person.address.state"]
              )
              const { city: _city, ...withoutCity } = address
              expectInvalidParameters(yield* http.post("/entities", person({ address: withoutCity })), [
                "natural_person.address.city"
              ])
              expectInvalidParameters(
                yield* http.post(
                  "/entities",
                  person({ identification: { method: "palm_reading", number: "078051120" } })
                ),
                ["natural_person.identification.method"]
              )
              expectInvalidParameters(
                yield* http.post("/entities", person({ identification: { method: "passport", number: "123" } })),
                ["natural_person.identification.number"]
              )
              expectInvalidParameters(
                yield* http.post("/entities", person({ address: { ...address, county: "Arlington" } })),
                [
                  "natural_person.address.county"
                ]
              )
              expectInvalidParameters(
                yield* http.post("/entities", person({ address: { ...address, country: "USA" } })),
                [
                  "natural_person.address.country"
                ]
              )
              expectInvalidParameters(
                yield* http.post("/entities", {
                  structure: "natural_person",
                  natural_person: naturalPerson,
                  color: "blue"
                }),
                ["color"]
              )
              expectInvalidParameters(
                yield* http.post("/entities", {
                  structure: "corporation",
                  corporation: { ...corporation, tax_identifier: "12-34" }
                }),
                ["corporation.tax_identifier"]
              )
              expectInvalidParameters(
                yield* http.post("/entities", {
                  structure: "natural_person",
                  natural_person: naturalPerson,
                  description: ""
                }),
                ["description"]
              )
            })
          )
          const after = yield* server.client.entities.list({ query: {} })
          expect(after.data).toEqual(before.data)
        }))

      it.effect("refuses bad list parameters", () =>
        Effect.gen(function*() {
          const http = raw(yield* TestServer.TestServer)
          expectInvalidParameters(yield* http.get("/entities?limit=0"), ["limit"])
          expectInvalidParameters(yield* http.get("/entities?limit=101"), ["limit"])
          expectInvalidParameters(yield* http.get("/entities?structure=corporation"), ["structure"])
          expectInvalidParameters(yield* http.get("/entities?created_at.before=last-tuesday"), ["created_at.before"])
          expectInvalidParameters(yield* http.get("/entities?cursor=abc"), ["cursor"])
        }))

      it.effect("answers 404 for unknown ids and for another group's ids alike", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirs = yield* otherClient.entities.create({
            payload: { structure: "natural_person", natural_person: naturalPerson }
          })
          const unknownId = "entity_doesnotexist000000"
          expectSameNotFound(
            yield* http.get(`/entities/${theirs.id}`),
            theirs.id,
            yield* http.get(`/entities/${unknownId}`),
            unknownId
          )
          expectNotFound(yield* http.get("/entities/not-even-an-entity-id"))
          const mine = yield* server.client.entities.list({ query: {} })
          expect(mine.data.map((each) => each.id)).not.toContain(theirs.id)
        }))
    })
  })
}
