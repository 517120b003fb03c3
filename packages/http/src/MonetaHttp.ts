/**
 * The API served: every group's handlers, authentication and error mapping,
 * over the bank's operations. Host applications mount it with `Mount` (one
 * layer per way, with the database, the environment and, if they like, the
 * webhook dispatcher, the decision sweeper and the documents: docs/host-app.md);
 * the layers below are what `Mount` and the server are made of.
 *
 * - `layer` adds the API's routes to the `HttpRouter` of the host:
 *   `HttpRouter.serve(MonetaHttp.layer, { disableLogger: true })` for a server
 *   of its own, or merged with a host's route layers. Under a prefix:
 *   `MonetaHttp.layer.pipe(Layer.provide(MonetaHttp.prefixed("/moneta")))`;
 *   requests reach Moneta with the prefix taken off.
 * - `layerUnroutable`, merged with `layer` where the API is the whole server,
 *   answers the contract's 404 for requests no route can take.
 * - `toWebHandler` gives a fetch-style `(Request) => Promise<Response>` (both of the above).
 *
 * Either way the host provides the database (`@moneta/store`, with its
 * notifications) and ServerEnvironment, and the HTTP platform services
 * (`NodeHttpServer.layer`, or `HttpServer.layerServices`); real-time decision
 * windows are decisions.md i's unless `RealTimeDecisionTiming` is provided
 * (`timingFromConfig`). Neither logs requests: hosts log their own.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { AccountNumbers } from "@moneta/bank/AccountNumbers"
import { Accounts } from "@moneta/bank/Accounts"
import { Authentication } from "@moneta/bank/Authentication"
import { Bookkeeping } from "@moneta/bank/Bookkeeping"
import { CardAuthentications } from "@moneta/bank/CardAuthentications"
import { CardPayments } from "@moneta/bank/CardPayments"
import { Cards } from "@moneta/bank/Cards"
import { CardSimulations } from "@moneta/bank/CardSimulations"
import { CheckDeposits } from "@moneta/bank/CheckDeposits"
import { CheckDepositSimulations } from "@moneta/bank/CheckDepositSimulations"
import { ControlPlane } from "@moneta/bank/ControlPlane"
import { DeclinedTransactions } from "@moneta/bank/DeclinedTransactions"
import { DigitalWalletTokens } from "@moneta/bank/DigitalWalletTokens"
import { Entities } from "@moneta/bank/Entities"
import { Events } from "@moneta/bank/Events"
import { EventSubscriptions } from "@moneta/bank/EventSubscriptions"
import { ExternalAccounts } from "@moneta/bank/ExternalAccounts"
import { Files } from "@moneta/bank/Files"
import { Idempotency } from "@moneta/bank/Idempotency"
import { InboundMailItems } from "@moneta/bank/InboundMailItems"
import { InboundMailItemSimulations } from "@moneta/bank/InboundMailItemSimulations"
import { InboundWireDrawdownRequests } from "@moneta/bank/InboundWireDrawdownRequests"
import { LockboxAddresses } from "@moneta/bank/LockboxAddresses"
import { LockboxRecipients } from "@moneta/bank/LockboxRecipients"
import { PendingTransactions } from "@moneta/bank/PendingTransactions"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import { SandboxClocks } from "@moneta/bank/SandboxClock"
import { SandboxState } from "@moneta/bank/SandboxState"
import { Simulations } from "@moneta/bank/Simulations"
import { Transactions } from "@moneta/bank/Transactions"
import { WebhookFaults } from "@moneta/bank/WebhookFaults"
import { WireTransfers } from "@moneta/bank/WireTransfers"
import { WireTransferSimulations } from "@moneta/bank/WireTransferSimulations"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { AccountNumbersLive } from "./AccountNumbers.js"
import { AccountsLive } from "./Accounts.js"
import { AuthorizationLive } from "./Authorization.js"
import { BookkeepingLive } from "./Bookkeeping.js"
import { CardPaymentsLive } from "./CardPayments.js"
import { CardsLive } from "./Cards.js"
import { CardSimulationsLive } from "./CardSimulations.js"
import { CheckDepositsLive } from "./CheckDeposits.js"
import { CheckDepositSimulationsLive } from "./CheckDepositSimulations.js"
import { AdminAuthorizationLive, ControlPlaneLive } from "./ControlPlane.js"
import { DeclinedTransactionsLive } from "./DeclinedTransactions.js"
import { DigitalWalletTokensLive } from "./DigitalWalletTokens.js"
import { EntitiesLive } from "./Entities.js"
import * as ErrorMapping from "./ErrorMapping.js"
import { EventsLive } from "./Events.js"
import { EventSubscriptionsLive } from "./EventSubscriptions.js"
import { ExternalAccountsLive } from "./ExternalAccounts.js"
import { FilesLive } from "./Files.js"
import { InboundMailItemsLive } from "./InboundMailItems.js"
import { InboundMailItemSimulationsLive } from "./InboundMailItemSimulations.js"
import {
  InboundWireDrawdownRequestSimulationsLive,
  InboundWireDrawdownRequestsLive
} from "./InboundWireDrawdownRequests.js"
import { LockboxAddressesLive } from "./LockboxAddresses.js"
import { LockboxRecipientsLive } from "./LockboxRecipients.js"
import { PendingTransactionSimulationsLive, PendingTransactionsLive } from "./PendingTransactions.js"
import { RealTimeDecisionsLive } from "./RealTimeDecisions.js"
import { SandboxClockLive } from "./SandboxClock.js"
import { SandboxStateLive } from "./SandboxState.js"
import { SimulationsLive } from "./Simulations.js"
import { TransactionsLive } from "./Transactions.js"
import { WebhookFaultsLive } from "./WebhookFaults.js"
import { WireTransfersLive } from "./WireTransfers.js"
import { WireTransferSimulationsLive } from "./WireTransferSimulations.js"

/** The bank's operations the handlers use. Needs `SqlClient`, `Notifications` and `ServerEnvironment`. */
export const BankLive = Layer.mergeAll(
  Accounts.Default,
  Authentication.Default,
  Bookkeeping.Default,
  Cards.Default,
  Entities.Default,
  Events.Default,
  EventSubscriptions.Default,
  Idempotency.Default,
  LockboxAddresses.Default,
  Simulations.Default,
  Transactions.Default,
  AccountNumbers.Default,
  ExternalAccounts.Default,
  PendingTransactions.Default,
  WireTransfers.Default,
  LockboxRecipients.Default,
  InboundMailItems.Default,
  CheckDeposits.Default,
  CheckDepositSimulations.Default,
  Files.Default,
  CardPayments.Default,
  CardSimulations.Default,
  DeclinedTransactions.Default,
  CardAuthentications.Default,
  DigitalWalletTokens.Default,
  RealTimeDecisions.Default,
  InboundMailItemSimulations.Default,
  InboundWireDrawdownRequests.Default,
  WireTransferSimulations.Default,
  ControlPlane.Default,
  SandboxClocks.Default,
  SandboxState.Default,
  WebhookFaults.Default
)

