/**
 * Balance blocks: what a bookkeeping account's balance at any date, and its
 * lowest and highest balance from any date on, are read from, so that neither
 * reading them nor writing an entry set dated anywhere in the history costs
 * more as the history grows (docs/benchmarks.md, "Back-dated entry sets").
 *
 * Dates are milliseconds since the epoch (the API's precision). A block of
 * level 0 is one date of the account: the sum of its entries dated then. A
 * block of level k ≥ 1 covers the 32^k milliseconds from a multiple of 32^k,
 * and holds, over the dates it covers, the sum of their entries (`net`) and the
 * lowest and highest running sum at the end of one of its dates, counted from
 * the block's start (`lowest`, `highest`). Its children are the blocks of level
 * k − 1 it covers: at most 32, so recomputing a block reads at most 32 rows.
 * Level 9 (32^9 ms ≈ 1,115 years) is the top: ten blocks cover the four-digit
 * years a Timestamp carries.
 *
 * Why fixed spans of time and not calendar months or years: a write at a date
 * changes only the blocks that cover it (one a level, ten in all), each
 * recomputed from at most 32 children whatever the account's history or how
 * densely it is dated (a month of one-second entries would be 2.6 million
 * children), and every level is the same arithmetic. Blocks exist only where
 * the account has dates.
 */

/** Children of a block at most; a power of two, so block bounds are exact in a double. */
export const fanOut = 32

/** The level whose blocks have no parent. */
export const topLevel = 9

/** Beyond any date (a Timestamp is within ±2^48 ms): an open end of a range. */
const unbounded = 2 ** 53

/** Milliseconds a block of `level` covers. */
export const blockSize = (level: number): number => fanOut ** level

/** The start of the block of `level` that covers `date`. */
export const blockStart = (date: number, level: number): number =>
  Math.floor(date / blockSize(level)) * blockSize(level)

/** A stored block (see the module comment). */
export interface BalanceBlock {
  readonly level: number
  readonly start: number
  readonly net: bigint
  readonly lowest: bigint
  readonly highest: bigint
}

/** The blocks of `level` whose start is in [from, to). */
export interface BlockRange {
  readonly level: number
  readonly from: number
  readonly to: number
}

const levels = Array.from({ length: topLevel + 1 }, (_, level) => level)

/**
 * The blocks that together cover every date before `split` exactly once: the
 * dates of the same level-1 block before it, then at each level the blocks
 * before the one covering `split` under the same parent, and the top blocks
 * before it. At most 32 blocks a level (and the ten top ones).
 */
export const rangesBefore = (split: number): ReadonlyArray<BlockRange> =>
  levels.map((level) => ({
    level,
    from: level === topLevel ? -unbounded : blockStart(split, level + 1),
    to: level === 0 ? split : blockStart(split, level)
  }))

/** The blocks that cover every date: the top ones. */
export const rangesOfAll: ReadonlyArray<BlockRange> = [{ level: topLevel, from: -unbounded, to: unbounded }]

/** The blocks that together cover every date from `split` on exactly once, in date order level by level. */
export const rangesFrom = (split: number): ReadonlyArray<BlockRange> =>
  levels.map((level) => ({
    level,
    from: level === 0 ? split : blockStart(split, level) + blockSize(level),
    to: level === topLevel ? unbounded : blockStart(split, level + 1) + blockSize(level + 1)
  }))

/** What writing at `date` reads: the children of each block that covers it (the top's included). */
export const rangesToWrite = (date: number): ReadonlyArray<BlockRange> =>
  levels.filter((level) => level < topLevel).map((level) => ({
    level,
    from: blockStart(date, level + 1),
    to: blockStart(date, level + 1) + blockSize(level + 1)
  }))

/** A block's sum and extremes from its children, given in date order. */
export const combine = (
  children: ReadonlyArray<Pick<BalanceBlock, "net" | "lowest" | "highest">>
): Pick<BalanceBlock, "net" | "lowest" | "highest"> => {
  let net = 0n
  let lowest: bigint | undefined
  let highest: bigint | undefined
  for (const child of children) {
    const low = net + child.lowest
    const high = net + child.highest
    lowest = lowest === undefined || low < lowest ? low : lowest
    highest = highest === undefined || high > highest ? high : highest
    net += child.net
  }
  return { net, lowest: lowest ?? 0n, highest: highest ?? 0n }
}

const byStart = (left: BalanceBlock, right: BalanceBlock) => left.start - right.start

/**
 * The ten blocks covering `date` once `amount` more is dated then, from what
 * `rangesToWrite(date)` read (the blocks as they were). `amount` may be zero:
 * the date then exists, with the balance the entries before it give.
 */
export const pathAfter = (
  date: number,
  amount: bigint,
  read: ReadonlyArray<BalanceBlock>
): ReadonlyArray<BalanceBlock> => {
  const before = read.find((block) => block.level === 0 && block.start === date)
  const net = (before?.net ?? 0n) + amount
  let current: BalanceBlock = { level: 0, start: date, net, lowest: net, highest: net }
  const path = [current]
  for (let level = 1; level <= topLevel; level++) {
    const changed = current
    const children = [
      ...read.filter((block) => block.level === level - 1 && block.start !== changed.start),
      changed
    ].sort(byStart)
    current = { level, start: blockStart(date, level), ...combine(children) }
    path.push(current)
  }
  return path
}

/** The balance of the dates the blocks cover: those `rangesBefore` read, for the balance before its split. */
export const balanceOf = (blocks: ReadonlyArray<Pick<BalanceBlock, "net">>): bigint =>
  blocks.reduce((total, block) => total + block.net, 0n)

/**
 * The lowest and highest balance at the end of any date from `split` on, from
 * the blocks `rangesBefore(split)` and `rangesFrom(split)` read; undefined when
 * no date is that late.
 */
export const extremesFrom = (
  blocks: ReadonlyArray<BalanceBlock>,
  split: number
): { readonly lowest: bigint; readonly highest: bigint } | undefined => {
  const later = blocks.filter((block) => block.start >= split).sort(byStart)
  if (later.length === 0) return undefined
  const { lowest, highest } = combine(later)
  const before = balanceOf(blocks.filter((block) => block.start < split))
  return { lowest: before + lowest, highest: before + highest }
}
