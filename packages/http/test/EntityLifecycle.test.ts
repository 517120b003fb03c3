/**
 * Entities beyond natural persons and corporations, and after creation,
 * through the HTTP layer and the store: joint entities, trusts and government
 * authorities with their required fields; `PATCH /entities/{id}` (its own
 * structure's details only) and `POST /entities/{id}/archive` (not while it
 * owns an open account), each with `entity.updated`.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import { expectError, expectInvalidParameters, expectNotFound, expectNothingWritten, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { eventCategoriesOf, wireBody } from "./support/Wires.js"

const address = { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045" }
const storedAddress = { ...address, line2: null, country: "US" }

const person = (name: string, number = "078051120") => ({
  name,
  date_of_birth: "1970-01-31",
  address,
  identification: { method: "social_security_number" as const, number }
})

/** The id of the object an answer carries. */
const idOf = (answer: { readonly body: unknown }) =>
  Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))(answer.body).id

const storedPerson = (name: string, last4 = "1120") => ({
  name,
  date_of_birth: "1970-01-31",
  address: storedAddress,
  identification: { method: "social_security_number", number_last4: last4 }
})

const trust = {
  name: "Crease Family Trust",
  category: "revocable",
  address,
  trustees: [{ structure: "individual", individual: person("Ian Crease") }],
  grantor: person("Ada Crease", "123456789"),
  formation_state: "NY"
}

const governmentAuthority = {
  name: "City of Springfield",
  category: "municipality",
  address,
  tax_identifier: "602214076",
  authorized_persons: [{ name: "Ian Crease" }, { name: "Ada Crease" }],
  website: "https://springfield.example"
}

