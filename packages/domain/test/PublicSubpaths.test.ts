/**
 * The domain's modules live in area folders but are published by their flat
 * names (`@moneta/domain/WireTransfer`): every module has its subpath, and
 * every subpath names a module that exists, so a new or moved module cannot
 * be left out of the package's API.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as Fs from "node:fs"
import * as Path from "node:path"

const root = Path.join(import.meta.dirname, "..")
const source = Path.join(root, "src")
const Manifest = Schema.Struct({ exports: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.String)) })
const manifest = Schema.decodeUnknownSync(Manifest)(
  JSON.parse(Fs.readFileSync(Path.join(root, "package.json"), "utf8"))
)

const areaModules = Fs.readdirSync(source, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "testing")
  .flatMap((area) =>
    Fs.readdirSync(Path.join(source, area.name))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => ({ area: area.name, name: file.slice(0, -".ts".length) }))
  )

describe("the domain's public subpaths", () => {
  const exported = manifest.exports

  it("publish every module of every area by its own name", () => {
    for (const { area, name } of areaModules) {
      expect(exported[`./${name}`], name).toEqual({
        "@moneta/source": `./src/${area}/${name}.ts`,
        types: `./dist/${area}/${name}.d.ts`,
        import: `./dist/${area}/${name}.js`
      })
    }
  })

  it("name only modules that exist", () => {
    const names = new Set(areaModules.map(({ name }) => `./${name}`))
    const extra = Object.keys(exported).filter((key) => key !== "." && key !== "./testing" && !names.has(key))
    expect(extra).toEqual([])
  })

  it("keep the flat names unique across areas", () => {
    expect(new Set(areaModules.map(({ name }) => name)).size).toBe(areaModules.length)
  })
})
