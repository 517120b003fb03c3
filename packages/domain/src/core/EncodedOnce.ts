/**
 * A value's encoding, kept beside the value once it is known, so that the
 * same value is not encoded again by the same schema.
 *
 * A resource is encoded when it is stored, decoded from that encoding when it
 * is read, and encoded again to answer the request: on a read the decode and
 * that last encode were the larger part of Moneta's own work
 * (docs/benchmarks.md, "A resource answered in the encoding it was stored
 * in"). The store remembers the body each value came from or went to, and the
 * HTTP layer answers with it.
 *
 * What makes a kept encoding right:
 * - values are immutable (Schema classes and readonly structs, never changed
 *   in place), and an encoding depends on the value and the schema alone;
 * - an encoding is kept for one schema, compared by identity: asked for under
 *   another schema, the value is encoded afresh;
 * - a value decoded from an encoding keeps that encoding only when the
 *   encoding is canonical: one this schema's encode wrote (the store's bodies
 *   are), since `encode(decode(e))` is `e` for those (tested for every
 *   resource schema: `EncodedOnce.test.ts`).
 */
import { Effect, Schema } from "effect"

/** The schema a value was encoded by and its encoding. */
interface Known {
  readonly schema: Schema.Top
  readonly encoded: unknown
}

const known = new WeakMap<object, Known>()

/** Keeps `encoded` as `value`'s encoding under `schema`; returns `value`. */
export const remember = <A, I, RD, RE>(schema: Schema.Codec<A, I, RD, RE>, value: A, encoded: I): A => {
  if (typeof value === "object" && value !== null) known.set(value, { schema, encoded })
  return value
}

/** `value`'s encoding under `schema`, when it is known. */
export const recall = <A, I, RD, RE>(schema: Schema.Codec<A, I, RD, RE>, value: A): I | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  const found = known.get(value)
  // The schema it was kept for is this one: the encoding has type I.
  return found !== undefined && found.schema === schema ? found.encoded as I : undefined
}

/**
 * The JSON text of encodings written before. An encoding is immutable, as its
 * value is, and the same encoding is written to the database and answered
 * (`ResourceTable`, `EncodedAnswer`), a kept one answered again and again:
 * its text is written once. Held weakly, for as long as the encoding itself is.
 */
const jsonTexts = new WeakMap<object, string>()

/** `JSON.stringify(encoded)`, written once per encoding. */
export const jsonText = (encoded: unknown): string => {
  if (typeof encoded !== "object" || encoded === null) return JSON.stringify(encoded)
  let text = jsonTexts.get(encoded)
  if (text === undefined) {
    text = JSON.stringify(encoded)
    jsonTexts.set(encoded, text)
  }
  return text
}

/** `Schema.encodeEffect(schema)`, answering from a known encoding and keeping the ones it makes. */
export const encodeEffect = <A, I, RD, RE>(
  schema: Schema.Codec<A, I, RD, RE>
): (value: A) => Effect.Effect<I, Schema.SchemaError, RE> => {
  const encode = Schema.encodeEffect(schema)
  return (value) => {
    const encoded = recall(schema, value)
    return encoded !== undefined
      ? Effect.succeed(encoded)
      : Effect.map(encode(value), (made) => {
        remember(schema, value, made)
        return made
      })
  }
}

/** `Schema.decodeUnknownEffect(schema)` for a canonical encoding (see above), keeping it beside the value. */
export const decodeCanonicalEffect = <A, I, RD, RE>(
  schema: Schema.Codec<A, I, RD, RE>
): (encoded: unknown) => Effect.Effect<A, Schema.SchemaError, RD> => {
  const decode = Schema.decodeUnknownEffect(schema)
  // The input decoded as A: it is the schema's encoding, of type I.
  return (encoded) => Effect.map(decode(encoded), (value) => remember(schema, value, encoded as I))
}
