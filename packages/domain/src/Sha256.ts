/**
 * SHA-256 and HMAC-SHA256 over bytes, in plain TypeScript.
 *
 * The domain package imports nothing but `effect`, so it cannot reach for
 * `node:crypto` or WebCrypto (the latter is asynchronous, and signatures are
 * computed inside pure functions). Webhook bodies are small, so a straight
 * implementation of FIPS 180-4 is fast enough (tens of MB/s).
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const roundConstants = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
])

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const initialHash = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

/** Bytes per message block. */
export const blockSize = 64
/** Bytes per digest. */
export const digestSize = 32

const rotateRight = (word: number, bits: number): number => (word >>> bits) | (word << (32 - bits))

/** Appends the `1` bit, zeros, and the 64-bit big-endian message length in bits. */
const pad = (message: Uint8Array): Uint8Array => {
  const paddedLength = Math.ceil((message.length + 9) / blockSize) * blockSize
  const padded = new Uint8Array(paddedLength)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  const bitLength = message.length * 8
  // Split in two words: JavaScript bit operators only reach 32 bits.
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 0x100000000))
  view.setUint32(paddedLength - 4, bitLength >>> 0)
  return padded
}

/** Reads a word the loops below always have in range; the fallback only satisfies `noUncheckedIndexedAccess`. */
const wordAt = (words: Uint32Array, index: number): number => words[index] ?? 0

/** The SHA-256 digest (32 bytes) of `message`. */
export const sha256 = (message: Uint8Array): Uint8Array => {
  const padded = pad(message)
  const view = new DataView(padded.buffer)
  const hash = Uint32Array.from(initialHash)
  const schedule = new Uint32Array(64)
  for (let blockStart = 0; blockStart < padded.length; blockStart += blockSize) {
    for (let index = 0; index < 16; index++) {
      schedule[index] = view.getUint32(blockStart + index * 4)
    }
    for (let index = 16; index < 64; index++) {
      const previous2 = wordAt(schedule, index - 2)
      const previous15 = wordAt(schedule, index - 15)
      const sigma0 = rotateRight(previous15, 7) ^ rotateRight(previous15, 18) ^ (previous15 >>> 3)
      const sigma1 = rotateRight(previous2, 17) ^ rotateRight(previous2, 19) ^ (previous2 >>> 10)
      schedule[index] = (wordAt(schedule, index - 16) + sigma0 + wordAt(schedule, index - 7) + sigma1) >>> 0
    }
    let a = wordAt(hash, 0)
    let b = wordAt(hash, 1)
    let c = wordAt(hash, 2)
    let d = wordAt(hash, 3)
    let e = wordAt(hash, 4)
    let f = wordAt(hash, 5)
    let g = wordAt(hash, 6)
    let h = wordAt(hash, 7)
    for (let index = 0; index < 64; index++) {
      const sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
      const choice = (e & f) ^ (~e & g)
      const temporary1 = (h + sum1 + choice + wordAt(roundConstants, index) + wordAt(schedule, index)) >>> 0
      const sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
      const majority = (a & b) ^ (a & c) ^ (b & c)
      const temporary2 = (sum0 + majority) >>> 0
      h = g
      g = f
      f = e
      e = (d + temporary1) >>> 0
      d = c
      c = b
      b = a
      a = (temporary1 + temporary2) >>> 0
    }
    ;[a, b, c, d, e, f, g, h].forEach((word, index) => {
      hash[index] = (wordAt(hash, index) + word) >>> 0
    })
  }
  const digest = new Uint8Array(digestSize)
  const digestView = new DataView(digest.buffer)
  hash.forEach((word, index) => digestView.setUint32(index * 4, word))
  return digest
}

const concat = (first: Uint8Array, second: Uint8Array): Uint8Array => {
  const joined = new Uint8Array(first.length + second.length)
  joined.set(first)
  joined.set(second, first.length)
  return joined
}

/** HMAC-SHA256 (RFC 2104) of `message` keyed with `key`. */
export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array => {
  // Keys longer than a block are hashed first; shorter ones are zero-padded.
  const blockKey = new Uint8Array(blockSize)
  blockKey.set(key.length > blockSize ? sha256(key) : key)
  const innerPad = blockKey.map((byte) => byte ^ 0x36)
  const outerPad = blockKey.map((byte) => byte ^ 0x5c)
  return sha256(concat(outerPad, sha256(concat(innerPad, message))))
}
