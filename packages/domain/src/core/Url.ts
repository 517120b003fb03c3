/**
 * URLs taken in request bodies (an event subscription's `url`). The WHATWG URL
 * parser forgives what a URL may not contain: it strips leading and trailing
 * spaces and control characters and drops tabs and line breaks inside, so
 * `" https://example.com/\r\nX-Injected: 1"` parses. Such text, kept as sent,
 * would be echoed in responses, written to logs and put in requests. A URL
 * here is therefore refused unless its text is the URL itself: no whitespace
 * (a space inside is written `%20`) and no control character anywhere.
 */
import { Result, Schema } from "effect"

/**
 * The URL `text` parses to, if it parses. Not `URL.canParse`: on Node 20 its
 * optimised path answers false for valid international URLs once it has run
 * hot (about 97 % of calls for `https://bücher.example/`), where `new URL` parses them.
 */
export const parseUrl = (text: string): URL | undefined => Result.getOrUndefined(Result.try(() => new URL(text)))

/**
 * Whitespace (including Unicode spaces, line and paragraph separators, the BOM) and C0/C1 controls, as a
 * character class that reads the same in a JavaScript RegExp and a JSON Schema pattern (no `\p{…}`).
 */
const unsafeClass = "\\s\\u0000-\\u001f\\u007f-\\u009f"
const unsafeCharacter = new RegExp(`[${unsafeClass}]`, "u")
/** The rule as OpenAPI states it. */
const safeTextPattern = `^[^${unsafeClass}]*$`

const characterNames: Readonly<Record<number, string>> = {
  0x09: "a tab",
  0x0a: "a line feed",
  0x0d: "a carriage return",
  0x20: "a space"
}

const nameOf = (codePoint: number): string => {
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`
  const name = characterNames[codePoint]
  return name === undefined ? hex : `${name} (${hex})`
}

/** Why `text` cannot be a URL's text as it stands, or `undefined` when it has no unsafe character. */
export const unsafeCharacterIn = (text: string): string | undefined => {
  const match = unsafeCharacter.exec(text)
  if (match === null) return undefined
  const at = match.index
  const where = at === 0 ? "at the start" : at === text.length - 1 ? "at the end" : `after ${at} characters`
  const character = match[0]
  return `must not contain whitespace or control characters: found ${
    nameOf(character.codePointAt(0) ?? 0)
  } ${where}; remove it, or percent-encode it (${encodeURIComponent(character)})`
}

/** No whitespace and no control character anywhere; exported to OpenAPI as a `pattern`. */
export const isUrlText = Schema.makeFilter<string>(
  (text) => unsafeCharacterIn(text) ?? true,
  {
    expected: "a URL without whitespace or control characters",
    toJsonSchema: () => ({ pattern: safeTextPattern })
  }
)

/** An absolute http(s) URL, at most 2,000 characters, its text exactly the URL. */
export const HttpUrl = Schema.String.check(
  Schema.isMaxLength(2000, { message: "must be at most 2000 characters" }).abort(),
  isUrlText.abort(),
  Schema.makeFilter((candidate: string) => {
    const url = parseUrl(candidate)
    return (url !== undefined && (url.protocol === "https:" || url.protocol === "http:")) ||
      "must be an absolute http(s) URL"
  })
)
