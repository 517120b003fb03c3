/**
 * The dispatcher as the server runs it, in one layer for whoever composes
 * Moneta (the server, or a host application mounting the API through
 * `@moneta/http/Mount`): its tuning from the environment (`Dispatcher.config`,
 * `MONETA_WEBHOOK_*`), the outbox it claims from, and a transport that
 * connects only to destinations the rule lets receive (`Transport`). It needs
 * the database (`SqlClient` and `Notifications`); `WebhookDestinations`
 * (`Destinations.layer`) says which hosts are allowed, as it does for the bank.
 * Running until its scope closes; stopping it is graceful (`Dispatcher`).
 */
import type { Environment } from "@moneta/domain/Environment"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import { Effect, Layer } from "effect"
import * as Dispatcher from "./Dispatcher.js"
import * as Transport from "./Transport.js"

/** The dispatcher of `environment`'s deliveries with the given tuning (read beforehand, e.g. to refuse a start). */
export const layerTuned = (environment: Environment, tuning: Omit<Dispatcher.DispatcherOptions, "environment">) =>
  Dispatcher.layer({ environment, ...tuning }).pipe(
    Layer.provide(Layer.merge(WebhookDeliveryStore.Default, Transport.layer(environment)))
  )

/** The dispatcher of `environment`'s deliveries, tuned by `MONETA_WEBHOOK_*`. */
export const layer = (environment: Environment) =>
  Layer.unwrap(Effect.map(Dispatcher.config, (tuning) => layerTuned(environment, tuning)))
