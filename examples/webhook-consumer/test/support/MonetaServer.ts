/**
 * A running Moneta sandbox server, as `pnpm start` runs it (API, first run,
 * webhook dispatcher), on a free local port over a fresh database: embedded,
 * or a new database on the Postgres server of DATABASE_URL
 * (`@moneta/server/testing`); and the typed client the app's handlers use.
 */
import { AssociatedObject } from "@moneta/receiver"
import type { RunningServer } from "@moneta/server/testing"
import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"

export { start } from "@moneta/server/testing"

/** The typed client for the server, as the app's handlers use it. */
export const clientLayer = (server: RunningServer) =>
  AssociatedObject.layerClient(server).pipe(Layer.provide(FetchHttpClient.layer))
