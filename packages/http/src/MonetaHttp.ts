/**
 * The API served: every group's handlers, authentication and error mapping,
 * over the bank's operations. Host applications mount `layer` in their own
 * `@effect/platform` server, or take `toWebHandler` for fetch-style servers;
 * either way they provide the database (`@moneta/store`, with its
 * notifications) and ServerEnvironment; real-time decision windows are
 * decisions.md i's unless `RealTimeDecisionTiming` is provided (`timingFromConfig`).
 */
import { HttpApiBuilder } from "@effect/platform"
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
import { LockboxAddresses } from "@moneta/bank/LockboxAddresses"
import { LockboxRecipients } from "@moneta/bank/LockboxRecipients"
import { PendingTransactions } from "@moneta/bank/PendingTransactions"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import { Simulations } from "@moneta/bank/Simulations"
import { Transactions } from "@moneta/bank/Transactions"
import { WireTransfers } from "@moneta/bank/WireTransfers"
import { WireTransferSimulations } from "@moneta/bank/WireTransferSimulations"
import { Layer } from "effect"
import { AccountNumbersLive } from "./AccountNumbers.js"
import { AccountsLive } from "./Accounts.js"
import { AuthorizationLive } from "./Authorization.js"
import { BookkeepingLive } from "./Bookkeeping.js"
import { CardPaymentsLive } from "./CardPayments.js"
import { CardsLive } from "./Cards.js"
import { CardSimulationsLive } from "./CardSimulations.js"
import { CheckDepositsLive } from "./CheckDeposits.js"
import { DeclinedTransactionsLive } from "./DeclinedTransactions.js"
import { DigitalWalletTokensLive } from "./DigitalWalletTokens.js"
import { EntitiesLive } from "./Entities.js"
import { ErrorMappingLive } from "./ErrorMapping.js"
import { EventsLive } from "./Events.js"
import { EventSubscriptionsLive } from "./EventSubscriptions.js"
import { ExternalAccountsLive } from "./ExternalAccounts.js"
import { FilesLive } from "./Files.js"
import { InboundMailItemsLive } from "./InboundMailItems.js"
import { InboundMailItemSimulationsLive } from "./InboundMailItemSimulations.js"
import { LockboxAddressesLive } from "./LockboxAddresses.js"
import { LockboxRecipientsLive } from "./LockboxRecipients.js"
import { PendingTransactionsLive } from "./PendingTransactions.js"
import { RealTimeDecisionsLive } from "./RealTimeDecisions.js"
import { SimulationsLive } from "./Simulations.js"
import { TransactionsLive } from "./Transactions.js"
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
  Files.Default,
  CardPayments.Default,
  CardSimulations.Default,
  DeclinedTransactions.Default,
  CardAuthentications.Default,
  DigitalWalletTokens.Default,
  RealTimeDecisions.Default,
  InboundMailItemSimulations.Default,
  WireTransferSimulations.Default
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
  WireTransfersLive,
  WireTransferSimulationsLive,
  LockboxRecipientsLive,
  InboundMailItemsLive,
  InboundMailItemSimulationsLive,
  CheckDepositsLive,
  FilesLive,
  CardPaymentsLive,
  CardSimulationsLive,
  DeclinedTransactionsLive,
  DigitalWalletTokensLive,
  RealTimeDecisionsLive
)

/** The HttpApi implementation: `HttpApi.Api` for `HttpApiBuilder.serve` / `httpApp` / `toWebHandler`. */
export const layer = HttpApiBuilder.api(MonetaApi).pipe(
  Layer.provide(GroupsLive),
  Layer.provide(AuthorizationLive),
  Layer.provide(BankLive),
  Layer.merge(ErrorMappingLive)
)
