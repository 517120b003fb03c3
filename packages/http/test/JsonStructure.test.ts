/**
 * The JSON text checks behind the input guards: nesting depth counted
 * without recursion (brackets inside strings do not count), duplicate keys
 * found as the parser would compare them (escapes decoded), and text
 * Postgres cannot store.
 */
import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import * as fc from "fast-check"
import { duplicateKeyPath, findUnstorable, nestingDepth } from "../src/JsonStructure.js"

const depthOf = (value: unknown): number =>
  Array.isArray(value)
    ? 1 + Math.max(0, ...value.map(depthOf))
    : value !== null && typeof value === "object"
    ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
    : 0

describe("JSON structure", () => {
  it("the depth of serialized JSON is the depth of the value", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
      expect(nestingDepth(JSON.stringify(value), 100)).toBe(depthOf(value))
    }))
  })

  it("serialized JSON has no duplicate keys", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
      expect(duplicateKeyPath(JSON.stringify(value))).toEqual(Option.none())
    }))
  })

  it("brackets and escaped quotes inside strings are text, not structure", () => {
    expect(nestingDepth("{\"a\":\"[[[{{\\\"[[\"}")).toBe(1)
    expect(nestingDepth("[".repeat(100_000), 32)).toBe(33)
  })

  it("duplicate keys are named by their path, escapes decoded", () => {
    expect(duplicateKeyPath("{\"a\":1,\"a\":2}")).toEqual(Option.some(["a"]))
    expect(duplicateKeyPath("{\"a\":1,\"\\u0061\":2}")).toEqual(Option.some(["a"]))
    expect(duplicateKeyPath(" { \"x\" : [ {\"b\":1}, {\"c\":1 , \"c\" :2} ] } ")).toEqual(Option.some(["x", "1", "c"]))
    expect(duplicateKeyPath("{\"a\":{\"b\":1},\"b\":{\"a\":1}}")).toEqual(Option.none())
  })

  it("unstorable text is found in values and keys, with its path", () => {
    expect(findUnstorable({ a: ["ok", "x\ud800"] })).toMatchObject(Option.some({ path: ["a", "1"] }))
    expect(findUnstorable({ ["k\u0000"]: 1 })).toMatchObject(Option.some({ path: ["k\u0000"] }))
    expect(findUnstorable({ a: "\udc00" })).toMatchObject(Option.some({ path: ["a"] }))
    expect(findUnstorable({ a: "😀", b: ["\ud83d\ude00"] })).toEqual(Option.none())
  })
})
