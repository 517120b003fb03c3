/**
 * Ids are `<object_type>_<20 lowercase base-32 characters>`: ten characters of
 * milliseconds since the epoch, then ten of randomness that is incremented
 * within the same millisecond, so ids made by one process sort in creation
 * order and ordering never depends on chance.
 */
import { Clock, Effect, Random } from "effect"

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"
const randomBits = 50

const encode = (value: bigint, length: number): string => {
  let out = ""
  for (let index = 0; index < length; index++) {
    out = alphabet[Number(value & 31n)] + out
    value >>= 5n
  }
  return out
}

let lastMillis = -1
let lastRandom = 0n

export const makeId = (prefix: string): Effect.Effect<string> =>
  Effect.gen(function*() {
    const millis = yield* Clock.currentTimeMillis
    const high = yield* Random.nextIntBetween(0, 2 ** 25)
    const low = yield* Random.nextIntBetween(0, 2 ** 25)
    let random = (BigInt(high) << 25n) | BigInt(low)
    if (millis <= lastMillis) {
      random = lastRandom + 1n
      if (random >= 1n << BigInt(randomBits)) random = 0n
      lastRandom = random
      return `${prefix}_${encode(BigInt(lastMillis), 10)}${encode(random, 10)}`
    }
    lastMillis = millis
    lastRandom = random
    return `${prefix}_${encode(BigInt(millis), 10)}${encode(random, 10)}`
  })

/** Random lowercase base-32 text for identifiers shown to users (not for secrets: Random is not cryptographic). */
export const randomText = (length: number): Effect.Effect<string> =>
  Effect.gen(function*() {
    let out = ""
    for (let index = 0; index < length; index++) {
      out += alphabet[yield* Random.nextIntBetween(0, 32)]
    }
    return out
  })
