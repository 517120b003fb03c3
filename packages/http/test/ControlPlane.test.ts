/**
 * The control API (groups and API keys) through the real server, on both
 * databases: the admin key opens it and nothing else does; a key made for a
 * new group sees that group's objects only; a revoked key is refused at once,
 * by this server and by another one on the same database whose cache held it.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { AdminKey } from "@moneta/bank/ControlPlane"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { OpenApi } from "effect/http-api"
import { expectError, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const adminKey = "test-admin-key-0123456789"

const withAdminKey = Layer.succeed(AdminKey, Option.some(Redacted.make(adminKey)))

const controlServer = (kind: TestDatabase.Kind) => TestServer.layer(kind).pipe(Layer.provide(withAdminKey))

interface CreatedKey {
  readonly id: string
  readonly secret: string
  readonly prefix: string
  readonly status: string
  readonly group_id: string
  readonly revoked_at: string | null
}

const isCreatedKey = (body: unknown): body is CreatedKey =>
  typeof body === "object" && body !== null && "secret" in body && "id" in body

for (const kind of TestDatabase.testDatabases) {
  describe(`the control API (${kind})`, () => {
    layer(controlServer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates a group and a key that sees that group's objects only", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const admin = raw(server, adminKey)
          const group = yield* admin.post("/moneta/groups", { name: "Acme" })
          expect(group.status).toBe(200)
          expect(group.body).toMatchObject({ name: "Acme", type: "group" })
          const groupId = (group.body as { readonly id: string }).id
          const created = yield* admin.post("/moneta/api_keys", { group_id: groupId, environment: "sandbox" })
          expect(created.status).toBe(200)
          if (!isCreatedKey(created.body)) throw new Error(created.text)
          expect(created.body.secret).toMatch(/^moneta_sandbox_/)
          expect(created.body.secret.startsWith(created.body.prefix)).toBe(true)
          const theirs = raw(server, created.body.secret)
          expect((yield* theirs.get("/accounts")).body).toEqual({ data: [], next_cursor: null })
          const account = yield* theirs.post("/accounts", { name: "Acme checking" })
          expect(account.status).toBe(200)
          const accountId = (account.body as { readonly id: string }).id
          const ours = yield* server.client.accounts.list({ query: {} })
          expect(ours.data.map((each) => each.id)).not.toContain(accountId)
          expectError(yield* raw(server).get(`/accounts/${accountId}`), 404, "object_not_found_error")

          const listed = yield* admin.get(`/moneta/api_keys?group_id=${groupId}`)
          expect(listed.status).toBe(200)
          expect(listed.text).not.toContain(created.body.secret)
          expect(listed.body).toMatchObject({
            data: [{ id: created.body.id, prefix: created.body.prefix, status: "active", group_id: groupId }],
            next_cursor: null
          })
          const groups = yield* admin.get("/moneta/groups")
          expect((groups.body as { readonly data: ReadonlyArray<{ readonly id: string }> }).data.map((each) => each.id))
            .toEqual([server.groupId, groupId])
          expectError(yield* admin.get("/moneta/api_keys?group_id=group_unknown"), 404, "object_not_found_error")
          expectError(
            yield* admin.post("/moneta/api_keys", { group_id: "group_unknown", environment: "live" }),
            404,
            "object_not_found_error"
          )
          expectError(
            yield* admin.post("/moneta/api_keys", { group_id: groupId, environment: "production" }),
            400,
            "invalid_parameters_error"
          )
        }))

      it.effect("a revoked key is refused at once, here and by another server on the database", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const admin = raw(server, adminKey)
          const created = yield* admin.post("/moneta/api_keys", { group_id: server.groupId, environment: "sandbox" })
          if (!isCreatedKey(created.body)) throw new Error(created.text)
          const secret = created.body.secret
          // Another server process on the same database: its own key cache.
          const database = yield* Effect.context<TestDatabase.Services>()
          const other = Context.get(
            yield* Layer.build(TestServer.layerOver(Layer.succeedContext(database)).pipe(Layer.provide(withAdminKey))),
            TestServer.TestServer
          )
          // Both have the key cached now.
          expect((yield* raw(server, secret).get("/accounts")).status).toBe(200)
          expect((yield* raw(other, secret).get("/accounts")).status).toBe(200)

          const revoked = yield* admin.post(`/moneta/api_keys/${created.body.id}/revoke`, {})
          expect(revoked.status).toBe(200)
          expect(revoked.body).toMatchObject({ id: created.body.id, status: "revoked" })
          const revokedAt = (revoked.body as CreatedKey).revoked_at
          expect(revokedAt).not.toBeNull()
          expect(expectError(yield* raw(server, secret).get("/accounts"), 401, "invalid_api_key_error").reason).toBe(
            "deleted_credential"
          )
          // The other server learns of it through the database's notification: it waits for nothing else.
          const refusedThere = yield* raw(other, secret).get("/accounts").pipe(
            Effect.repeat({ until: (answer) => answer.status === 401 }),
            Effect.timeout("60 seconds")
          )
          expect(expectError(refusedThere, 401, "invalid_api_key_error").reason).toBe("deleted_credential")
          // Revoking again changes nothing.
          const again = yield* admin.post(`/moneta/api_keys/${created.body.id}/revoke`, {})
          expect(again.body).toMatchObject({ status: "revoked", revoked_at: revokedAt })
          expectError(yield* admin.post("/moneta/api_keys/api_key_unknown/revoke", {}), 404, "object_not_found_error")
        }).pipe(Effect.scoped))

      it.effect("only the admin key opens it: API keys are 403, anything else 401", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const live = yield* server.newGroup("live")
          for (
            const [method, path, body] of [
              ["GET", "/moneta/groups", undefined],
              ["POST", "/moneta/groups", {}],
              ["GET", "/moneta/api_keys", undefined],
              ["POST", "/moneta/api_keys", { group_id: server.groupId, environment: "live" }],
              ["POST", "/moneta/api_keys/api_key_any/revoke", {}]
            ] as const
          ) {
            const send = (key: string | null) => raw(server, key).send(method, path, body === undefined ? {} : { body })
            expect(expectError(yield* send(null), 401, "invalid_api_key_error").reason).toBe("no_header")
            expect(expectError(yield* send(`${adminKey}x`), 401, "invalid_api_key_error").reason).toBe("no_credential")
            expectError(yield* send(server.apiKey), 403, "insufficient_permissions_error")
            expectError(yield* send(live.apiKey), 403, "insufficient_permissions_error")
            expectError(yield* send("moneta_sandbox_unknown"), 403, "insufficient_permissions_error")
          }
          const basic = yield* raw(server, null).get("/moneta/groups", {
            headers: { authorization: `Basic ${adminKey}` }
          })
          expectError(basic, 401, "invalid_api_key_error")
          // The admin key is no API key either.
          expectError(yield* raw(server, adminKey).get("/accounts"), 401, "invalid_api_key_error")
        }))

      it.effect("the typed client derived from the contract calls it", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const client = yield* server.clientFor(adminKey)
          const group = yield* client.controlPlane.createGroup({ payload: {} })
          expect(group.name).toBe("Group")
          const key = yield* client.controlPlane.createKey({
            payload: { group_id: group.id, environment: "live", name: "Payroll" }
          })
          expect(key.secret).toMatch(/^moneta_live_/)
          const listed = yield* client.controlPlane.listKeys({ query: { group_id: group.id } })
          expect(listed.data.map((each) => [each.id, each.name, each.environment])).toEqual([[
            key.id,
            "Payroll",
            "live"
          ]])
          const refused = yield* Effect.flip((yield* server.clientFor(server.apiKey)).controlPlane.listGroups())
          expect(refused._tag).toBe("InsufficientPermissionsError")
        }))
    })
  })

  describe(`the control API without an admin key (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("is off: 403 private_feature_error saying how to enable it", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (const key of [null, server.apiKey, adminKey]) {
            const body = expectError(yield* raw(server, key).get("/moneta/groups"), 403, "private_feature_error")
            expect(body.detail).toContain("MONETA_ADMIN_KEY")
          }
        }))
    })
  })
}

describe("the control API in the OpenAPI document", () => {
  it("is a Moneta extension under its own tag, with the admin key as its security", () => {
    const document = OpenApi.fromApi(MonetaApi)
    // The control plane's paths: the other /moneta/ extensions (clock, snapshots …) take API keys.
    const operations = Object.entries(document.paths).filter(([path]) =>
      path.startsWith("/moneta/groups") || path.startsWith("/moneta/api_keys")
    )
    expect(operations.map(([path]) => path).sort()).toEqual([
      "/moneta/api_keys",
      "/moneta/api_keys/{api_key_id}/revoke",
      "/moneta/groups"
    ])
    for (const [, item] of operations) {
      for (const operation of [item.get, item.post]) {
        if (operation === undefined) continue
        expect(operation.tags).toEqual(["Moneta: Control"])
        expect(operation.security).toEqual([{ adminKey: [] }])
      }
    }
    expect(Object.keys(document.components.securitySchemes)).toContain("adminKey")
  })
})
