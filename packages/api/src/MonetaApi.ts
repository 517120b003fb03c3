/**
 * The HTTP contract of the service: the one source of truth for the server's
 * handlers, the typed client and the OpenAPI document. Every group requires
 * the Authorization middleware (on the groups, so that `/docs` and
 * `/openapi.json`, served beside the API, stay public); every endpoint
 * declares the CommonErrors. Query parameters and bodies are decoded strictly
 * (`strictParseOptions`); every decoding issue names the value refused.
 */
import { HttpApi, OpenApi } from "effect/http-api"
import { AccountNumbers } from "./AccountNumbers.js"
import { Accounts } from "./Accounts.js"
import { Bookkeeping } from "./Bookkeeping.js"
import { CardPayments } from "./CardPayments.js"
import { Cards } from "./Cards.js"
import { CardSimulations } from "./CardSimulations.js"
import { CheckDeposits } from "./CheckDeposits.js"
import { CheckDepositSimulations } from "./CheckDepositSimulations.js"
import { CommonErrors } from "./CommonErrors.js"
import { ControlPlane } from "./ControlPlane.js"
import { DeclinedTransactions } from "./DeclinedTransactions.js"
import { DigitalWalletTokens } from "./DigitalWalletTokens.js"
import * as DocumentConventions from "./DocumentConventions.js"
import { Entities } from "./Entities.js"
import { Events } from "./Events.js"
import { EventSubscriptions } from "./EventSubscriptions.js"
import { ExternalAccounts } from "./ExternalAccounts.js"
import { Files } from "./Files.js"
import { InboundMailItems } from "./InboundMailItems.js"
import { InboundMailItemSimulations } from "./InboundMailItemSimulations.js"
import { InboundWireDrawdownRequests, InboundWireDrawdownRequestSimulations } from "./InboundWireDrawdownRequests.js"
import { LockboxAddresses } from "./LockboxAddresses.js"
import { LockboxRecipients } from "./LockboxRecipients.js"
import { pathParseOptions, strictParseOptions } from "./Parameters.js"
import { PendingTransactions, PendingTransactionSimulations } from "./PendingTransactions.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { SandboxClocks } from "./SandboxClock.js"
import { SandboxState } from "./SandboxState.js"
import { Simulations } from "./Simulations.js"
import { Transactions } from "./Transactions.js"
import { WebhookFaults } from "./WebhookFaults.js"
import { WireTransfers } from "./WireTransfers.js"
import { WireTransferSimulations } from "./WireTransferSimulations.js"

const contract = HttpApi.make("moneta")
  .add(Accounts)
  .add(Entities)
  .add(Transactions)
  .add(Events)
  .add(EventSubscriptions)
  .add(Bookkeeping)
  .add(Simulations)
  .add(Cards)
  .add(LockboxAddresses)
  .add(WireTransfers)
  .add(WireTransferSimulations)
  .add(PendingTransactions)
  .add(PendingTransactionSimulations)
  .add(ExternalAccounts)
  .add(AccountNumbers)
  .add(LockboxRecipients)
  .add(InboundMailItems)
  .add(InboundMailItemSimulations)
  .add(InboundWireDrawdownRequests)
  .add(InboundWireDrawdownRequestSimulations)
  .add(CheckDeposits)
  .add(CheckDepositSimulations)
  .add(Files)
  .add(CardPayments)
  .add(CardSimulations)
  .add(DeclinedTransactions)
  .add(DigitalWalletTokens)
  .add(RealTimeDecisions)
  .add(ControlPlane)
  .add(SandboxClocks)
  .add(SandboxState)
  .add(WebhookFaults)
  // After every group: `middleware` reaches only the endpoints already added.
  .middleware(CommonErrors)
  .annotate(HttpApi.ParamsParseOptions, pathParseOptions)
  .annotate(HttpApi.QueryParseOptions, strictParseOptions)
  .annotate(HttpApi.PayloadParseOptions, strictParseOptions)

export class MonetaApi extends contract.annotateMerge(OpenApi.annotations({
  title: "Moneta API",
  version: "0.1.0",
  description:
    "Bookkeeping, wire transfers, real-time decisions, events and webhooks, card payments, inbound mail and lockboxes.",
  license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
  servers: [
    { url: "/", description: "The server this document came from" },
    { url: "http://127.0.0.1:4010", description: "A local sandbox (`pnpm start`)" }
  ],
  transform: DocumentConventions.apply(contract)
})) {}
