/**
 * Reading a request body as raw bytes, at most `maxBytes` of them: the
 * signature covers the exact bytes, so nothing may parse or re-encode them
 * first. A `content-length` over the limit is refused before reading.
 */
import { Effect, Stream } from "effect"
import { BodyTooLargeError, type UnreadableBodyError } from "./ReceiverError.js"

const concat = (chunks: ReadonlyArray<Uint8Array>, length: number): Uint8Array => {
  const body = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.length
  }
  return body
}

/** Refuses a declared length over the limit; an absent or unparsable one is checked while reading. */
export const checkDeclaredLength = (
  contentLength: string | undefined,
  maxBytes: number
): Effect.Effect<void, BodyTooLargeError> =>
  contentLength !== undefined && Number(contentLength) > maxBytes
    ? Effect.fail(new BodyTooLargeError({ maxBytes }))
    : Effect.void

/** The bytes of a stream of chunks, failing as soon as they exceed `maxBytes`. */
export const fromStream = (
  chunks: Stream.Stream<Uint8Array, UnreadableBodyError>,
  maxBytes: number
): Effect.Effect<Uint8Array, BodyTooLargeError | UnreadableBodyError> =>
  Effect.suspend(() => {
    const read: Array<Uint8Array> = []
    let length = 0
    return chunks.pipe(
      Stream.runForEach((chunk) => {
        length += chunk.length
        if (length > maxBytes) return Effect.fail(new BodyTooLargeError({ maxBytes }))
        read.push(chunk)
        return Effect.void
      }),
      Effect.map(() => concat(read, length))
    )
  })
