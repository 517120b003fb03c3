/**
 * How the client commands reach a running server: the typed client derived
 * from the contract (`@moneta/api/Client`), at `--base-url` (or
 * `MONETA_BASE_URL`, default the local server), with the admin key
 * (`--admin-key` or `MONETA_ADMIN_KEY`). Every failure becomes one line for
 * a person (`CommandFailure`), never a stack trace.
 */
import { NodeHttpClient } from "@effect/platform-node"
import * as Client from "@moneta/api/Client"
import { Config, Effect, Option, Redacted, Schema } from "effect"
import { Flag } from "effect/cli"
import { HttpClient, HttpClientError, HttpClientRequest } from "effect/http"

/** What a client command could not do, said in one line (`moneta: <message>` on stderr, exit 1). */
export class CommandFailure extends Schema.TaggedError<CommandFailure>()("CommandFailure", {
  message: Schema.String
}) {}

export const defaultBaseUrl = "http://127.0.0.1:4010"

export const connectionFlags = {
  baseUrl: Flag.String("base-url").pipe(
    Flag.withDescription(`The server (default MONETA_BASE_URL, else ${defaultBaseUrl})`),
    Flag.optional
  ),
  adminKey: Flag.Redacted("admin-key").pipe(
    Flag.withDescription("The server's admin key (default MONETA_ADMIN_KEY)"),
    Flag.optional
  ),
  json: Flag.Boolean("json").pipe(Flag.withDescription("Print JSON, for scripts"), Flag.withDefault(false))
}

export interface Connection {
  readonly baseUrl: Option.Option<string>
  readonly adminKey: Option.Option<Redacted.Redacted<string>>
}

/** A setting from the environment; an empty one counts as absent, as in a shell (`MONETA_ADMIN_KEY= moneta …`). */
export const fromEnvironment = (name: string): Effect.Effect<Option.Option<string>> =>
  Effect.orElseSucceed(Config.option(Config.String(name)), () => Option.none<string>()).pipe(
    Effect.map(Option.filter((value) => value.trim().length > 0))
  )

/** The base URL: the flag, else `MONETA_BASE_URL`, else the local server; a URL or a one-line failure. */
export const baseUrlOf = (fromFlag: Option.Option<string>) =>
  Effect.gen(function*() {
    const chosen = Option.isSome(fromFlag)
      ? fromFlag.value
      : Option.getOrElse(yield* fromEnvironment("MONETA_BASE_URL"), () => defaultBaseUrl)
    const url = URL.canParse(chosen) ? new URL(chosen) : undefined
    if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
      return yield* new CommandFailure({ message: `--base-url ${chosen} is not an http(s) URL` })
    }
    return chosen.replace(/\/+$/, "")
  })

/** A key: the flag, else the environment variable, else a one-line failure saying how to give one. */
export const keyOf = (fromFlag: Option.Option<Redacted.Redacted<string>>, variable: string, missing: string) =>
  Effect.gen(function*() {
    if (Option.isSome(fromFlag)) return fromFlag.value
    const fromEnv = yield* fromEnvironment(variable)
    if (Option.isSome(fromEnv)) return Redacted.make(fromEnv.value)
    return yield* new CommandFailure({ message: missing })
  })

/** The contract's errors and the transport's, as one line naming what to do. */
export const describe = (baseUrl: string) => (error: unknown): string => {
  if (HttpClientError.isHttpClientError(error)) {
    return error.reason._tag === "TransportError"
      ? `cannot reach the Moneta server at ${baseUrl} (is it running? start it with \`pnpm moneta serve\`, or pass --base-url)`
      : `unexpected answer from ${baseUrl} (is it a Moneta server?): ${error.message}`
  }
  if (Schema.isSchemaError(error)) return `unexpected answer from ${baseUrl} (is it a Moneta server?)`
  const tagged = typeof error === "object" && error !== null && "_tag" in error ? error : undefined
  switch (tagged?._tag) {
    case "InvalidApiKeyError":
      return "the server refused the admin key (401): pass the key it was started with (MONETA_ADMIN_KEY)"
    case "InsufficientPermissionsError":
      return "that is an API key: the control commands need the server's admin key (MONETA_ADMIN_KEY), not an API key"
    case "PrivateFeatureError":
      return "the server's control API is off: restart it with MONETA_ADMIN_KEY set (at least 16 characters)"
    case "ObjectNotFoundError":
      return "objectType" in tagged && "id" in tagged
        ? `no ${String(tagged.objectType)} ${String(tagged.id)} on this server`
        : "not found"
  }
  if (tagged !== undefined && "detail" in tagged && typeof tagged.detail === "string") return tagged.detail
  return `the request failed: ${String(error)}`
}

/** The typed client of the server at `baseUrl`, sending `key` as the bearer token of every request. */
export const authorizedClient = (baseUrl: string, key: Redacted.Redacted<string>) =>
  Effect.flatMap(HttpClient.HttpClient, (httpClient) =>
    Client.make({ baseUrl }).pipe(
      Effect.provideService(
        HttpClient.HttpClient,
        httpClient.pipe(HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(key))))
      )
    ))

export type ControlClient = Effect.Success<ReturnType<typeof authorizedClient>>

/**
 * Runs `use` with the typed client of the server `connection` names; any
 * failure becomes a `CommandFailure`.
 */
export const withClient = <A, E, R>(
  connection: Connection,
  use: (client: ControlClient) => Effect.Effect<A, E, R>
): Effect.Effect<A, CommandFailure, Exclude<R, HttpClient.HttpClient>> =>
  Effect.gen(function*() {
    const baseUrl = yield* baseUrlOf(connection.baseUrl)
    const adminKey = yield* keyOf(
      connection.adminKey,
      "MONETA_ADMIN_KEY",
      "no admin key: pass --admin-key or set MONETA_ADMIN_KEY to the key the server was started with"
    )
    return yield* authorizedClient(baseUrl, adminKey).pipe(
      Effect.flatMap(use),
      Effect.mapError((error) => new CommandFailure({ message: describe(baseUrl)(error) }))
    )
  }).pipe(Effect.provide(NodeHttpClient.layerNodeHttp))
