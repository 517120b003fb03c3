/**
 * A value answered in its known encoding (`answerEncoded`) gets the response
 * the builder would make for the endpoint's success schema: same status,
 * same content type, the same JSON.
 */
import { describe, expect, it } from "@effect/vitest"
import { Page } from "@moneta/api/Parameters"
import { Account } from "@moneta/domain/Account"
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import { type Page as ListPage } from "@moneta/domain/List"
import { fromSchema } from "@moneta/domain/testing"
import { Effect, Layer, Ref, Schema } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as fc from "fast-check"
import { answerEncoded, answerEncodedPage } from "../src/EncodedAnswer.js"
import * as Group from "../src/Group.js"

const Api = HttpApi.make("test").add(
  HttpApiGroup.make("accounts")
    .add(HttpApiEndpoint.get("known", "/known", { success: Account }))
    .add(HttpApiEndpoint.get("encoded", "/encoded", { success: Account }))
    .add(HttpApiEndpoint.get("knownPage", "/known_page", { success: Page(Account) }))
    .add(HttpApiEndpoint.get("encodedPage", "/encoded_page", { success: Page(Account) }))
)

/**
 * The account (or the page) each request answers: `/known` through
 * `answerEncoded` (`answerEncodedPage`), `/encoded` encoded by the builder.
 */
const serve = (
  current: Ref.Ref<Account>,
  currentPage: Ref.Ref<ListPage<Account>> = Ref.makeUnsafe<ListPage<Account>>({ data: [], next_cursor: null })
) =>
  HttpRouter.toWebHandler(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(Group.make(Api, "accounts", (handlers) =>
        handlers
          .handle("known", () => answerEncoded(Account, Ref.get(current)))
          .handle("encoded", () => Ref.get(current))
          .handle("knownPage", () => answerEncodedPage(Account, Ref.get(currentPage)))
          .handle("encodedPage", () => Ref.get(currentPage)))),
      Layer.provide(HttpServer.layerServices)
    ),
    { disableLogger: true }
  )

const answer = async (handler: (request: Request) => Promise<Response>, path: string) => {
  const response = await handler(new Request(`http://localhost${path}`))
  return { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() }
}

/** The two paths answer alike: status, content type and text. */
const expectSameAnswers = (handler: (request: Request) => Promise<Response>, known: string, encoded: string) =>
  Effect.promise(async () => {
    const viaKnown = await answer(handler, known)
    const viaBuilder = await answer(handler, encoded)
    expect(viaKnown.status).toBe(viaBuilder.status)
    expect(viaKnown.contentType).toBe(viaBuilder.contentType)
    expect(viaKnown.text).toBe(viaBuilder.text)
  })

/** An account's body as jsonb gives it back: a JSON round trip of the schema's encoding. */
const storedBody = (account: Account): unknown => JSON.parse(JSON.stringify(Schema.encodeSync(Account)(account)))

describe("answerEncoded", () => {
  it.effect("answers a known encoding as the builder answers the value", () =>
    Effect.gen(function*() {
      const current = yield* Ref.make(fc.sample(fromSchema(Account, { size: 4 }), 1)[0]!)
      const { dispose, handler } = serve(current)
      yield* Effect.addFinalizer(() => Effect.promise(dispose))
      const decodeStored = EncodedOnce.decodeCanonicalEffect(Account)
      for (const value of fc.sample(fromSchema(Account, { size: 4 }), 25)) {
        yield* Ref.set(current, yield* decodeStored(storedBody(value)))
        yield* expectSameAnswers(handler, "/known", "/encoded")
        // Answered again (its text kept): the same answer.
        yield* expectSameAnswers(handler, "/known", "/encoded")
      }
    }).pipe(Effect.scoped))

  it.effect("leaves a value with no known encoding to the builder", () =>
    Effect.gen(function*() {
      const value = fc.sample(fromSchema(Account, { size: 4 }), 1)[0]!
      const current = yield* Ref.make(value)
      const { dispose, handler } = serve(current)
      yield* Effect.addFinalizer(() => Effect.promise(dispose))
      expect(EncodedOnce.recall(Account, value)).toBeUndefined()
      const known = yield* Effect.promise(() => answer(handler, "/known"))
      expect(known.status).toBe(200)
      expect(JSON.parse(known.text)).toStrictEqual(storedBody(value))
    }).pipe(Effect.scoped))

  it.effect("answers a page from its objects' known encodings as the builder answers it, and leaves it when one is unknown", () =>
    Effect.gen(function*() {
      const currentPage = yield* Ref.make<ListPage<Account>>({ data: [], next_cursor: null })
      const { dispose, handler } = serve(
        yield* Ref.make(fc.sample(fromSchema(Account, { size: 4 }), 1)[0]!),
        currentPage
      )
      yield* Effect.addFinalizer(() => Effect.promise(dispose))
      const decodeStored = EncodedOnce.decodeCanonicalEffect(Account)
      const pages = fc.sample(
        fc.record({
          accounts: fc.array(fromSchema(Account, { size: 3 }), { maxLength: 4 }),
          next_cursor: fc.option(fc.string(), { nil: null }),
          oneUnknown: fc.boolean()
        }),
        20
      )
      for (const { accounts, next_cursor, oneUnknown } of pages) {
        const data = yield* Effect.forEach(
          accounts,
          (account, index) =>
            oneUnknown && index === 0
              ? Effect.succeed(account)
              : decodeStored(storedBody(account))
        )
        yield* Ref.set(currentPage, { data, next_cursor })
        yield* expectSameAnswers(handler, "/known_page", "/encoded_page")
        yield* expectSameAnswers(handler, "/known_page", "/encoded_page")
      }
    }).pipe(Effect.scoped))
})