const GroupsLive = Layer.mergeAll(
  AccountsLive,
  BookkeepingLive,
  CardsLive,
  EntitiesLive,
  EventsLive,
  EventSubscriptionsLive,
  LockboxAddressesLive,
  SimulationsLive,
  TransactionsLive,
  AccountNumbersLive,
  ExternalAccountsLive,
  PendingTransactionsLive,
  PendingTransactionSimulationsLive,
  WireTransfersLive,
  WireTransferSimulationsLive,
  LockboxRecipientsLive,
  InboundMailItemsLive,
  InboundMailItemSimulationsLive,
  InboundWireDrawdownRequestsLive,
  InboundWireDrawdownRequestSimulationsLive,
  CheckDepositsLive,
  CheckDepositSimulationsLive,
  FilesLive,
  CardPaymentsLive,
  CardSimulationsLive,
  DeclinedTransactionsLive,
  DigitalWalletTokensLive,
  RealTimeDecisionsLive,
  ControlPlaneLive,
  SandboxClockLive,
  SandboxStateLive,
  WebhookFaultsLive
)

/**
 * Services the handlers use per request rather than when they are built (the
 * idempotency store of `idempotent`, and the database its claims run in):
 * each request gets the ones the layer holds.
 */
const requestServices = HttpRouter.middleware<{ provides: Idempotency | SqlClient.SqlClient }>()(
  Effect.gen(function*() {
    const idempotency = yield* Idempotency
    const sql = yield* SqlClient.SqlClient
    // Added rather than merged (a merge copies the request's whole context): the groups' handlers
    // merge their middleware in right after (Group.ts), which leaves the context flat for the
    // transactions a write opens to add their own services to (docs/benchmarks.md).
    return (route) =>
      route.pipe(Effect.provideService(Idempotency, idempotency), Effect.provideService(SqlClient.SqlClient, sql))
  })
).layer

/**
 * The API's routes on the `HttpRouter` the host provides: each endpoint, and
 * an answer for any other path, all behind the error mapping and input guards.
 */
export const layer = Layer.mergeAll(HttpApiBuilder.layer(MonetaApi), ErrorMapping.unknownRoutes).pipe(
  Layer.provide(ErrorMapping.layer),
  Layer.provide(GroupsLive),
  Layer.provide(requestServices),
  Layer.provide([AuthorizationLive, AdminAuthorizationLive, ErrorMapping.CommonErrorsLive]),
  Layer.provide(BankLive)
)

/**
 * For a server that serves nothing but the API (and its documents): requests
 * no route can take (a path that is not valid percent-encoding) answer the
 * contract's 404 too. Merge it with `layer`; a host whose own routes share the
 * router leaves it out, keeping its own answer for those.
 */
export const layerUnroutable = ErrorMapping.unroutableRequests

/**
 * Routes added by the layers it is provided to go under `prefix`, and see
 * request URLs without it: `layer.pipe(Layer.provide(MonetaHttp.prefixed("/moneta")))`.
 */
export const prefixed = (prefix: `/${string}`) =>
  Layer.effect(HttpRouter.HttpRouter, Effect.map(HttpRouter.HttpRouter, (router) => router.prefixed(prefix)))

/** What `layer` needs from the host besides the router and the HTTP platform services. */
export type Requirements = Exclude<
  Layer.Services<typeof layer>,
  HttpRouter.HttpRouter | Layer.Success<typeof HttpServer.layerServices>
>

/**
 * The API as a fetch-style handler, `handler(request: Request) => Promise<Response>`,
 * over `dependencies` (the database and ServerEnvironment). `dispose` releases
 * what the layers acquired.
 */
export const toWebHandler = <E>(dependencies: Layer.Layer<Requirements, E>) =>
  HttpRouter.toWebHandler(
    Layer.mergeAll(layer, layerUnroutable).pipe(
      Layer.provide(HttpServer.layerServices),
      Layer.provide(dependencies)
    ),
    { disableLogger: true }
  )
