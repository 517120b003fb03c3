/**
 * The values a table's stored bodies decode to, kept for the bodies read most
 * recently.
 *
 * A read selects a row's body as text. Parsing and decoding it was a sixth of
 * a read's CPU and a third of a page's (docs/benchmarks.md, "A body read
 * again is not decoded again"). Decoding is a pure function of the text, so a row read again with
 * the same text is the same value: it is answered from here. A row whose body
 * changed, in this process or in another sharing the database, has other
 * text and is decoded afresh; nothing here can be stale. Values are immutable
 * (as `EncodedOnce` also requires), so one value may serve many requests.
 *
 * The memory is bounded by the kept bodies' length: the least recently read
 * go first. A plain `Map` in insertion order rather than Effect's `Cache`:
 * this runs for every row read, and needs neither lookups that wait nor a
 * time to live.
 */
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import { Effect, type Schema } from "effect"

/** Decodes a row's body text to its value, from the kept values when the text is the one they were decoded from. */
export type DecodeBody<A> = (id: string, text: string) => Effect.Effect<A, Schema.SchemaError>

/** Characters of body text kept per table: a few hundred resources of the usual size. */
export const defaultBudget = 256 * 1024

interface Decoded<A> {
  readonly text: string
  readonly value: A
}

export const make = <A, I>(schema: Schema.Codec<A, I>, budget = defaultBudget): DecodeBody<A> => {
  const decode = EncodedOnce.decodeCanonicalEffect(schema)
  // Re-inserted on every read: the first key is the least recently read.
  const kept = new Map<string, Decoded<A>>()
  let keptLength = 0

  const drop = (id: string, decoded: Decoded<A>) => {
    kept.delete(id)
    keptLength -= decoded.text.length
  }

  const keep = (id: string, text: string, value: A): A => {
    const previous = kept.get(id)
    if (previous !== undefined) drop(id, previous)
    if (text.length > budget) return value
    kept.set(id, { text, value })
    keptLength += text.length
    for (const [oldestId, oldest] of kept) {
      if (keptLength <= budget) break
      drop(oldestId, oldest)
    }
    return value
  }

  /** Moves a kept row to the most recently read end. */
  const touch = (id: string, decoded: Decoded<A>): A => {
    kept.delete(id)
    kept.set(id, decoded)
    return decoded.value
  }

  return (id, text) => {
    const found = kept.get(id)
    if (found !== undefined && found.text === text) return Effect.succeed(touch(id, found))
    // Text Postgres wrote from jsonb parses; if it did not, that would be a defect, as a row that does not decode is.
    return Effect.sync((): unknown => JSON.parse(text)).pipe(
      Effect.flatMap(decode),
      Effect.map((value) => keep(id, text, value))
    )
  }
}
