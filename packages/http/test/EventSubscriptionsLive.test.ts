/** Event subscriptions on a live server: https only (a file of its own: one server environment per file). */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

for (const kind of TestDatabase.testDatabases) {
  describe(`event subscriptions on a live server (${kind})`, () => {
    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("the live environment delivers only over https", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          expect((yield* raw(server).post("/event_subscriptions", { url: "https://hooks.example.com/live" })).status)
            .toBe(200)
          for (
            const [url, message] of [
              ["http://localhost:3000/hooks", "points to a loopback address"],
              ["http://127.0.0.1:3000/hooks", "points to a loopback address"],
              ["http://hooks.example.com/live", "must use https"]
            ]
          ) {
            const answer = yield* raw(server).post("/event_subscriptions", { url })
            expect(answer.status).toBe(400)
            expect(answer.body).toMatchObject({
              type: "invalid_parameters_error",
              errors: [{ field: "url", message }]
            })
          }
        }))
    })
  })
}
