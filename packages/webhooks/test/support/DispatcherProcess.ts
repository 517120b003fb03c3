/**
 * A dispatcher in a process of its own, for the crash-safety tests:
 * `node --import tsx DispatcherProcess.ts` with `DATABASE_URL` (an already
 * migrated database), `MONETA_ENVIRONMENT`, `TEST_LEASE_MILLIS` and
 * `TEST_POLL_MILLIS`. Logs "dispatcher ready" once it runs; the test kills it
 * with SIGKILL, which no finalizer survives.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Environment } from "@moneta/domain/Environment"
import * as Database from "@moneta/store/Database"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import { Config, Duration, Effect, Layer } from "effect"
import * as Dispatcher from "../../src/Dispatcher.js"
import * as Transport from "../../src/Transport.js"

const settings = Config.all({
  url: Config.Redacted("DATABASE_URL"),
  environment: Config.schema(Environment, "MONETA_ENVIRONMENT"),
  lease: Config.Int("TEST_LEASE_MILLIS"),
  poll: Config.Int("TEST_POLL_MILLIS")
})

const DispatcherLive = Layer.unwrap(
  Effect.map(
    settings,
    ({ environment, lease, poll, url }) =>
      Dispatcher.layer({ environment, lease: Duration.millis(lease), pollInterval: Duration.millis(poll) }).pipe(
        Layer.provide(Layer.merge(WebhookDeliveryStore.Default, Transport.layer(environment))),
        Layer.provide(Database.layerPostgres(url))
      )
  )
)

const Ready = Layer.effectDiscard(Effect.logInfo("dispatcher ready"))

NodeRuntime.runMain(Layer.launch(Ready.pipe(Layer.provideMerge(DispatcherLive))))
