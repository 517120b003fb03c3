/**
 * Fetching the object an event is about goes through the typed client, with
 * the app's key, to the path the contract names for the object's type.
 */
import { describe, expect, it } from "@effect/vitest"
import { Account } from "@moneta/domain/Account"
import { Event } from "@moneta/domain/Event"
import { UnknownEventCategory } from "@moneta/domain/EventCategory"
import { accountArbitrary, eventArbitrary } from "@moneta/domain/testing"
import { Effect, Layer, Redacted, Schema } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import type { HttpClientRequest } from "effect/http"
import * as fc from "fast-check"
import * as AssociatedObject from "../src/AssociatedObject.js"

/** An HttpClient that answers every request with `account` and remembers what it was asked. */
const fakeServer = (account: Account) => {
  const requests: Array<HttpClientRequest.HttpClientRequest> = []
  const client = HttpClient.make((request) =>
    Effect.sync(() => {
      requests.push(request)
      const body = JSON.stringify(Schema.encodeSync(Account)(account))
      return HttpClientResponse.fromWeb(
        request,
        new Response(body, { status: 200, headers: { "content-type": "application/json" } })
      )
    })
  )
  return { requests, layer: Layer.succeed(HttpClient.HttpClient, client) }
}

const [sample] = fc.sample(fc.tuple(eventArbitrary, accountArbitrary), { numRuns: 1, seed: 3 })
if (sample === undefined) throw new Error("fast-check gave no sample")
const [event, account] = sample

const about = (type: string, id: string) =>
  new Event({
    ...event,
    category: UnknownEventCategory.make(`${type}.updated`),
    associated_object_type: type,
    associated_object_id: id
  })

describe("fetching the associated object", () => {
  it.effect("retrieves it through the typed client with the app's key", () =>
    Effect.gen(function*() {
      const server = fakeServer(account)
      const fetched = yield* AssociatedObject.fetch(about("account", account.id), "account").pipe(
        Effect.provide(
          AssociatedObject.layerClient({
            baseUrl: "http://moneta.test/api",
            apiKey: Redacted.make("moneta_sandbox_key")
          })
            .pipe(Layer.provide(server.layer))
        )
      )
      expect(fetched).toEqual(account)
      expect(server.requests.map((request) => [request.method, request.url])).toEqual([
        // The id is a path segment: whatever characters the generated one has arrive percent-encoded.
        ["GET", `http://moneta.test/api/accounts/${encodeURIComponent(account.id)}`]
      ])
      expect(server.requests[0]?.headers["authorization"]).toBe("Bearer moneta_sandbox_key")
    }))

  it.effect("refuses an event about another type than the handler expects, without a request", () =>
    Effect.gen(function*() {
      const server = fakeServer(account)
      const error = yield* AssociatedObject.fetch(about("wire_transfer", "wire_transfer_1"), "account").pipe(
        Effect.flip,
        Effect.provide(
          AssociatedObject.layerClient({ baseUrl: "http://moneta.test", apiKey: Redacted.make("key") })
            .pipe(Layer.provide(server.layer))
        )
      )
      expect(error).toMatchObject({ _tag: "UnsupportedObjectError", associatedObjectType: "wire_transfer" })
      expect(server.requests).toEqual([])
    }))

  it.effect("fetchAny takes the type from the event and refuses types it does not know", () =>
    Effect.gen(function*() {
      const server = fakeServer(account)
      const provide = Effect.provide(
        AssociatedObject.layerClient({ baseUrl: "http://moneta.test", apiKey: Redacted.make("key") })
          .pipe(Layer.provide(server.layer))
      )
      const fetched = yield* AssociatedObject.fetchAny(about("account", account.id)).pipe(provide)
      expect(fetched.type).toBe("account")
      const error = yield* AssociatedObject.fetchAny(about("brand_new_object", "x_1")).pipe(Effect.flip, provide)
      expect(error).toMatchObject({ _tag: "UnsupportedObjectError", associatedObjectType: "brand_new_object" })
      expect(AssociatedObject.objectTypes).toContain("wire_transfer")
    }))
})
