/**
 * Corporations as the official SDK 0.583 creates them (`legal_identifier`,
 * `beneficial_owners`; issue 9, item 12), read back through the SDK.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import { expectInvalidParameters, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const address = { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045", country: "US" }

const corporation: Increase.EntityCreateParams.Corporation = {
  name: "Analytical Engines Inc.",
  address,
  legal_identifier: { value: "602214076", category: "us_employer_identification_number" },
  beneficial_owners: [
    {
      individual: {
        name: "Ian Crease",
        date_of_birth: "1970-01-31",
        address,
        identification: { method: "social_security_number", number: "078051120" }
      },
      prongs: ["ownership", "control"],
      company_title: "CEO"
    }
  ],
  incorporation_state: "NY",
  industry_code: "5132",
  email: "treasury@example.com",
  website: "https://example.com"
}

for (const kind of TestDatabase.testDatabases) {
  describe(`corporations through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates a corporation with its beneficial owners and legal identifier, and reads it back", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const increase = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          const created = yield* Effect.promise(() =>
            increase.entities.create({ structure: "corporation", corporation })
          )
          expect(created.corporation).toMatchObject({
            name: corporation.name,
            tax_identifier: "602214076",
            legal_identifier: { category: "us_employer_identification_number", value: "602214076" },
            incorporation_state: "NY",
            industry_code: "5132",
            email: "treasury@example.com",
            beneficial_ownership_exemption_reason: null,
            beneficial_owners: [{
              company_title: "CEO",
              prongs: ["ownership", "control"],
              individual: {
                name: "Ian Crease",
                date_of_birth: "1970-01-31",
                identification: { method: "social_security_number", number_last4: "1120" }
              }
            }]
          })
          expect(created.corporation?.beneficial_owners[0]?.id).toMatch(/^entity_beneficial_owner_/)
          const retrieved = yield* Effect.promise(() => increase.entities.retrieve(created.id))
          expect(retrieved).toEqual(created)
        }))

      it.effect("a non-EIN legal identifier needs category other; some identifier is required", () =>
        Effect.gen(function*() {
          const http = raw(yield* TestServer.TestServer)
          const other = yield* http.post("/entities", {
            structure: "corporation",
            corporation: { ...corporation, legal_identifier: { value: "GB123456789", category: "other" } }
          })
          expect(other.body).toMatchObject({
            corporation: { tax_identifier: null, legal_identifier: { category: "other", value: "GB123456789" } }
          })
          expectInvalidParameters(
            yield* http.post("/entities", {
              structure: "corporation",
              corporation: { ...corporation, legal_identifier: { value: "GB1" } }
            }),
            ["corporation.legal_identifier.value"]
          )
          const { legal_identifier: _omitted, ...withoutIdentifier } = corporation
          expectInvalidParameters(
            yield* http.post("/entities", { structure: "corporation", corporation: withoutIdentifier }),
            ["corporation.legal_identifier"]
          )
        }))
    })
  })
}
