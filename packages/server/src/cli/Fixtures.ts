/**
 * `moneta fixtures FILE`: runs the requests of a fixture file (the Stripe
 * CLI's format, `FixtureFile.ts`) in order against a running server, as the
 * API key's group, each one's references filled in from what the earlier ones
 * answered, and prints what each made (`--json`: every answer by fixture
 * name). Every request must be one of the API's endpoints (checked against
 * the OpenAPI document before it is sent); the first that fails stops the run
 * with one line naming it and what the server said. What ran before it stays
 * made: fixtures are requests, not a transaction.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { document } from "@moneta/api/OpenApiDocument"
import { Console, Effect, FileSystem, Redacted, Result } from "effect"
import { Argument, Command } from "effect/cli"
import { HttpClient, HttpClientRequest } from "effect/http"
import { apiFlags } from "./ApiClient.js"
import { baseUrlOf, CommandFailure, describe, keyOf } from "./ControlClient.js"
import {
  type Endpoint,
  type Fixture,
  type FixtureMethod,
  isEndpoint,
  maxFileBytes,
  parse,
  resolve
} from "./FixtureFile.js"
import { printTable } from "./Output.js"

/** Every `(method, path template)` the API serves, from the contract's OpenAPI document. */
const endpoints = (): ReadonlyArray<Endpoint> =>
  Object.entries(document().paths).flatMap(([template, item]) =>
    (["get", "post", "patch", "delete"] as const).filter((method) => item[method] !== undefined).map((method) => ({
      method,
      template
    }))
  )

const readFixtureFile = (file: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const cannotRead = (error: { readonly message: string }) =>
      new CommandFailure({ message: `cannot read ${file}: ${error.message}` })
    const info = yield* fs.stat(file).pipe(Effect.mapError(cannotRead))
    if (Number(info.size) > maxFileBytes) {
      return yield* new CommandFailure({ message: `${file} is larger than ${maxFileBytes / 1024} KiB` })
    }
    const text = yield* fs.readFileString(file).pipe(Effect.mapError(cannotRead))
    return yield* Result.match(parse(text), {
      onFailure: (message) => Effect.fail(new CommandFailure({ message: `${file}: ${message}` })),
      onSuccess: Effect.succeed
    })
  })

const httpMethods = { get: "GET", post: "POST", patch: "PATCH", delete: "DELETE" } as const

/** A GET's params as its query: scalars only. */
const queryOf = (params: unknown): Result.Result<Record<string, string>, string> => {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(typeof params === "object" && params !== null ? params : {})) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      return Result.fail(`a GET's params are its query: ${key} must be a string, a number or a boolean`)
    }
    query[key] = String(value)
  }
  return Result.succeed(query)
}

/** What the server's error body says (its `title` and `detail`), else the status. */
const errorLine = (status: number, body: unknown) => {
  const field = (name: string) => {
    const value = typeof body === "object" && body !== null ? Reflect.get(body, name) : undefined
    return typeof value === "string" ? value : undefined
  }
  return [`answered ${status}`, field("detail") ?? field("title")].filter((part) => part !== undefined).join(": ")
}

/** Sends one fixture's request (its references filled in); its answer, or a one-line failure naming it. */
const runFixture = (
  http: HttpClient.HttpClient,
  baseUrl: string,
  known: ReadonlyArray<Endpoint>,
  answers: ReadonlyMap<string, unknown>,
  fixture: Fixture,
  index: number
) =>
  Effect.gen(function*() {
    const method: FixtureMethod = fixture.method ?? "post"
    const which = `fixture ${index + 1} (${fixture.name})`
    const failWith = (message: string) => Effect.fail(new CommandFailure({ message: `${which}: ${message}` }))
    const path = resolve(fixture.path, answers)
    if (Result.isFailure(path)) return yield* failWith(path.failure)
    const params = resolve(fixture.params ?? {}, answers)
    if (Result.isFailure(params)) return yield* failWith(params.failure)
    const target = String(path.success)
    if (!isEndpoint(known, method, target)) {
      return yield* failWith(`${method.toUpperCase()} ${target} is not an endpoint of the API (see /docs)`)
    }
    let request = HttpClientRequest.make(httpMethods[method])(`${baseUrl}${target}`)
    if (method === "get") {
      const query = queryOf(params.success)
      if (Result.isFailure(query)) return yield* failWith(query.failure)
      request = HttpClientRequest.setUrlParams(request, query.success)
    } else if (method !== "delete") {
      request = HttpClientRequest.bodyJsonUnsafe(request, params.success)
    }
    const response = yield* http.execute(request).pipe(
      Effect.mapError((error) => new CommandFailure({ message: `${which}: ${describe(baseUrl)(error)}` }))
    )
    const body = yield* response.json.pipe(Effect.orElseSucceed((): unknown => null))
    if (response.status < 200 || response.status >= 300) {
      return yield* failWith(`${method.toUpperCase()} ${target} ${errorLine(response.status, body)}`)
    }
    return body
  })

/** The line a made object prints: the fixture's name, the object's type and id when it has them. */
const lineOf = (name: string, answer: unknown) => {
  const field = (key: string) => {
    const value = typeof answer === "object" && answer !== null ? Reflect.get(answer, key) : undefined
    return typeof value === "string" ? value : ""
  }
  return [name, field("type"), field("id")]
}

export const fixtures = Command.make("fixtures", {
  ...apiFlags,
  file: Argument.String("file").pipe(Argument.withDescription("The fixture file (JSON, the Stripe CLI's format)"))
}, (input) =>
  Effect.gen(function*() {
    const file = yield* readFixtureFile(input.file)
    const baseUrl = yield* baseUrlOf(input.baseUrl)
    const apiKey = yield* keyOf(
      input.apiKey,
      "MONETA_API_KEY",
      "no API key: pass --api-key or set MONETA_API_KEY (the server prints its sandbox key when it starts)"
    )
    const http = (yield* HttpClient.HttpClient).pipe(
      HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(apiKey)))
    )
    const known = endpoints()
    const answers = new Map<string, unknown>()
    for (const [index, fixture] of file.fixtures.entries()) {
      answers.set(fixture.name, yield* runFixture(http, baseUrl, known, answers, fixture, index))
    }
    if (input.json) return yield* Console.log(JSON.stringify(Object.fromEntries(answers), null, 2))
    yield* printTable([...answers].map(([name, answer]) => lineOf(name, answer)))
  }).pipe(Effect.provide(NodeHttpClient.layerNodeHttp))).pipe(
    Command.withDescription("Create what a fixture file describes (requests in order, with references between them)")
  )
