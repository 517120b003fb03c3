/**
 * The API reference, checked over the whole generated document so that groups
 * added later are held to it too: Redocly's recommended rules report no error,
 * and what a reader of an Increase-style reference expects holds for every
 * operation (summary, description, a tag named like Increase's, the
 * `Idempotency-Key` header on POSTs, `*.in` filters as comma-separated arrays,
 * error responses with the wire body only, no placeholder schemas).
 */
import { describe, expect, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { document } from "../src/OpenApiDocument.js"

const spec = JSON.parse(JSON.stringify(document())) as unknown

type Json = { readonly [key: string]: unknown }
const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const entriesOf = (value: unknown): ReadonlyArray<readonly [string, Json]> =>
  isJson(value) ? Object.entries(value).filter((entry): entry is [string, Json] => isJson(entry[1])) : []
const arrayOf = (value: unknown): ReadonlyArray<unknown> => Array.isArray(value) ? value : []

const root = isJson(spec) ? spec : {}
const schemas = isJson(root["components"]) && isJson(root["components"]["schemas"]) ? root["components"]["schemas"] : {}

const methods = new Set(["get", "put", "post", "delete", "patch"])
const operations = entriesOf(root["paths"]).flatMap(([path, item]) =>
  entriesOf(item).filter(([method]) => methods.has(method)).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method,
    operation
  }))
)

/** Every object in the document, with where it is. */
const objectsIn = (value: unknown, at = "#"): ReadonlyArray<readonly [string, Json]> =>
  Array.isArray(value)
    ? value.flatMap((item, index) => objectsIn(item, `${at}/${index}`))
    : isJson(value)
    ? [[at, value] as const, ...Object.entries(value).flatMap(([key, nested]) => objectsIn(nested, `${at}/${key}`))]
    : []

const redocly = fileURLToPath(new URL("../../../node_modules/.bin/redocly", import.meta.url))

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error", () => {
    const folder = mkdtempSync(join(tmpdir(), "moneta-openapi-"))
    try {
      const file = join(folder, "openapi.json")
      writeFileSync(file, JSON.stringify(spec))
      const lint = spawnSync(redocly, ["lint", file, "--extends=recommended", "--format=json"], {
        encoding: "utf8",
        // No telemetry or update checks: CI reaches no outside host.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
          NO_UPDATE_NOTIFIER: "1"
        },
        timeout: 120_000
      })
      const report = JSON.parse(lint.stdout) as {
        readonly totals: { readonly errors: number }
        readonly problems: ReadonlyArray<unknown>
      }
      const errors = report.problems.filter((problem) => isJson(problem) && problem["severity"] === "error")
      expect(errors).toEqual([])
      expect(report.totals.errors).toBe(0)
      expect(lint.status).toBe(0)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }, 120_000)

  it("has operations, servers and a license", () => {
    expect(operations.length).toBeGreaterThan(50)
    expect(arrayOf(root["servers"]).length).toBeGreaterThan(0)
    expect(isJson(root["info"]) && isJson(root["info"]["license"])).toBe(true)
  })

  it("gives every operation a summary, a description and tags named like Increase's, each declared once", () => {
    const declared = arrayOf(root["tags"]).map((tag) => isJson(tag) ? tag["name"] : undefined)
    expect(new Set(declared).size).toBe(declared.length)
    for (const { name, operation } of operations) {
      expect(operation["summary"], name).toEqual(expect.stringMatching(/\S/))
      expect(operation["description"], name).toEqual(expect.stringMatching(/\S/))
      const tags = arrayOf(operation["tags"])
      expect(tags.length, name).toBeGreaterThan(0)
      for (const tag of tags) {
        // "Wire Transfers", "Real-Time Decisions", "Sandbox: Wire Transfers": capitalized words, not an
        // identifier such as "wireTransferSimulations".
        expect(tag, name).toEqual(
          expect.stringMatching(/^([A-Z][a-z]*: )?[A-Z][a-z]*(-[A-Z][a-z]*)*( [A-Z][a-z]*(-[A-Z][a-z]*)*)*$/)
        )
        expect(declared, name).toContain(tag)
      }
    }
  })

  it("documents the Idempotency-Key header on every POST but the control API's", () => {
    const posts = operations.filter(({ method, name }) => method === "post" && !name.startsWith("POST /moneta/"))
    for (const { name, operation } of posts) {
      const header = arrayOf(operation["parameters"]).find((parameter) =>
        isJson(parameter) && parameter["in"] === "header" && parameter["name"] === "Idempotency-Key"
      )
      expect(header, name).toMatchObject({ required: false, schema: { type: "string", maxLength: 200 } })
    }
  })

  it("documents every *.in filter as a comma-separated array of its values", () => {
    const filters = operations.flatMap(({ name, operation }) =>
      arrayOf(operation["parameters"]).filter((parameter): parameter is Json =>
        isJson(parameter) && typeof parameter["name"] === "string" && parameter["name"].endsWith(".in")
      ).map((parameter) => ({ name: `${name} ${String(parameter["name"])}`, parameter }))
    )
    expect(filters.length).toBeGreaterThan(5)
    for (const { name, parameter } of filters) {
      expect(parameter, name).toMatchObject({ in: "query", style: "form", explode: false, schema: { type: "array" } })
      const items = isJson(parameter["schema"]) ? parameter["schema"]["items"] : undefined
      // Its values where they are fixed (an enum, or a union of enums); any string where the spec keeps them open.
      const alternatives = isJson(items) && Array.isArray(items["anyOf"]) ? items["anyOf"] : [items]
      for (const alternative of alternatives) {
        expect(isJson(alternative) && (Array.isArray(alternative["enum"]) || alternative["type"] === "string"), name)
          .toBe(true)
      }
    }
    const accountStatus = filters.find(({ name }) => name === "GET /accounts status.in")
    expect(accountStatus?.parameter).toMatchObject({ schema: { items: { enum: ["open", "closed"] } } })
  })

  it("documents error responses with the wire error body only", () => {
    expect(Object.keys(schemas)).not.toContain("HttpApiDecodeError")
    for (const { name, operation } of operations) {
      for (const [status, response] of entriesOf(operation["responses"])) {
        if (Number(status) < 400) continue
        const body = isJson(response["content"]) ? response["content"]["application/json"] : undefined
        const schema = isJson(body) ? body["schema"] : undefined
        const alternatives = isJson(schema) && Array.isArray(schema["anyOf"]) ? schema["anyOf"] : [schema]
        for (const alternative of alternatives) {
          const ref = isJson(alternative) ? String(alternative["$ref"]) : ""
          const component = schemas[ref.replace("#/components/schemas/", "")]
          expect(isJson(component) && component["required"], `${name} ${status} ${ref}`).toEqual(
            expect.arrayContaining(["type", "status", "title", "detail"])
          )
          // The status in the body is the response's.
          const properties = isJson(component) && isJson(component["properties"]) ? component["properties"] : {}
          expect(properties["status"], `${name} ${status} ${ref}`).toMatchObject({ enum: [Number(status)] })
        }
      }
    }
  })

  it("has no placeholder schema ids and no array without items", () => {
    for (const [at, node] of objectsIn(spec)) {
      expect(typeof node["$id"] === "string" && node["$id"].startsWith("/schemas/"), at).toBe(false)
      if (node["type"] === "array") expect("items" in node || "prefixItems" in node, at).toBe(true)
    }
  })
})
