/**
 * A response in the encoding its value already has. A resource the store has
 * just read or written keeps its stored body as its encoding
 * (`@moneta/domain/EncodedOnce`); answering with that body spares encoding it
 * again, which on a read was most of the response's cost (docs/benchmarks.md,
 * "A resource answered in the encoding it was stored in").
 *
 * The response is the one `HttpApiBuilder` makes for the endpoint's success
 * schema with the default JSON encoding and status: the JSON text of the
 * encoding, status 200, `application/json` (`EncodedAnswer.test.ts` holds the
 * two side by side). One difference shows: a body read back from jsonb has
 * jsonb's key order rather than the schema's, as an idempotent replay always
 * had (docs/decisions.md). A value whose encoding is not known, or known under
 * another schema, goes back to the builder to be encoded as usual.
 */
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import type { Page } from "@moneta/domain/List"
import { Effect, type Schema } from "effect"
import { HttpServerResponse } from "effect/http"

/** JSON text as the builder answers a success with the default JSON encoding and status. */
const jsonResponse = (text: string): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(text, { status: 200, contentType: "application/json" })

/** `value`'s known encoding under `success` as the response, or `value` itself for the builder to encode. */
export const encodedResponse = <A, I, RD, RE>(
  success: Schema.Codec<A, I, RD, RE>,
  value: A
): A | HttpServerResponse.HttpServerResponse => {
  const encoded = EncodedOnce.recall(success, value)
  return encoded === undefined ? value : jsonResponse(EncodedOnce.jsonText(encoded))
}

/** `operation`'s value, answered in its known encoding under `success`, the endpoint's success schema. */
export const answerEncoded = <A, I, RD, RE, E, R>(
  success: Schema.Codec<A, I, RD, RE>,
  operation: Effect.Effect<A, E, R>
): Effect.Effect<A | HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.map(operation, (value) => encodedResponse(success, value))

/**
 * `operation`'s page, answered from its objects' known encodings under
 * `item` when every object has one: the list envelope (`Page(item)`) encodes
 * its `next_cursor` as itself, so the page's encoding is theirs with it.
 */
export const answerEncodedPage = <A, I, RD, RE, E, R>(
  item: Schema.Codec<A, I, RD, RE>,
  operation: Effect.Effect<Page<A>, E, R>
): Effect.Effect<Page<A> | HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.map(operation, (page) => {
    const data: Array<string> = []
    for (const value of page.data) {
      const encoded = EncodedOnce.recall(item, value)
      if (encoded === undefined) return page
      data.push(EncodedOnce.jsonText(encoded))
    }
    // The text `JSON.stringify({ data, next_cursor })` writes, from the objects' texts.
    return jsonResponse(`{"data":[${data.join(",")}],"next_cursor":${JSON.stringify(page.next_cursor)}}`)
  })
