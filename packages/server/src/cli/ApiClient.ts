/**
 * How `listen` and `trigger` reach a running server: the typed client derived
 * from the contract, at `--base-url` (or `MONETA_BASE_URL`), with an API key
 * (`--api-key` or `MONETA_API_KEY`): they act as that key's group. Failures
 * become one line for a person (`CommandFailure`), as for the control commands.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, type Option, type Redacted } from "effect"
import { Flag } from "effect/cli"
import type { HttpClient } from "effect/http"
import {
  authorizedClient,
  baseUrlOf,
  CommandFailure,
  type ControlClient,
  defaultBaseUrl,
  describe,
  keyOf
} from "./ControlClient.js"

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

/** An API key's refusals said for an API key; the rest as the control commands say them. */
const describeForApiKey = (baseUrl: string) => (error: unknown): string => {
  const tag = typeof error === "object" && error !== null && "_tag" in error ? error._tag : undefined
  if (tag === "InvalidApiKeyError") return "the server refused the API key (401): pass a key of this server"
  if (tag === "InsufficientPermissionsError") return "the server refused the API key for this (403)"
  return describe(baseUrl)(error)
}

/** The typed client, acting as the API key's group. */
export type ApiClient = ControlClient

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
    const baseUrl = yield* baseUrlOf(connection.baseUrl)
    const apiKey = yield* keyOf(
      connection.apiKey,
      "MONETA_API_KEY",
      "no API key: pass --api-key or set MONETA_API_KEY (the server prints its sandbox key when it starts)"
    )
    const explain: Explain = (error) =>
      error instanceof CommandFailure ? error : new CommandFailure({ message: describeForApiKey(baseUrl)(error) })
    return yield* authorizedClient(baseUrl, apiKey).pipe(
      Effect.flatMap((client) => use(client, explain)),
      Effect.mapError(explain)
    )
  }).pipe(Effect.provide(NodeHttpClient.layerNodeHttp))
