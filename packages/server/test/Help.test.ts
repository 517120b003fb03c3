/**
 * `moneta --help` and the README's "Configuration" table name the same
 * environment variables, in the same order, so neither falls behind the other.
 */
import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import * as Help from "../src/Help.js"

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8")

/** The first column of the table under "## Configuration". */
const documented = (): ReadonlyArray<string> => {
  const section = readme.split("\n## Configuration\n")[1]?.split("\n## ")[0] ?? ""
  return Array.from(section.matchAll(/^\| `([A-Z0-9_<>]+)` \|/gm), (match) => match[1] ?? "")
}

describe("moneta --help", () => {
  it("lists the variables of the README's configuration table, in its order", () => {
    expect(documented().length).toBeGreaterThan(10)
    expect(Help.settings.map((setting) => setting.name)).toEqual(documented())
  })

  it("prints each of them with its default", () => {
    const usage = Help.usage()
    for (const setting of Help.settings) expect(usage).toContain(`${setting.name} `)
    expect(usage).toContain("(default: 4010)")
  })
})
