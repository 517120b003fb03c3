/**
 * Effect's `Logger.formatLogFmt`, line for line, at a fraction of its cost.
 *
 * Every request writes one line, and the line's formatting was about a tenth
 * of a read's JavaScript work (docs/benchmarks.md, "The request line's
 * formatting"): Effect's formatter makes its helper closures for each line,
 * cleans every label with a regular expression and hands numbers to the
 * general `Formatter.format`. This one keeps the cleaned labels, writes
 * strings and finite numbers directly, and leaves everything else (objects,
 * causes) to Effect's own `Formatter.format` and `Cause.pretty`, as
 * `formatLogFmt` does. `LogFmt.test.ts` holds the two to the same output.
 */
import { Array as Arr, Cause, Formatter, Logger, References } from "effect"

/** Values written bare; anything else is quoted as a JSON string. */
const textOnly = /^[^\s"=]*$/
const labelCleaner = /[\s="]/g

const cleanLabels = new Map<string, string>()

/** `formatLabel` of Effect's logger: whitespace, `=` and `"` become `_` (kept: a line's labels repeat). */
const label = (key: string): string => {
  let clean = cleanLabels.get(key)
  if (clean === undefined) {
    clean = key.replace(labelCleaner, "_")
    // Labels come from code, not input; the bound only guards against a caller that makes them up.
    if (cleanLabels.size < 1024) cleanLabels.set(key, clean)
  }
  return clean
}

const quoted = (value: string): string => textOnly.test(value) ? value : JSON.stringify(value)

/**
 * A value as the line writes it. A finite number's text (digits, `-`, `.`,
 * `e`, `+`) never needs quoting: it skips the test every string takes.
 */
const written = (value: unknown): string =>
  typeof value === "string"
    ? quoted(value)
    : typeof value === "number" && Number.isFinite(value)
    ? String(value)
    : quoted(Formatter.format(value, { space: 0 }))

const field = (key: string, value: unknown): string => ` ${label(key)}=${written(value)}`

/** The levels' upper-case names, made once (none needs quoting). */
const levelNames = new Map<string, string>()

const levelName = (level: string): string => {
  let name = levelNames.get(level)
  if (name === undefined) {
    name = quoted(level.toUpperCase())
    levelNames.set(level, name)
  }
  return name
}

export const formatLogFmt: Logger.Logger<unknown, string> = Logger.make(
  ({ cause, date, fiber, logLevel, message }) => {
    // An ISO 8601 date (`2026-11-28T10:00:00.000Z`, `+275760-…` at the far end) never needs quoting.
    let line = `timestamp=${date.toISOString()} level=${levelName(logLevel)} fiber=#${fiber.id}`
    for (const part of Arr.ensure(message)) line += field("message", part)
    if (cause.reasons.length > 0) line += field("cause", Cause.pretty(cause))
    const now = date.getTime()
    for (const [name, start] of fiber.getRef(References.CurrentLogSpans)) line += ` ${label(name)}=${now - start}ms`
    const annotations = fiber.getRef(References.CurrentLogAnnotations)
    for (const key of Object.keys(annotations)) line += field(key, annotations[key])
    return line
  }
)
