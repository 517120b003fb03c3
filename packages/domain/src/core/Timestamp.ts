/**
 * Timestamps travel as ISO 8601 strings in UTC with milliseconds
 * (`2026-11-21T22:41:05.123Z`) and are `DateTime.Utc` in memory. Input is
 * read strictly: an ISO 8601 date-time with a zone (`Z` or `±hh:mm`; `T` and `Z`
 * in either case, as RFC 3339 allows), or a
 * bare date meaning midnight UTC; impossible dates (February 30) and other
 * formats are refused rather than guessed at.
 */
import { DateTime, Schema, SchemaTransformation } from "effect"

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2})))?$/

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** True when every component of an ISO 8601 text is in range (no month 13, no February 30). */
const isValidIso = (text: string): boolean => {
  const match = isoPattern.exec(text)
  if (match === null) return false
  const [, year, month, day, hour = "0", minute = "0", second = "0", offsetHours = "0", offsetMinutes = "0"] = match
  const monthNumber = Number(month)
  return monthNumber >= 1 && monthNumber <= 12 &&
    Number(day) >= 1 && Number(day) <= daysInMonth(Number(year), monthNumber) &&
    Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59 &&
    Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59
}

const isoMessage = "must be an ISO 8601 timestamp, for example 2026-11-21T22:41:05.123Z"

/** RFC 3339 (OpenAPI's `date-time`) lets `T` and `Z` be written in lower case: they are read in upper case. */
const IsoText = Schema.String.annotate({
  format: "date-time",
  // The wire side's description is the one the API reference shows.
  description: "An ISO 8601 date and time in UTC with milliseconds, for example `2026-11-21T22:41:05.123Z`."
}).pipe(
  Schema.decodeTo(
    Schema.String.check(Schema.makeFilter(isValidIso, { message: isoMessage })),
    SchemaTransformation.transform({ decode: (text) => text.toUpperCase(), encode: (text) => text })
  )
)

/**
 * The instants whose UTC ISO 8601 text has a four-digit year: only those travel (and
 * come back) as a Timestamp. The bound also keeps values derived from the Schema
 * (`Arbitrary.schema`) in the range the text can carry.
 */
export const timestampRange = {
  minimum: DateTime.makeUnsafe("0000-01-01T00:00:00.000Z"),
  maximum: DateTime.makeUnsafe("9999-12-31T23:59:59.999Z")
}

export const Timestamp = IsoText.pipe(
  Schema.decodeTo(
    Schema.DateTimeUtcFromString.check(
      Schema.makeIsBetween({ order: DateTime.Order })(timestampRange, { message: isoMessage })
    )
  )
).annotate({
  identifier: "Timestamp",
  description: "ISO 8601 timestamp in UTC."
})
export type Timestamp = typeof Timestamp.Type

/** A calendar date `YYYY-MM-DD`. */
export const CalendarDate = Schema.String.check(
  Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/u, {
    message: "must be a date in YYYY-MM-DD format"
  })
)
