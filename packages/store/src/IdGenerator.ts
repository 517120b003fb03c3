/**
 * Ids are `<object_type>_<20 lowercase base-32 characters>`: ten characters of
 * milliseconds since the epoch, then ten of randomness that is incremented
 * within the same millisecond, so ids made by one process sort in creation
 * order and ordering never depends on chance.
 *
 * Id generation is a service, `IdGenerator`: `make(kind)` returns the branded
 * id of that object type (`IdOf` in `domain/src/core/Ids.ts`). Its default is the
 * process's live generator, so nothing has to provide it; a test provides
 * `IdGenerator.deterministic` for ids that are the same on every run.
 */
import type { IdOf, ObjectType } from "@moneta/domain/Ids"
import { Clock, Context, Effect, Layer, Random } from "effect"

export type IdKind = keyof IdOf & ObjectType

export interface IdGeneratorShape {
  /** A new id of `kind`, branded as that object type's id. */
  readonly make: <K extends IdKind>(kind: K) => Effect.Effect<IdOf[K]>
  /** `count` new ids of `kind`, as `make` called `count` times in a row would give (one Effect for a batch). */
  readonly makeMany: <K extends IdKind>(kind: K, count: number) => Effect.Effect<Array<IdOf[K]>>
}

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"
const randomBits = 50

// Numbers, not bigints: every value encoded is below 2^53 (50 bits of milliseconds or randomness,
// or a test counter), and bigint arithmetic made an id cost about 10 µs.
const encode = (value: number, length: number): string => {
  let out = ""
  let rest = value
  for (let index = 0; index < length; index++) {
    out = alphabet[rest % 32] + out
    rest = Math.floor(rest / 32)
  }
  return out
}

/**
 * The one place an id's text becomes its brand: the text was made here under
 * the kind's own prefix, which is what the brand promises.
 */
const branded = <K extends IdKind>(_kind: K, text: string): IdOf[K] => text as IdOf[K]

/** A generator over a source of id texts: `make` prefixes with the kind and brands. */
const generatorOf = (
  next: (prefix: string, count: number) => Effect.Effect<ReadonlyArray<string>>
): IdGeneratorShape => ({
  make: (kind) => Effect.map(next(kind, 1), (texts) => branded(kind, texts[0] ?? "")),
  makeMany: (kind, count) => Effect.map(next(kind, count), (texts) => texts.map((text) => branded(kind, text)))
})

/** Milliseconds, then a per-generator monotonic counter seeded at random within each millisecond. */
export const makeLiveGenerator = (): IdGeneratorShape => {
  let lastMillis = -1
  let lastRandom = 0
  const next = (prefix: string, millis: number, random: number) => {
    if (millis <= lastMillis) {
      lastRandom = lastRandom + 1 >= 2 ** randomBits ? 0 : lastRandom + 1
    } else {
      lastMillis = millis
      lastRandom = random
    }
    return `${prefix}_${encode(lastMillis, 10)}${encode(lastRandom, 10)}`
  }
  // One step of the fiber reading its Clock and Random (a request makes several ids): the same
  // values `Clock.currentTimeMillis` and `Random.nextIntBetween` give, without a step for each.
  return generatorOf((prefix, count) =>
    Effect.withFiber((fiber) => {
      const millis = fiber.getRef(Clock.Clock).currentTimeMillisUnsafe()
      const random = fiber.getRef(Random.Random)
      const high = Math.floor(random.nextDoubleUnsafe() * 2 ** 25)
      const low = Math.floor(random.nextDoubleUnsafe() * 2 ** 25)
      // The ids after the first of a batch are made within the same millisecond: they count up from it.
      return Effect.succeed(Array.from({ length: count }, () => next(prefix, millis, high * 2 ** 25 + low)))
    })
  )
}

/** Ids from a counter starting at `seed`: the same sequence on every run, still in creation order. */
export const makeDeterministicGenerator = (seed = 0): IdGeneratorShape => {
  let counter = seed
  return generatorOf((prefix, count) =>
    Effect.sync(() =>
      Array.from({ length: count }, () => {
        counter += 1
        return `${prefix}_${encode(counter, 20)}`
      })
    )
  )
}

const IdGeneratorReference: Context.Reference<IdGeneratorShape> = Context.Reference<IdGeneratorShape>(
  "@moneta/store/IdGenerator",
  { defaultValue: makeLiveGenerator }
)

export const IdGenerator: Context.Reference<IdGeneratorShape> & {
  /** A fresh live generator (the default needs no layer; this one is for a host that wants its own). */
  readonly live: Layer.Layer<never>
  /** A seeded counter, for tests that want the same ids on every run. */
  readonly deterministic: (seed?: number) => Layer.Layer<never>
} = Object.assign(IdGeneratorReference, {
  live: Layer.sync(IdGeneratorReference, makeLiveGenerator),
  deterministic: (seed = 0) => Layer.sync(IdGeneratorReference, () => makeDeterministicGenerator(seed))
})

/** A new branded id of `kind` from the `IdGenerator` in context. */
export const newId = <K extends IdKind>(kind: K): Effect.Effect<IdOf[K]> =>
  Effect.withFiber((fiber) => fiber.getRef(IdGenerator).make(kind))

/** `count` new branded ids of `kind`, as many calls of `newId` in a row would give. */
export const newIds = <K extends IdKind>(kind: K, count: number): Effect.Effect<Array<IdOf[K]>> =>
  Effect.withFiber((fiber) => fiber.getRef(IdGenerator).makeMany(kind, count))

/** Random lowercase base-32 text for identifiers shown to users (not for secrets: Random is not cryptographic). */
export const randomText = (length: number): Effect.Effect<string> =>
  Effect.gen(function*() {
    let out = ""
    for (let index = 0; index < length; index++) {
      out += alphabet[yield* Random.nextIntBetween(0, alphabet.length, { halfOpen: true })] ?? ""
    }
    return out
  })
