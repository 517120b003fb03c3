/**
 * A fixture file, in the Stripe CLI's format: requests run in order, each
 * named, whose paths and params may refer to what an earlier one answered.
 *
 *   { "fixtures": [
 *       { "name": "rent", "path": "/accounts", "method": "post", "params": { "name": "Rent" } },
 *       { "name": "card", "path": "/cards", "method": "post", "params": { "account_id": "${rent:id}" } } ] }
 *
 * `${name:field.sub.0}` is a field of the object fixture `name` answered (a
 * dotted path; numbers index arrays). A string that is only a reference takes
 * the referenced value as it is (a number stays a number); a reference inside
 * a longer string is written into it. Everything here is pure: reading the
 * file and sending the requests is `Fixtures.ts`.
 */
import { Result, Schema } from "effect"

/** At most this many requests per file, and this many bytes of file. */
export const maxFixtures = 500
export const maxFileBytes = 1024 * 1024

const FixtureName = Schema.String.check(
  Schema.isPattern(/^[a-z][a-z0-9_]{0,63}$/, {
    message: "must be lower-case letters, digits and _ (at most 64), starting with a letter"
  })
)

export const FixtureMethod = Schema.Literals(["get", "post", "patch", "delete"])
export type FixtureMethod = typeof FixtureMethod.Type

export class Fixture extends Schema.Class<Fixture>("Fixture")({
  name: FixtureName,
  path: Schema.String.check(
    Schema.isPattern(/^\//, { message: "must start with /" }),
    Schema.isMaxLength(2048, { message: "must be at most 2048 characters" })
  ),
  method: Schema.optionalKey(FixtureMethod),
  params: Schema.optionalKey(Schema.Record(Schema.String, Schema.Json))
}) {}

export class FixtureFile extends Schema.Class<FixtureFile>("FixtureFile")({
  _meta: Schema.optionalKey(Schema.Struct({ template_version: Schema.optionalKey(Schema.Number) })),
  fixtures: Schema.Array(Fixture).check(
    Schema.isMaxLength(maxFixtures, { message: `must hold at most ${maxFixtures} fixtures` })
  )
}) {}

/** The file's text as a fixture file, or why not, in one line. */
export const parse = (text: string): Result.Result<FixtureFile, string> => {
  const decoded = Schema.decodeUnknownResult(Schema.fromJsonString(FixtureFile))(text)
  if (Result.isFailure(decoded)) return Result.fail(`not a fixture file: ${firstLine(decoded.failure.message)}`)
  const seen = new Set<string>()
  for (const fixture of decoded.success.fixtures) {
    if (seen.has(fixture.name)) return Result.fail(`two fixtures are named ${fixture.name}: names must be unique`)
    seen.add(fixture.name)
  }
  return Result.succeed(decoded.success)
}

const firstLine = (text: string) => text.split("\n").filter((line) => line.trim() !== "").slice(0, 2).join(": ")

const wholeReference = /^\$\{([a-z][a-z0-9_]*):([^}]+)\}$/
const anyReference = /\$\{([a-z][a-z0-9_]*):([^}]+)\}/g

/** The value at a dotted path of an answer (numbers index arrays). */
const fieldOf = (answers: ReadonlyMap<string, unknown>, name: string, path: string): Result.Result<unknown, string> => {
  if (!answers.has(name)) {
    return Result.fail(`\${${name}:${path}} names no fixture above it (fixtures run in order)`)
  }
  let value: unknown = answers.get(name)
  for (const segment of path.split(".")) {
    if (Array.isArray(value) && /^\d+$/.test(segment) && Number(segment) < value.length) {
      value = value[Number(segment)]
    } else if (typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, segment)) {
      value = Reflect.get(value, segment)
    } else {
      return Result.fail(`\${${name}:${path}}: what ${name} answered has no ${path}`)
    }
  }
  return Result.succeed(value)
}

/** `value` with every reference replaced by what it names. */
export const resolve = (
  value: Schema.Json,
  answers: ReadonlyMap<string, unknown>
): Result.Result<unknown, string> => {
  if (typeof value === "string") {
    const whole = value.match(wholeReference)
    if (whole !== null) return fieldOf(answers, whole[1]!, whole[2]!)
    let failure: string | undefined
    const written = value.replace(anyReference, (text, name: string, path: string) => {
      const field = fieldOf(answers, name, path)
      if (Result.isFailure(field)) {
        failure ??= field.failure
        return text
      }
      const found = field.success
      if (typeof found === "string" || typeof found === "number" || typeof found === "boolean") return String(found)
      failure ??= `\${${name}:${path}} is not a string or a number, so it cannot be written into "${value}"`
      return text
    })
    return failure === undefined ? Result.succeed(written) : Result.fail(failure)
  }
  if (Array.isArray(value)) return Result.all(value.map((item) => resolve(item, answers)))
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([key, item]) =>
      Result.map(resolve(item, answers), (resolved) => [key, resolved] as const)
    )
    return Result.map(Result.all(entries), Object.fromEntries)
  }
  return Result.succeed(value)
}

/** The API's endpoints as `(method, path template)`: `/cards/{card_id}` matches `/cards/card_123`. */
export interface Endpoint {
  readonly method: string
  readonly template: string
}

const matches = (template: string, path: string) => {
  const parts = template.split("/")
  const given = path.split("/")
  return parts.length === given.length &&
    parts.every((part, index) => /^\{\w+\}$/.test(part) ? given[index] !== "" : part === given[index])
}

/** Whether `method path` is one of the API's endpoints (the path without its query). */
export const isEndpoint = (endpoints: ReadonlyArray<Endpoint>, method: FixtureMethod, path: string) =>
  endpoints.some((endpoint) => endpoint.method === method && matches(endpoint.template, path))
