/** Pending transactions handlers, and their sandbox simulations (a live server answers those 404). */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CheckDepositSimulations } from "@moneta/bank/CheckDepositSimulations"
import { PendingTransactions } from "@moneta/bank/PendingTransactions"
import { PendingTransaction } from "@moneta/domain/PendingTransaction"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

export const PendingTransactionsLive = Group.make(
  MonetaApi,
  "pendingTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const pendingTransactions = yield* PendingTransactions
      return handlers
        .handle("list", ({ query }) => answerEncodedPage(PendingTransaction, pendingTransactions.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(PendingTransaction, pendingTransactions.retrieve(params.pending_transaction_id)))
    })
)

/** The only inbound funds holds this service places are check deposits' (`CheckDepositSimulations`). */
export const PendingTransactionSimulationsLive = Group.make(
  MonetaApi,
  "pendingTransactionSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const checkDeposits = yield* CheckDepositSimulations
      const inSandbox = yield* sandboxOnly
      return handlers.handle("releaseInboundFundsHold", ({ params }) =>
        inSandbox(
          idempotent(PendingTransaction, checkDeposits.releaseInboundFundsHold(params.pending_transaction_id))
        ))
    })
)
