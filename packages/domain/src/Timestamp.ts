/**
 * Timestamps travel as ISO 8601 strings in UTC with milliseconds
 * (`2026-11-21T22:41:05.123Z`) and are `DateTime.Utc` in memory.
 */
import { Schema } from "effect"

export const Timestamp = Schema.DateTimeUtc.annotations({
  identifier: "Timestamp",
  description: "ISO 8601 timestamp in UTC.",
  jsonSchema: { type: "string", format: "date-time" }
})
export type Timestamp = typeof Timestamp.Type

/** A calendar date `YYYY-MM-DD`. */
export const CalendarDate = Schema.String.pipe(
  Schema.pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: () => "must be a date in YYYY-MM-DD format" })
)
