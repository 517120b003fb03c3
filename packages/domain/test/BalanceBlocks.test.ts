/**
 * Balance blocks (money/BalanceBlocks): entries written at any dates in any
 * order, each write updating only the blocks `pathAfter` gives from what
 * `rangesToWrite` reads, leave blocks from which the balance at every date and
 * the extremes from every date on are the plain sums over the entries.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  type BalanceBlock,
  balanceOf,
  type BlockRange,
  blockSize,
  extremesFrom,
  fanOut,
  pathAfter,
  rangesBefore,
  rangesFrom,
  rangesToWrite,
  topLevel
} from "../src/money/BalanceBlocks.js"
import { prop } from "./support/Property.js"

/** The blocks of one account, as the store keeps them (one row per level and start). */
class Blocks {
  readonly rows = new Map<string, BalanceBlock>()
  read(ranges: ReadonlyArray<BlockRange>): ReadonlyArray<BalanceBlock> {
    return [...this.rows.values()].filter((block) =>
      ranges.some((range) => range.level === block.level && block.start >= range.from && block.start < range.to)
    )
  }
  write(date: number, amount: bigint) {
    const read = this.read(rangesToWrite(date))
    for (const level of new Set(read.map((block) => block.level))) {
      expect(read.filter((block) => block.level === level).length).toBeLessThanOrEqual(fanOut)
    }
    for (const block of pathAfter(date, amount, read)) this.rows.set(`${block.level}:${block.start}`, block)
  }
}

/**
 * Dates that share blocks at every level: a few anchors (before and after the
 * epoch, up to the year 9999) plus offsets of every block size.
 */
const date = fc.tuple(
  fc.constantFrom(0, Date.parse("2026-01-01T00:00:00Z"), Date.parse("1969-12-31T23:59:59.999Z"), -62_167_219_200_000),
  fc.integer({ min: 0, max: topLevel - 1 }),
  fc.integer({ min: -40, max: 40 })
).map(([anchor, level, steps]) => anchor + steps * blockSize(level))
const entry = fc.record({
  date,
  amount: fc.oneof(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), fc.constant(0n))
})

const balanceAt = (entries: ReadonlyArray<typeof entry extends fc.Arbitrary<infer E> ? E : never>, at: number) =>
  entries.filter((e) => e.date <= at).reduce((total, e) => total + e.amount, 0n)

describe("balance blocks", () => {
  prop(
    "balances at any date and extremes from any date on are the sums of the entries, written in any order",
    [fc.array(entry, { minLength: 1, maxLength: 40 }), fc.array(date, { minLength: 1, maxLength: 8 })],
    ([entries, probes]) => {
      const blocks = new Blocks()
      for (const e of entries) blocks.write(e.date, e.amount)
      const dates = [...new Set(entries.map((e) => e.date))]
      for (const probe of [...probes, ...dates, ...dates.map((d) => d - 1), ...dates.map((d) => d + 1)]) {
        expect(balanceOf(blocks.read(rangesBefore(probe + 1)))).toBe(balanceAt(entries, probe))
        const balances = dates.filter((d) => d >= probe).map((d) => balanceAt(entries, d))
        const read = blocks.read([...rangesBefore(probe), ...rangesFrom(probe)])
        expect(extremesFrom(read, probe)).toEqual(
          balances.length === 0 ? undefined : {
            lowest: balances.reduce((a, b) => a < b ? a : b),
            highest: balances.reduce((a, b) => a > b ? a : b)
          }
        )
      }
      // The current balance: the top blocks.
      expect(balanceOf([...blocks.rows.values()].filter((block) => block.level === topLevel))).toBe(
        entries.reduce((total, e) => total + e.amount, 0n)
      )
    },
    { numRuns: 300 }
  )

  it("the ranges before and from a date cover every block once, each within at most a parent's children", () => {
    for (const split of [0, 1, -1, 1_000_000_007, Date.parse("2026-11-27T10:00:00.123Z"), -62_167_219_200_000]) {
      const before = rangesBefore(split)
      const from = rangesFrom(split)
      for (const range of [...before, ...from]) {
        expect(range.from).toBeLessThanOrEqual(range.to)
        if (range.level < topLevel) expect(range.to - range.from).toBeLessThanOrEqual(blockSize(range.level + 1))
      }
      // Every date is covered once: by a range of the level whose blocks tile it there.
      for (const probe of [split - blockSize(5) - 3, split - 1, split, split + 1, split + blockSize(7) + 11]) {
        const covering = [...before, ...from].filter((range) => {
          const start = Math.floor(probe / blockSize(range.level)) * blockSize(range.level)
          return start >= range.from && start < range.to
        })
        expect(covering).toHaveLength(1)
        expect(before.includes(covering[0]!)).toBe(probe < split)
      }
    }
  })
})
