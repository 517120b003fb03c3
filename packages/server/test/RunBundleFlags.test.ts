import { describe, expect, it } from "@effect/vitest"
import { wasmTieringBudget } from "@moneta/store/PgliteOpening"
import { readFileSync } from "node:fs"

describe("run-bundle.js", () => {
  // V8 refuses a code cache written under other flags: the bundle's runner must set the value PGlite sets.
  it("sets the embedded database's WASM tiering budget before the bundle compiles", () => {
    const runner = readFileSync(new URL("../bin/run-bundle.js", import.meta.url), "utf8")
    const match = /const wasmTieringBudget = ([\d_]+)/.exec(runner)
    expect(Number(match?.[1]?.replaceAll("_", ""))).toBe(wasmTieringBudget)
  })
})
