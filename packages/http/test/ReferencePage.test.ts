/**
 * The reference page's setup (issue 33): bearer auth selected with a
 * placeholder, no developer toolbar, optional headers and query parameters
 * without an example out of Scalar's code samples (declared by `content` in the page's copy of the
 * document only), no outside font URL.
 */
import { describe, expect, it } from "@effect/vitest"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Effect } from "effect"
import { OpenApi } from "effect/http-api"
import * as ReferencePage from "../src/ReferencePage.js"

const parametersOf = (spec: OpenApi.OpenAPISpec, path: string, method: "get" | "post") =>
  spec.paths[path]?.[method]?.parameters ?? []

describe("the reference page", () => {
  it("declares by content the optional header and query parameters without an example, and leaves the rest", () => {
    const served = OpenApi.fromApi(MonetaApi)
    const before = JSON.stringify(served)
    const shown = ReferencePage.pageDocument(served)
    const key = parametersOf(served, "/accounts", "post").find((parameter) => parameter.name === "Idempotency-Key")
    expect(key).toMatchObject({ in: "header", required: false, schema: { type: "string" } })
    const { schema, ...rest } = key ?? {}
    expect(parametersOf(shown, "/accounts", "post")).toEqual([{ ...rest, content: { "text/plain": { schema } } }])
    // The list's query parameters: `cursor` (no value) and `limit` (a default, which the API uses anyway).
    const list = parametersOf(served, "/accounts", "get")
    expect(list.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["cursor", "limit"]))
    expect(parametersOf(shown, "/accounts", "get")).toEqual(
      list.map(({ schema, ...rest }) =>
        rest.in === "query" && rest.required === false
          ? { ...rest, content: { "text/plain": { schema } } }
          : { ...rest, schema }
      )
    )
    // The document given (what /openapi.json serves) is left as it was.
    expect(JSON.stringify(served)).toBe(before)
  })

  it("gives Scalar no optional parameter it would write into a sample with an empty value (?cursor=&limit=)", () => {
    // Scalar 1.43 writes every parameter declared with a `schema` into its code samples, with the schema's
    // default, enum or example, or an empty value: an optional one without an example must have no `schema`.
    const shown = ReferencePage.pageDocument(OpenApi.fromApi(MonetaApi))
    const inSamples = Object.entries(shown.paths).flatMap(([path, pathItem]) =>
      Object.entries(pathItem).flatMap(([method, operation]) =>
        typeof operation === "object" && operation !== null && "parameters" in operation &&
          Array.isArray(operation.parameters)
          ? operation.parameters.filter((parameter: OpenApi.OpenAPISpecParameter) =>
            parameter.in !== "path" && parameter.required !== true && "schema" in parameter
          ).map((parameter: OpenApi.OpenAPISpecParameter) => `${method.toUpperCase()} ${path} ${parameter.name}`)
          : []
      )
    )
    expect(inSamples).toEqual([])
  })

  it("selects the document's bearer scheme with the placeholder, and hides the toolbar and the client button", () => {
    const spec = OpenApi.fromApi(MonetaApi)
    const { content: _content, ...configuration } = ReferencePage.configuration(spec)
    expect(configuration).toMatchObject({
      showDeveloperTools: "never",
      hideClientButton: true,
      withDefaultFonts: false,
      authentication: {
        preferredSecurityScheme: ReferencePage.bearerScheme(spec),
        securitySchemes: { [ReferencePage.bearerScheme(spec) ?? ""]: { token: "YOUR_API_KEY" } }
      }
    })
    expect(ReferencePage.bearerScheme(spec)).toBe("apiKey")
  })

  it("replaces CSS urls of other hosts by empty data: URLs", () => {
    expect(ReferencePage.withoutOutsideUrls(`src:url("https://fonts.scalar.com/a.woff2") url(/local.png)`)).toBe(
      `src:url(data:,) url(/local.png)`
    )
  })

  it.effect("inlines Scalar's script, without its source map comment, and the configuration as JSON", () =>
    Effect.gen(function*() {
      const html = yield* ReferencePage.html(OpenApi.fromApi(MonetaApi))
      // Booleans: a failing `toContain` would print the whole 4 MB page.
      expect(html.includes(`<script type="application/json" id="${ReferencePage.configurationElementId}">`)).toBe(true)
      expect(html.includes("window.Scalar.createApiReference(")).toBe(true)
      expect(html.includes("sourceMappingURL")).toBe(false)
      expect(/<script[^>]*\ssrc=/.test(html)).toBe(false)
      // Scalar's script would mount a second reference on its own on an element of that id.
      expect(html.includes(`<div id="api-reference">`)).toBe(false)
    }))
})
