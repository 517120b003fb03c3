/**
 * Issue 28 (SSRF), end to end: a sandbox server as `moneta` runs it. On
 * loopback it delivers to a receiver on its own host; started again on the
 * same database listening beyond loopback (`HOST=0.0.0.0`), it refuses to
 * create a subscription to that receiver (400, naming the reason), refuses
 * to deliver to the subscription made before (`destination_refused`), and the
 * delivery log shows nothing of the receiver's answer. The destination rule
 * of the webhooks package reads the same `HOST` as the server
 * (`Destinations.listenHostConfig`), checked here too.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateKey } from "@moneta/bank/Authentication"
import * as TestDatabase from "@moneta/store/testing"
import * as Destinations from "@moneta/webhooks/Destinations"
import { ConfigProvider, Effect, Redacted, Schedule, Schema } from "effect"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import * as Path from "node:path"
import { ServerConfig } from "../src/ServerConfig.js"
import * as RunningServer from "../src/testing.js"

/** What the receiver answers: what a port scan through the delivery log would read. */
const banner = "SSH-2.0-OpenSSH_9.6 internal-only"

const Attempt = Schema.Struct({
  status: Schema.String,
  failure_reason: Schema.NullOr(Schema.String),
  response_status_code: Schema.NullOr(Schema.Number),
  response_body: Schema.NullOr(Schema.String)
})
const Attempts = Schema.Struct({ data: Schema.Array(Attempt) })

interface Answer {
  readonly status: number
  readonly body: unknown
}

const call = (server: RunningServer.RunningServer, method: "GET" | "POST", path: string, body?: unknown) =>
  Effect.promise(async (): Promise<Answer> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${Redacted.value(server.apiKey)}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, body: await response.json() }
  })

/** The subscription's newest delivery attempt, once it has `count` (checked every 50 ms, up to 30 s). */
const newestAttempt = (server: RunningServer.RunningServer, subscriptionId: string, count: number) =>
  call(server, "GET", `/event_subscriptions/${subscriptionId}/attempts`).pipe(
    Effect.flatMap((answer) => Schema.decodeUnknownEffect(Attempts)(answer.body)),
    Effect.flatMap(({ data }) =>
      data.length < count || data[0] === undefined ? Effect.fail("not yet" as const) : Effect.succeed(data[0])
    ),
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 600 }),
    Effect.orDie
  )

/** Where the two starts keep their data: one directory (embedded) or one database (Postgres). */
const sharedDatabase = (kind: TestDatabase.Kind) =>
  kind === "embedded"
    ? Effect.map(
      Effect.acquireRelease(
        Effect.promise(() => mkdtemp(Path.join(tmpdir(), "moneta-ssrf-"))),
        (directory) => Effect.promise(() => rm(directory, { recursive: true, force: true }))
      ),
      (directory): Record<string, string> => ({ MONETA_DATA_DIR: directory })
    )
    : Effect.map(TestDatabase.createPostgresDatabase, (url): Record<string, string> => ({
      DATABASE_URL: Redacted.value(url)
    }))

/** A started server whose key is `apiKey` (the helper's own key is replaced by the settings). */
const startWith = (kind: TestDatabase.Kind, apiKey: string, settings: Record<string, string>) =>
  Effect.map(
    RunningServer.start(kind, { ...settings, MONETA_API_KEY: apiKey }),
    (server): RunningServer.RunningServer => ({ ...server, apiKey: Redacted.make(apiKey) })
  )

describe("the listen address", () => {
  it.effect("the server and the destination rule read the same HOST, with the same default", () =>
    Effect.gen(function*() {
      for (const env of [{}, { HOST: "0.0.0.0" }, { HOST: "::1" }]) {
        const provider = ConfigProvider.fromEnv({ env })
        const server = yield* ServerConfig.parse(provider)
        expect(yield* Destinations.listenHostConfig.parse(provider)).toBe(server.host)
      }
    }))
})

for (const kind of TestDatabase.testDatabases) {
  describe(`a sandbox server listening beyond loopback (${kind})`, () => {
    it.live(
      "refuses loopback receivers at creation and at delivery, and shows nothing of their answers",
      () =>
        Effect.gen(function*() {
          let received = 0
          const receiverUrl = `${yield* RunningServer.listen((_request, response) => {
            received += 1
            response.writeHead(200, { "content-type": "text/plain" })
            response.end(banner)
          })}/webhooks`
          const database = yield* sharedDatabase(kind)
          const apiKey = generateKey("sandbox")

          // On loopback: the developer's receiver on the same machine receives, and its answer is logged.
          const subscriptionId = yield* Effect.scoped(Effect.gen(function*() {
            const server = yield* startWith(kind, apiKey, { ...database, HOST: "127.0.0.1" })
            // One category nothing here emits: the heartbeats are its only deliveries.
            const created = yield* call(server, "POST", "/event_subscriptions", {
              url: receiverUrl,
              selected_event_categories: [{ event_category: "wire_transfer.created" }]
            })
            expect(created.status).toBe(200)
            const id = Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))(created.body).id
            expect((yield* call(server, "POST", `/event_subscriptions/${id}/heartbeat`)).status).toBe(200)
            expect(yield* newestAttempt(server, id, 1)).toMatchObject({
              status: "succeeded",
              response_status_code: 200,
              response_body: banner
            })
            return id
          }))
          expect(received).toBe(1)

          // Beyond loopback, on the same database.
          const server = yield* startWith(kind, apiKey, { ...database, HOST: "0.0.0.0" })
          const port = new URL(receiverUrl).port
          for (
            const url of [
              receiverUrl,
              `https://localhost:${port}/webhooks`,
              `http://[::ffff:127.0.0.1]:${port}/webhooks`,
              `https://2130706433:${port}/webhooks`
            ]
          ) {
            const refused = yield* call(server, "POST", "/event_subscriptions", { url })
            expect([url, refused]).toMatchObject([url, {
              status: 400,
              body: {
                type: "invalid_parameters_error",
                errors: [{ field: "url", message: "points to a loopback address" }]
              }
            }])
          }
          expect((yield* call(server, "POST", `/event_subscriptions/${subscriptionId}/heartbeat`)).status).toBe(200)
          expect(yield* newestAttempt(server, subscriptionId, 2)).toEqual({
            status: "failed",
            failure_reason: "destination_refused",
            response_status_code: null,
            response_body: null
          })
          expect(received).toBe(1)
        }).pipe(Effect.scoped),
      180_000
    )
  })
}
