/**
 * What `JSON.parse` accepts but a bank API must not: nesting deeper than any
 * body of this API (the recursive steps after parsing would overflow the
 * stack), duplicate object keys (silently merged, last wins), and strings
 * Postgres cannot store (NUL; lone UTF-16 surrogates, refused by jsonb).
 * Each check names the field it found, as a dotted path.
 */
import { Option } from "effect"

/** The deepest body of this API nests about six levels; anything past this is not a request for it. */
export const maxDepth = 32

/**
 * The deepest nesting of arrays and objects in JSON text, counted without
 * recursion (the text need not be valid JSON). Stops counting past `limit`.
 */
export const nestingDepth = (text: string, limit: number = maxDepth): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === "\\") index++
      else if (char === "\"") inString = false
    } else if (char === "\"") {
      inString = true
    } else if (char === "[" || char === "{") {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (char === "]" || char === "}") {
      depth--
    }
  }
  return deepest
}

const isWhitespace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r"

/**
 * The dotted path of the first duplicate key in valid JSON text whose depth
 * is already bounded (the scan recurses once per level).
 */
export const duplicateKeyPath = (text: string): Option.Option<ReadonlyArray<string>> => {
  let position = 0
  const skipWhitespace = () => {
    while (isWhitespace(text[position])) position++
  }
  /** Reads the string starting at `position` (an opening quote) and returns its value. */
  const readString = (): string => {
    const start = position
    let escaped = false
    position++
    while (text[position] !== "\"") {
      if (text[position] === "\\") {
        escaped = true
        position++
      }
      position++
    }
    position++
    // Only keys with escapes need decoding to compare them as the parser will.
    return escaped ? String(JSON.parse(text.slice(start, position))) : text.slice(start + 1, position - 1)
  }
  const scanValue = (path: ReadonlyArray<string>): Option.Option<ReadonlyArray<string>> => {
    skipWhitespace()
    const char = text[position]
    if (char === "{") {
      position++
      const keys = new Set<string>()
      skipWhitespace()
      if (text[position] === "}") {
        position++
        return Option.none()
      }
      for (;;) {
        skipWhitespace()
        const key = readString()
        if (keys.has(key)) return Option.some([...path, key])
        keys.add(key)
        skipWhitespace()
        position++ // the colon
        const found = scanValue([...path, key])
        if (Option.isSome(found)) return found
        skipWhitespace()
        if (text[position++] === "}") return Option.none()
      }
    }
    if (char === "[") {
      position++
      skipWhitespace()
      if (text[position] === "]") {
        position++
        return Option.none()
      }
      for (let index = 0;; index++) {
        const found = scanValue([...path, String(index)])
        if (Option.isSome(found)) return found
        skipWhitespace()
        if (text[position++] === "]") return Option.none()
      }
    }
    if (char === "\"") {
      readString()
      return Option.none()
    }
    while (position < text.length && !isWhitespace(text[position]) && !",]}".includes(text[position] ?? "")) position++
    return Option.none()
  }
  return scanValue([])
}

/** Why Postgres cannot store a string, if it cannot. */
export const unstorable = (text: string): Option.Option<string> => {
  if (text.includes("\u0000")) return Option.some("must not contain the NUL character (\\u0000)")
  if (loneSurrogate.test(text)) {
    return Option.some("must not contain a lone UTF-16 surrogate (\\ud800-\\udfff unpaired)")
  }
  return Option.none()
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export interface UnstorableString {
  readonly path: ReadonlyArray<string>
  readonly message: string
}

/** The first string (key or value) of a parsed JSON value, of bounded depth, that Postgres cannot store. */
export const findUnstorable = (value: unknown, path: ReadonlyArray<string> = []): Option.Option<UnstorableString> => {
  if (typeof value === "string") return Option.map(unstorable(value), (message) => ({ path, message }))
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, [...path, String(index)])
      if (Option.isSome(found)) return found
    }
    return Option.none()
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const inKey = unstorable(key)
      if (Option.isSome(inKey)) return Option.some({ path: [...path, key], message: inKey.value })
      const found = findUnstorable(item, [...path, key])
      if (Option.isSome(found)) return found
    }
  }
  return Option.none()
}
