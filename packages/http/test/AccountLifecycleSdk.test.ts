/**
 * The account, account number and entity lifecycle as the official SDK 0.583
 * drives it: `accounts.update` / `.close`, `accountNumbers.update`,
 * `entities.create` for joint entities, trusts and government authorities,
 * `entities.update` and `entities.archive`; refusals arrive as the SDK's own
 * error classes.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"

const address = { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045", country: "US" }

const individual = (name: string) => ({
  name,
  date_of_birth: "1970-01-31",
  address,
  identification: { method: "social_security_number" as const, number: "078051120" }
})

const refusalOf = (attempt: Promise<unknown>) => attempt.then(() => null, (error: unknown) => error)

for (const kind of TestDatabase.testDatabases) {
  describe(`account and entity lifecycle through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("updates and closes accounts, and changes account numbers", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const increase = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const account = await increase.accounts.create({ name: "SDK lifecycle" })
            const renamed = await increase.accounts.update(account.id, { name: "SDK lifecycle (renamed)" })
            expect(renamed).toEqual({ ...account, name: "SDK lifecycle (renamed)" })
            expect(await refusalOf(increase.accounts.update(account.id, { loan: { credit_limit: 1 } })))
              .toBeInstanceOf(Increase.InvalidParametersError)

            const number = await increase.accountNumbers.create({ account_id: account.id, name: "Deposits" })
            const disabled = await increase.accountNumbers.update(number.id, {
              status: "disabled",
              name: "Old deposits",
              inbound_ach: { debit_status: "blocked" },
              inbound_checks: { status: "allowed" }
            })
            expect(disabled).toEqual({
              ...number,
              status: "disabled",
              name: "Old deposits",
              inbound_ach: { debit_status: "blocked" },
              inbound_checks: { status: "allowed" }
            })
            const canceled = await increase.accountNumbers.update(number.id, { status: "canceled" })
            expect(canceled.status).toBe("canceled")
            expect(await refusalOf(increase.accountNumbers.update(number.id, { status: "active" })))
              .toBeInstanceOf(Increase.InvalidOperationError)

            await increase.simulations.interestPayments.create({ account_id: account.id, amount: 700 })
            const notEmpty = await refusalOf(increase.accounts.close(account.id))
            expect(notEmpty).toBeInstanceOf(Increase.InvalidOperationError)

            const empty = await increase.accounts.create({ name: "SDK empty" })
            const closed = await increase.accounts.close(empty.id)
            expect(closed).toMatchObject({ id: empty.id, status: "closed" })
            expect(closed.closed_at).not.toBeNull()
            expect(await refusalOf(increase.accounts.close(empty.id))).toBeInstanceOf(Increase.InvalidOperationError)
            const categories = []
            for await (const event of increase.events.list({ associated_object_id: empty.id })) {
              categories.push(event.category)
            }
            expect(categories.sort()).toEqual(["account.created", "account.updated"])
          })
        }))

      it.effect("creates joint entities, trusts and government authorities, updates and archives them", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const increase = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const joint = await increase.entities.create({
              structure: "joint",
              joint: { individuals: [individual("Ian Crease"), individual("Ada Crease")] }
            })
            expect(joint.joint).toMatchObject({
              name: "Ian Crease and Ada Crease",
              individuals: [{ name: "Ian Crease", identification: { number_last4: "1120" } }, { name: "Ada Crease" }]
            })

            const trust = await increase.entities.create({
              structure: "trust",
              trust: {
                name: "Crease Irrevocable Trust",
                category: "irrevocable",
                tax_identifier: "602214076",
                address: { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045" },
                trustees: [{ structure: "individual", individual: individual("Ian Crease") }]
              }
            })
            expect(trust.trust).toMatchObject({ category: "irrevocable", tax_identifier: "602214076", grantor: null })
            const renamedTrust = await increase.entities.update(trust.id, { trust: { name: "Crease Trust" } })
            expect(renamedTrust.trust?.name).toBe("Crease Trust")

            const authority = await increase.entities.create({
              structure: "government_authority",
              government_authority: {
                name: "City of Springfield",
                category: "municipality",
                tax_identifier: "602214076",
                address: { line1: "1 City Hall Plaza", city: "Springfield", state: "IL", zip: "62701" },
                authorized_persons: [{ name: "Ian Crease" }]
              }
            })
            expect(authority.government_authority?.authorized_persons[0]?.authorized_person_id).toMatch(
              /^entity_authorized_person_/
            )
            const moved = await increase.entities.update(authority.id, {
              government_authority: {
                address: { line1: "2 City Hall Plaza", city: "Springfield", state: "IL", zip: "62701" }
              },
              risk_rating: { rated_at: "2026-11-01T00:00:00.000Z", rating: "medium" },
              third_party_verification: { reference: "ver_123", vendor: "alloy" }
            })
            expect(moved).toMatchObject({
              government_authority: { address: { line1: "2 City Hall Plaza" } },
              risk_rating: { rating: "medium" },
              third_party_verification: { reference: "ver_123", vendor: "alloy" }
            })
            expect(await refusalOf(increase.entities.update(authority.id, { trust: { name: "Not a trust" } })))
              .toBeInstanceOf(Increase.InvalidParametersError)

            const archived = await increase.entities.archive(joint.id)
            expect(archived.status).toBe("archived")
            expect(await increase.entities.retrieve(joint.id)).toEqual(archived)
            expect(await refusalOf(increase.entities.archive(joint.id))).toBeInstanceOf(Increase.InvalidOperationError)
            expect(await refusalOf(increase.accounts.create({ name: "Too late", entity_id: joint.id })))
              .toBeInstanceOf(Increase.InvalidOperationError)
          })
        }))
    })
  })
}
