/**
 * A resource table's values keep the body they were written as or read from
 * as their encoding (`EncodedOnce`): the body the database holds, which the
 * HTTP layer answers with. A row read again is the value decoded before
 * until its body changes, whoever changes it (`DecodedBodies`).
 */
import { describe, expect, layer } from "@effect/vitest"
import { Account } from "@moneta/domain/Account"
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import { AccountId, GroupId } from "@moneta/domain/Ids"
import { fromSchema } from "@moneta/domain/testing"
import { Effect, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as fc from "fast-check"
import { makeResourceTable } from "../src/ResourceTable.js"
import * as TestDatabase from "../src/testing.js"

const tenant = { groupId: GroupId.make("group_resource_table_test"), environment: "sandbox" as const }

for (const kind of TestDatabase.testDatabases) {
  describe(`a resource table's encodings (${kind})`, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a value written or read keeps the stored body as its encoding", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const table = yield* makeResourceTable("accounts", Account)
          // Sampled accounts whose text jsonb can hold (no NUL, no lone surrogate).
          const values = fc.sample(fromSchema(Account, { size: 4 }), 40).filter((account) =>
            !/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(account))
          ).slice(0, 5)
          expect(values.length).toBeGreaterThan(0)
          for (const [index, sampled] of values.entries()) {
            const value = new Account({ ...sampled, id: AccountId.make(`account_encoded_once_${kind}_${index}`) })
            yield* table.insert(tenant, value, { created_at: new Date(), status: value.status })
            const [stored] = yield* sql<{ readonly body: unknown }>`SELECT body FROM accounts WHERE id = ${value.id}`
            const expected = Schema.encodeSync(Account)(value)
            expect(stored?.body).toStrictEqual(JSON.parse(JSON.stringify(expected)))
            expect(EncodedOnce.recall(Account, value)).toStrictEqual(expected)

            const found = Option.getOrThrow(yield* table.find(tenant, value.id))
            expect(found).not.toBe(value)
            expect(EncodedOnce.recall(Account, found)).toStrictEqual(stored?.body)
            // The same JSON as the value encoded afresh (in jsonb's key order, not the schema's).
            expect(EncodedOnce.recall(Account, found)).toStrictEqual(
              JSON.parse(JSON.stringify(Schema.encodeSync(Account)(found)))
            )
          }
        }))

      it.effect("a row read again is the same value until its body changes, whoever changes it", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const table = yield* makeResourceTable("accounts", Account)
          const [sampled] = fc.sample(fromSchema(Account, { size: 2 }), 40).filter((account) =>
            !/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(account))
          )
          expect(sampled).toBeDefined()
          if (sampled === undefined) return
          const value = new Account({ ...sampled, id: AccountId.make(`account_read_again_${kind}`), name: "before" })
          yield* table.insert(tenant, value, { created_at: new Date(), status: value.status })
          const page = () =>
            Effect.map(
              table.page(tenant, { limit: 100 }, [sql`id = ${value.id}`]),
              (found) => found.data
            )

          const first = Option.getOrThrow(yield* table.find(tenant, value.id))
          expect(Option.getOrThrow(yield* table.find(tenant, value.id))).toBe(first)
          expect(yield* page()).toStrictEqual([first])
          expect((yield* page())[0]).toBe(first)

          // Another process sharing the database renames it: the next read decodes the new body.
          yield* sql`UPDATE accounts SET body = jsonb_set(body, '{name}', '"after"') WHERE id = ${value.id}`
          const renamed = Option.getOrThrow(yield* table.find(tenant, value.id))
          expect(renamed.name).toBe("after")
          expect((yield* page())[0]).toBe(renamed)
          expect(EncodedOnce.recall(Account, renamed)).toMatchObject({ name: "after" })

          // Written through the table, as this process writes it.
          yield* table.update(tenant, new Account({ ...renamed, name: "again" }))
          expect(Option.getOrThrow(yield* table.find(tenant, value.id)).name).toBe("again")
        }))
    })
  })
}
