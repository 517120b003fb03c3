/** Moneta's logfmt formatter writes what Effect's `Logger.formatLogFmt` writes, for any line. */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Logger, type LogLevel, References } from "effect"
import * as fc from "fast-check"
import * as LogFmt from "../src/LogFmt.js"

/** Text with what logfmt must quote or clean: spaces, quotes, `=`, backslashes, newlines, other scripts. */
const awkwardText = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom("a", " ", "\"", "=", "\\", "\n", "\t", "é", "😀", "#", "-") }),
  fc.constantFrom("", "request", "GET", "/accounts/{account_id}", "a b", "x=y", "\"quoted\"")
)

/** Values a log line meets: text, numbers of every kind, and what only Effect's formatter writes. */
const anyValue = fc.oneof(
  awkwardText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 0.1 + 0.2, 404, 12.5),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.array(fc.oneof(fc.integer(), awkwardText), { maxLength: 3 }),
  fc.dictionary(awkwardText, fc.oneof(fc.integer(), awkwardText), { maxKeys: 3 })
)

const lineArbitrary = fc.record({
  level: fc.constantFrom<Array<LogLevel.Severity>>("Trace", "Debug", "Info", "Warn", "Error", "Fatal"),
  messages: fc.array(anyValue, { minLength: 1, maxLength: 3 }),
  annotations: fc.dictionary(awkwardText, anyValue, { maxKeys: 6 }),
  spans: fc.array(awkwardText, { maxLength: 2 }),
  failure: fc.option(awkwardText, { nil: undefined })
})

/** Both formatters' output for one line, logged with the line's annotations, spans and cause. */
const bothLines = (line: typeof lineArbitrary extends fc.Arbitrary<infer A> ? A : never) => {
  const written: Array<readonly [string, string]> = []
  const capture = Logger.make((options) => {
    written.push([Logger.formatLogFmt.log(options), LogFmt.formatLogFmt.log(options)])
  })
  let logged: Effect.Effect<void> = line.failure === undefined
    ? Effect.logWithLevel(line.level)(...line.messages)
    : Effect.logWithLevel(line.level)(...line.messages, Cause.fail(line.failure))
  for (const span of line.spans) logged = Effect.withLogSpan(logged, span)
  Effect.runSync(
    logged.pipe(
      Effect.annotateLogs(line.annotations),
      Effect.provide(Logger.layer([capture])),
      Effect.provideService(References.MinimumLogLevel, "All")
    )
  )
  return written
}

describe("LogFmt.formatLogFmt", () => {
  it("writes what Effect's logfmt formatter writes", () => {
    fc.assert(
      fc.property(lineArbitrary, (line) => {
        const written = bothLines(line)
        expect(written).toHaveLength(1)
        for (const [effects, ours] of written) expect(ours).toBe(effects)
      }),
      { numRuns: 500 }
    )
  })

  it("writes a request line as the server logs it", () => {
    const [[effects, ours] = ["", "-"]] = bothLines({
      level: "Info",
      messages: ["request"],
      annotations: {
        request_id: "9cba48ca",
        method: "GET",
        route: "/accounts/:account_id",
        status: 200,
        duration_ms: 1.2
      },
      spans: [],
      failure: undefined
    })
    expect(ours).toBe(effects)
    expect(ours).toMatch(
      / message=request request_id=9cba48ca method=GET route=\/accounts\/:account_id status=200 duration_ms=1\.2$/
    )
  })
})
