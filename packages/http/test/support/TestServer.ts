/**
 * A real Moneta HTTP server on a random local port, over a fresh test
 * database, seeded by the first run; with the typed client (derived from the
 * contract) authenticated by the seeded key.
 *
 * Serve it with the standalone `layer` of `@effect/vitest`, not `it.layer`:
 * `it.layer(…)(…)` replaces the shared `it.layer` with one nested in its own
 * layer and memo map (@effect/vitest 0.30), so a second `it.layer` in the
 * same file (the Postgres run of a `testDatabases` loop, a live server) would
 * silently reuse the first server.
 *
 * ```ts
 * for (const kind of TestDatabase.testDatabases) {
 *   describe(`accounts (${kind})`, () => {
 *     layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => { … })
 *   })
 * }
 * ```
 */
import { NodeHttpServer } from "@effect/platform-node"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Authentication, generateKey, ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import type { Environment } from "@moneta/domain/Environment"
import { type GroupId } from "@moneta/domain/Ids"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import * as Database from "@moneta/store/Database"
import { newId } from "@moneta/store/IdGenerator"
import * as TestDatabase from "@moneta/store/testing"
import { Context, DateTime, Effect, Layer, Option } from "effect"
import { HttpClient, HttpClientRequest, HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import { HttpApiClient, HttpApiScalar, OpenApi } from "effect/http-api"
import * as MonetaHttp from "../../src/MonetaHttp.js"
import * as ServingContext from "../../src/ServingContext.js"

const makeClient = (apiKey: string) =>
  HttpApiClient.make(MonetaApi, {
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(apiKey))
  })

export type Client = Effect.Success<ReturnType<typeof makeClient>>

export interface TestServerShape {
  /** `http://127.0.0.1:<port>`, for clients other than the typed one (the official SDK, fetch). */
  readonly baseUrl: string
  readonly apiKey: string
  readonly groupId: GroupId
  readonly environment: Environment
  /** The seeded, funded account (sandbox only). */
  readonly accountId: string
  /** The typed client, authenticated with `apiKey`. */
  readonly client: Client
  /** A typed client for another key (another group's, a bad one …). */
  readonly clientFor: (apiKey: string) => Effect.Effect<Client>
  /** Creates another group with its own key, for tenancy tests. */
  readonly newGroup: (
    environment?: Environment
  ) => Effect.Effect<{ readonly apiKey: string; readonly groupId: GroupId }>
}

export class TestServer extends Context.Service<TestServer, TestServerShape>()("@moneta/http/test/TestServer") {}

/** The built-in request log is off, as in packages/server (which logs requests its own way). */
const serveOptions = { disableLogger: true, disableListenLog: true } as const

/** Requests are served without the services the API is built with, as packages/server serves them. */
const servedWithoutBuildServices = ServingContext.layer([...ServingContext.apiBuiltWith, ...Database.services])

const serverLayer = HttpRouter.serve(Layer.mergeAll(MonetaHttp.layer, MonetaHttp.layerUnroutable), serveOptions).pipe(
  Layer.provide(servedWithoutBuildServices),
  Layer.provideMerge(NodeHttpServer.layerTest)
)

/** The OpenAPI document of the contract, as packages/server serves it. */
const openApiRoute = HttpRouter.add(
  "GET",
  "/openapi.json",
  Effect.sync(() => HttpServerResponse.jsonUnsafe(OpenApi.fromApi(MonetaApi)))
)

/** The API with the reference page and the OpenAPI document, mounted as packages/server/src/Api.ts mounts them. */
const serverWithDocsLayer = HttpRouter.serve(
  Layer.mergeAll(
    MonetaHttp.layer,
    MonetaHttp.layerUnroutable,
    HttpApiScalar.layer(MonetaApi, { path: "/docs" }),
    openApiRoute
  ),
  serveOptions
).pipe(
  Layer.provide(servedWithoutBuildServices),
  Layer.provideMerge(NodeHttpServer.layerTest)
)

export interface LayerOptions {
  /** Also serve `/docs` and `/openapi.json`. */
  readonly docs?: boolean
}

const setup = (environment: Environment) =>
  Layer.effect(
    TestServer,
    Effect.gen(function*() {
      const seeded = yield* (yield* FirstRun).run({ environment, apiKey: Option.none() })
      const server = yield* HttpServer.HttpServer
      const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
      const httpClient = yield* HttpClient.HttpClient
      const keys = yield* ApiKeyStore
      const authentication = yield* Authentication
      const clientFor = (apiKey: string) =>
        makeClient(apiKey).pipe(Effect.provideService(HttpClient.HttpClient, httpClient))
      const newGroup = (keyEnvironment: Environment = environment) =>
        Effect.gen(function*() {
          const groupId = yield* newId("group")
          yield* keys.insertGroup(groupId, "Another group", yield* DateTime.now)
          const apiKey = generateKey(keyEnvironment)
          yield* authentication.register(groupId, keyEnvironment, apiKey, "test key")
          return { apiKey, groupId }
        })
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: seeded.apiKey,
        groupId: seeded.groupId,
        environment,
        accountId: Option.getOrElse(seeded.accountId, () => ""),
        client: yield* clientFor(seeded.apiKey),
        clientFor,
        newGroup
      } satisfies TestServerShape
    })
  )

/** The server over a database of the caller's (a throwaway cluster it stops and starts). */
export const layerOver = (
  database: Layer.Layer<TestDatabase.Services, TestDatabase.LayerError>,
  environment: Environment = "sandbox",
  options: LayerOptions = {}
) =>
  setup(environment).pipe(
    Layer.provideMerge(options.docs === true ? serverWithDocsLayer : serverLayer),
    Layer.provide(Layer.mergeAll(FirstRun.Default, ApiKeyStore.Default, Authentication.Default)),
    Layer.provide(Layer.succeed(ServerEnvironment, environment)),
    Layer.provideMerge(database)
  )

export const layer = (kind: TestDatabase.Kind, environment: Environment = "sandbox", options: LayerOptions = {}) =>
  layerOver(TestDatabase.layerFor(kind), environment, options)
