/**
 * The harness's randomness, from one seed (printed in the summary), so that
 * a run's fault schedule and choice of operations can be repeated
 * (`--seed`); what the processes make of them still depends on timing.
 */
export interface Random {
  /** In [0, 1). */
  readonly next: () => number
  /** A whole number in [low, high]. */
  readonly between: (low: number, high: number) => number
  readonly chance: (probability: number) => boolean
  readonly pick: <A>(items: ReadonlyArray<A>) => A
  /** Picks by weight: `[[weight, item], …]`. */
  readonly weighted: <A>(items: ReadonlyArray<readonly [number, A]>) => A
}

/** mulberry32: small, fast, good enough to spread faults and operations. */
export const seeded = (seed: number): Random => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
  const pick = <A>(items: ReadonlyArray<A>): A => {
    const item = items[Math.floor(next() * items.length)]
    if (item === undefined) throw new Error("nothing to pick from")
    return item
  }
  return {
    next,
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
    chance: (probability) => next() < probability,
    pick,
    weighted: <A>(items: ReadonlyArray<readonly [number, A]>): A => {
      const total = items.reduce((sum, [weight]) => sum + weight, 0)
      let at = next() * total
      for (const [weight, item] of items) {
        at -= weight
        if (at < 0) return item
      }
      const last = items.at(-1)
      if (last === undefined) throw new Error("nothing to pick from")
      return last[1]
    }
  }
}