for (const kind of TestDatabase.testDatabases) {
  describe(`entity lifecycle (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates joint entities, trusts and government authorities, and reads them back", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const joint = yield* http.post("/entities", {
            structure: "joint",
            joint: { individuals: [person("Ian Crease"), person("Ada Crease", "123456789")] },
            risk_rating: { rated_at: "2026-11-01T00:00:00.000Z", rating: "low" },
            third_party_verification: { reference: "ref-1", vendor: "persona" },
            terms_agreements: [{
              agreed_at: "2026-11-01T00:00:00.000Z",
              ip_address: "192.0.2.1",
              terms_url: "https://example.com/terms"
            }]
          })
          expect(joint.status).toBe(200)
          expect(joint.body).toMatchObject({
            structure: "joint",
            status: "active",
            natural_person: null,
            corporation: null,
            trust: null,
            government_authority: null,
            joint: {
              name: "Ian Crease and Ada Crease",
              individuals: [storedPerson("Ian Crease"), storedPerson("Ada Crease", "6789")]
            },
            risk_rating: { rated_at: "2026-11-01T00:00:00.000Z", rating: "low" },
            third_party_verification: { reference: "ref-1", vendor: "persona" },
            terms_agreements: [{ ip_address: "192.0.2.1", terms_url: "https://example.com/terms" }]
          })

          const createdTrust = yield* http.post("/entities", { structure: "trust", trust })
          expect(createdTrust.body).toMatchObject({
            structure: "trust",
            joint: null,
            trust: {
              name: "Crease Family Trust",
              category: "revocable",
              address: storedAddress,
              trustees: [{ structure: "individual", individual: storedPerson("Ian Crease") }],
              grantor: storedPerson("Ada Crease", "6789"),
              tax_identifier: null,
              formation_document_file_id: null,
              formation_state: "NY"
            }
          })

          const authority = yield* http.post("/entities", {
            structure: "government_authority",
            government_authority: governmentAuthority
          })
          expect(authority.body).toMatchObject({
            structure: "government_authority",
            government_authority: {
              name: "City of Springfield",
              category: "municipality",
              address: storedAddress,
              tax_identifier: "602214076",
              website: "https://springfield.example",
              authorized_persons: [{ name: "Ian Crease" }, { name: "Ada Crease" }]
            }
          })
          expect(authority.text).toMatch(/"authorized_person_id":"entity_authorized_person_[0-9a-z]{20}"/)
          const retrieved = yield* http.get(`/entities/${idOf(authority)}`)
          expect(retrieved.body).toEqual(authority.body)

          // a trust owns accounts as any entity does, and is the debtor of their wires
          const account = yield* http.post("/accounts", { name: "Trust account", entity_id: idOf(createdTrust) })
          expect(account.status).toBe(200)
          yield* server.client.simulations.interestPayment({
            payload: { account_id: AccountId.make(idOf(account)), amount: 1_000 }
          })
          const wire = yield* server.client.wireTransfers.create({ payload: wireBody(idOf(account), 500) })
          expect(wire.debtor).toMatchObject({
            name: "Crease Family Trust",
            address: { unstructured: { line1: "33 Liberty Street", line2: "New York, NY 10045" } }
          })
        }))

      it.effect("refuses each structure without its required fields (400, naming them) and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(
                yield* http.post("/entities", { structure: "joint", joint: { individuals: [person("Only one")] } }),
                ["joint.individuals"]
              )
              expectInvalidParameters(yield* http.post("/entities", { structure: "joint" }), ["joint"])
              const { grantor: _, ...withoutGrantor } = trust
              expectInvalidParameters(yield* http.post("/entities", { structure: "trust", trust: withoutGrantor }), [
                "trust.grantor"
              ])
              expectInvalidParameters(
                yield* http.post("/entities", {
                  structure: "trust",
                  trust: { ...withoutGrantor, category: "irrevocable" }
                }),
                ["trust.tax_identifier"]
              )
              expectInvalidParameters(
                yield* http.post("/entities", { structure: "trust", trust: { ...trust, trustees: [] } }),
                ["trust.trustees"]
              )
              const { tax_identifier: __, ...withoutEin } = governmentAuthority
              expectInvalidParameters(
                yield* http.post("/entities", { structure: "government_authority", government_authority: withoutEin }),
                ["government_authority.tax_identifier"]
              )
              expectInvalidParameters(
                yield* http.post("/entities", {
                  structure: "government_authority",
                  government_authority: { ...governmentAuthority, category: "county" }
                }),
                ["government_authority.category"]
              )
              expectNotFound(
                yield* http.post("/entities", {
                  structure: "trust",
                  trust: { ...trust, formation_document_file_id: "file_doesnotexist" }
                })
              )
            })
          )
        }))

      it.effect("updates its own structure's details with entity.updated; another structure's are 400", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const entity = yield* server.client.entities.create({
            payload: { structure: "natural_person", natural_person: person("Grace Hopper") }
          })
          const moved = { line1: "1 Liberty Plaza", line2: "Floor 3", city: "New York", state: "NY", zip: "10006" }
          const updated = yield* http.patch(`/entities/${entity.id}`, {
            natural_person: { address: moved, name: "Grace B. Hopper" },
            details_confirmed_at: "2026-11-20T10:00:00.000Z",
            terms_agreements: [{
              agreed_at: "2026-11-20T10:00:00.000Z",
              ip_address: "192.0.2.7",
              terms_url: "https://example.com/terms/2"
            }]
          })
          expect(updated.status).toBe(200)
          expect(updated.body).toMatchObject({
            id: entity.id,
            natural_person: {
              name: "Grace B. Hopper",
              address: { ...moved, country: "US" },
              identification: { method: "social_security_number", number_last4: "1120" }
            },
            details_confirmed_at: "2026-11-20T10:00:00.000Z",
            terms_agreements: [{ ip_address: "192.0.2.7" }]
          })
          expect((yield* http.get(`/entities/${entity.id}`)).body).toEqual(updated.body)
          expect(yield* eventCategoriesOf(server.client, entity.id)).toEqual(["entity.created", "entity.updated"])

          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const mismatch = expectInvalidParameters(
                yield* http.patch(`/entities/${entity.id}`, { corporation: { name: "Not a corporation" } }),
                ["corporation"]
              )
              expect(mismatch.detail).toContain("natural_person")
              expectInvalidParameters(yield* http.patch(`/entities/${entity.id}`, { joint: {} }), ["joint"])
              expectInvalidParameters(
                yield* http.patch(`/entities/${entity.id}`, { natural_person: { address: { line1: "x" } } }),
                ["natural_person.address.city"]
              )
              expectNotFound(
                yield* http.patch("/entities/entity_doesnotexist", { details_confirmed_at: "2026-11-20T10:00:00.000Z" })
              )
              expectNotFound(
                yield* http.patch(`/entities/${entity.id}`, {
                  natural_person: {
                    identification: {
                      method: "passport",
                      number: "X1234567",
                      passport: { country: "US", expiration_date: "2030-01-01", file_id: "file_doesnotexist" }
                    }
                  }
                })
              )
            })
          )

          const createdTrust = yield* http.post("/entities", { structure: "trust", trust })
          const renamed = yield* http.patch(`/entities/${idOf(createdTrust)}`, { trust: { name: "Crease Trust" } })
          expect(renamed.body).toMatchObject({ trust: { name: "Crease Trust", category: "revocable" } })
        }))

      it.effect("archives an entity once it owns no open account; an archived one takes no change nor new account", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const entity = yield* server.client.entities.create({
            payload: { structure: "natural_person", natural_person: person("Alan Turing") }
          })
          const account = yield* server.client.accounts.create({ payload: { name: "Owned", entity_id: entity.id } })
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const refused = expectError(
                yield* http.post(`/entities/${entity.id}/archive`, undefined),
                409,
                "invalid_operation_error"
              )
              expect(refused.detail).toContain("open Accounts")
            })
          )
          yield* server.client.accounts.close({ params: { account_id: account.id } })
          const archived = yield* server.client.entities.archive({ params: { entity_id: entity.id } })
          expect(archived).toMatchObject({ id: entity.id, status: "archived" })
          expect(yield* eventCategoriesOf(server.client, entity.id)).toEqual(["entity.created", "entity.updated"])
          const listed = yield* server.client.entities.list({ query: { "status.in": ["archived"] } })
          expect(listed.data.map((each) => each.id)).toContain(entity.id)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectError(yield* http.post(`/entities/${entity.id}/archive`, undefined), 409, "invalid_operation_error")
              expectError(
                yield* http.patch(`/entities/${entity.id}`, { details_confirmed_at: "2026-11-20T10:00:00.000Z" }),
                409,
                "invalid_operation_error"
              )
              expectError(
                yield* http.post("/accounts", { name: "Too late", entity_id: entity.id }),
                409,
                "invalid_operation_error"
              )
              expectNotFound(yield* http.post("/entities/entity_doesnotexist/archive", undefined))
            })
          )
        }))
    })
  })
}
