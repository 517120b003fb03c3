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
 * is already bounded (the scan recurses once per level). The path is one
 * stack, copied only for the key it reports: every body passes here.
 */
export const duplicateKeyPath = (text: string): Option.Option<ReadonlyArray<string>> => {
  let position = 0
  const path: Array<string> = []
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
  /** Whether the value at `position` holds a duplicate key (its path is then `path`). */
  const scanValue = (): boolean => {
    skipWhitespace()
    const char = text[position]
    if (char === "{") {
      position++
      const keys = new Set<string>()
      skipWhitespace()
      if (text[position] === "}") {
        position++
        return false
      }
      for (;;) {
        skipWhitespace()
        const key = readString()
        path.push(key)
        if (keys.has(key)) return true
        keys.add(key)
        skipWhitespace()
        position++ // the colon
        if (scanValue()) return true
        path.pop()
        skipWhitespace()
        if (text[position++] === "}") return false
      }
    }
    if (char === "[") {
      position++
      skipWhitespace()
      if (text[position] === "]") {
        position++
        return false
      }
      for (let index = 0;; index++) {
        path.push(String(index))
        if (scanValue()) return true
        path.pop()
        skipWhitespace()
        if (text[position++] === "]") return false
      }
    }
    if (char === "\"") {
      readString()
      return false
    }
    while (position < text.length && !isWhitespace(text[position]) && !",]}".includes(text[position] ?? "")) position++
    return false
  }
  return scanValue() ? Option.some([...path]) : Option.none()
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

/**
 * The first string (key or value) of a parsed JSON value, of bounded depth,
 * that Postgres cannot store. The path is one stack, copied only for what it reports.
 */
export const findUnstorable = (value: unknown): Option.Option<UnstorableString> => {
  const path: Array<string> = []
  const found = (message: string): UnstorableString => ({ path: [...path], message })
  const search = (item: unknown): UnstorableString | undefined => {
    if (typeof item === "string") return Option.match(unstorable(item), { onNone: () => undefined, onSome: found })
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) {
        path.push(String(index))
        const inItem = search(item[index])
        if (inItem !== undefined) return inItem
        path.pop()
      }
      return undefined
    }
    if (item !== null && typeof item === "object") {
      for (const [key, field] of Object.entries(item)) {
        path.push(key)
        const inKey = unstorable(key)
        if (Option.isSome(inKey)) return found(inKey.value)
        const inField = search(field)
        if (inField !== undefined) return inField
        path.pop()
      }
    }
    return undefined
  }
  return Option.fromNullishOr(search(value))
}
