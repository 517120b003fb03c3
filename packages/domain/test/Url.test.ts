import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as fc from "fast-check"
import * as Url from "../src/core/Url.js"
import * as EventSubscription from "../src/events/EventSubscription.js"
import { webhookUrlArbitrary } from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"
import { errorPaths } from "./support/Violations.js"

const decodeUrl = Schema.decodeUnknownResult(Url.HttpUrl)

/** Whitespace and control characters, the ones a URL parser silently drops or strips among them. */
const unsafeCharacterArbitrary = fc.oneof(
  fc.constantFrom("\r", "\n", "\t", " ", "\u000b", "\f", "\u0000", "\u007f", "\u0085", "\u00a0", "\u2028", "\ufeff"),
  fc.integer({ min: 0x00, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code))
)

/** A valid URL with one unsafe character put anywhere in it, the ends included. */
const tamperedUrlArbitrary = fc
  .tuple(webhookUrlArbitrary, unsafeCharacterArbitrary, fc.nat())
  .map(([url, character, at]) => {
    const index = at % (url.length + 1)
    return url.slice(0, index) + character + url.slice(index)
  })

describe("URLs in request bodies", () => {
  it("an international URL is taken however often it is checked (Node 20's URL.canParse refuses it once hot)", () => {
    const international = "https://bücher.example/pfad/ü"
    let refused = 0
    for (let attempt = 0; attempt < 20_000; attempt++) {
      if (Url.parseUrl(international) === undefined) refused++
    }
    expect(refused).toBe(0)
    expect(decodeUrl(international)).toEqual(Result.succeed(international))
  })

  prop("a valid URL is taken and kept exactly as sent", [webhookUrlArbitrary], ([url]) => {
    expect(decodeUrl(url)).toEqual(Result.succeed(url))
    expect(Schema.encodeSync(Url.HttpUrl)(url)).toBe(url)
  })

  prop("whitespace or a control character anywhere is refused, on the field", [tamperedUrlArbitrary], ([url]) => {
    expect(Result.isFailure(decodeUrl(url))).toBe(true)
    expect(Url.unsafeCharacterIn(url)).toBeDefined()
    expect(errorPaths(EventSubscription.CreateEventSubscription, { url })).toEqual(["url"])
  })

  it("the refusal names the character and where it is", () => {
    expect(Url.unsafeCharacterIn(" https://example.com/hooks")).toContain("a space (U+0020) at the start")
    expect(Url.unsafeCharacterIn("https://example.com/hooks\r\n")).toContain("a carriage return (U+000D) after 25")
    expect(Url.unsafeCharacterIn("https://example.com/hooks\n")).toContain("a line feed (U+000A) at the end")
    expect(Url.unsafeCharacterIn("https://example.com/a\tb")).toContain("a tab (U+0009)")
    expect(Url.unsafeCharacterIn("https://example.com/\u0085")).toContain("U+0085")
    expect(Url.unsafeCharacterIn("https://example.com/hooks")).toBeUndefined()
  })

  it("what the URL parser forgives is refused; percent-encoded and international text is not", () => {
    for (
      const refused of [
        " https://example.com/hooks",
        "https://example.com/hooks ",
        "https://example.com/hooks\r\nX-Injected: 1",
        "https://exa\tmple.com/hooks",
        "\u0000https://example.com/hooks",
        "https://example.com/a b",
        "https://example.com/\u2028"
      ]
    ) {
      expect(URL.canParse(refused), refused).toBe(true)
      expect(Result.isFailure(decodeUrl(refused)), refused).toBe(true)
    }
    for (
      const taken of [
        "https://example.com/hooks%0D%0Ax?q=a%20b",
        "https://bücher.example/pfad/ü",
        "http://127.0.0.1:3000/hooks"
      ]
    ) {
      expect(decodeUrl(taken), taken).toEqual(Result.succeed(taken))
    }
  })

  it("the rule is a pattern of the JSON Schema, and agrees with the check", () => {
    const document = Schema.toJsonSchemaDocument(Url.HttpUrl)
    const pattern = (document.schema as { readonly pattern?: unknown }).pattern
    expect(typeof pattern).toBe("string")
    const regExp = new RegExp(String(pattern))
    fc.assert(
      fc.property(fc.oneof(webhookUrlArbitrary, tamperedUrlArbitrary, fc.string()), (text) => {
        expect(regExp.test(text)).toBe(Url.unsafeCharacterIn(text) === undefined)
      })
    )
  })
})
