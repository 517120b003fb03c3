/**
 * How `listen` and `trigger` reach a running server: the typed client derived
 * from the contract, at `--base-url` (or `MONETA_BASE_URL`), with an API key
 * (`--api-key` or `MONETA_API_KEY`): they act as that key's group. Failures
 * become one line for a person (`CommandFailure`), as for the control commands.
 */
import { NodeHttpClient } from "@effect/platform-node"
import * as Client from "@moneta/api/Client"
import { Effect, Option, Redacted } from "effect"
import { Flag } from "effect/cli"
import { HttpClient, HttpClientRequest } from "effect/http"
import { baseUrlOf, CommandFailure, defaultBaseUrl, describe, fromEnvironment } from "./ControlClient.js"

export const apiFlags = {
  baseUrl: Flag.String("base-url").pipe(
    Flag.withDescription(`The server (default MONETA_BASE_URL, else ${defaultBaseUrl})`),
    Flag.optional
  ),
  apiKey: Flag.Redacted("api-key").pipe(
    Flag.withDescription("An API key of the group to act as (default MONETA_API_KEY)"),
    Flag.optional
  ),
  json: Flag.Boolean("json").pipe(Flag.withDescription("Print JSON, for scripts"), Flag.withDefault(false))
}

export interface ApiConnection {
  readonly baseUrl: Option.Option<string>
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
}

const apiKeyOf = (connection: ApiConnection) =>
  Effect.gen(function*() {
    if (Option.isSome(connection.apiKey)) return connection.apiKey.value
    const fromEnv = yield* fromEnvironment("MONETA_API_KEY")
    if (Option.isSome(fromEnv)) return Redacted.make(fromEnv.value)
    return yield* new CommandFailure({
      message: "no API key: pass --api-key or set MONETA_API_KEY (the server prints its sandbox key when it starts)"
    })
  })

/** An API key's refusals said for an API key; the rest as the control commands say them. */
const describeForApiKey = (baseUrl: string) => (error: unknown): string => {
  const tag = typeof error === "object" && error !== null && "_tag" in error ? error._tag : undefined
  if (tag === "InvalidApiKeyError") return "the server refused the API key (401): pass a key of this server"
  if (tag === "InsufficientPermissionsError") return "the server refused the API key for this (403)"
  return describe(baseUrl)(error)
}

const makeClient = (baseUrl: string, apiKey: Redacted.Redacted<string>) =>
  Effect.flatMap(HttpClient.HttpClient, (httpClient) =>
    Client.make({ baseUrl }).pipe(
      Effect.provideService(
        HttpClient.HttpClient,
        httpClient.pipe(HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(apiKey))))
      )
    ))

export type ApiClient = Effect.Success<ReturnType<typeof makeClient>>

/** Any failure of a request through the typed client, as one line for a person. */
export type Explain = (error: unknown) => CommandFailure

/**
 * Runs `use` with the typed client of the server and key `connection` names
 * (and a way to word a failure of the client, for requests made later, as in
 * a finalizer); any failure becomes a `CommandFailure`.
 */
export const withApiClient = <A, E, R>(
  connection: ApiConnection,
  use: (client: ApiClient, explain: Explain) => Effect.Effect<A, E, R>
): Effect.Effect<A, CommandFailure, Exclude<R, HttpClient.HttpClient>> =>
  Effect.gen(function*() {
    const baseUrl = yield* baseUrlOf({ baseUrl: connection.baseUrl, adminKey: Option.none() })
    const apiKey = yield* apiKeyOf(connection)
    const explain: Explain = (error) =>
      error instanceof CommandFailure ? error : new CommandFailure({ message: describeForApiKey(baseUrl)(error) })
    return yield* makeClient(baseUrl, apiKey).pipe(
      Effect.flatMap((client) => use(client, explain)),
      Effect.mapError(explain)
    )
  }).pipe(Effect.provide(NodeHttpClient.layerNodeHttp))
