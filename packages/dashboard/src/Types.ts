/**
 * The API's objects as JSON, named from the contract's own schemas
 * (@moneta/domain, @moneta/api): type-only imports, so the page carries none
 * of their code (the typed client would be 778 KB minified; docs/decisions.md).
 */
import type { Account, BalanceLookup } from "@moneta/domain/Account"
import type { BookkeepingAccount, BookkeepingBalanceLookup, BookkeepingEntrySet } from "@moneta/domain/Bookkeeping"
import type { Card } from "@moneta/domain/Card"
import type { CardPayment } from "@moneta/domain/CardPayment"
import type { CheckDeposit } from "@moneta/domain/CheckDeposit"
import type { DeclinedTransaction } from "@moneta/domain/DeclinedTransaction"
import type { Event } from "@moneta/domain/Event"
import type { EventSubscription } from "@moneta/domain/EventSubscription"
import type { File } from "@moneta/domain/File"
import type { InboundMailItem } from "@moneta/domain/InboundMailItem"
import type { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import type { PendingTransaction } from "@moneta/domain/PendingTransaction"
import type { RealTimeDecision } from "@moneta/domain/RealTimeDecisionResource"
import type { Transaction } from "@moneta/domain/Transaction"
import type { WebhookAttempt } from "@moneta/domain/WebhookAttempt"
import type { WireTransfer } from "@moneta/domain/WireTransferObject"

export type AccountJson = typeof Account.Encoded
export type BalanceJson = typeof BalanceLookup.Encoded
export type BookkeepingAccountJson = typeof BookkeepingAccount.Encoded
export type BookkeepingBalanceJson = typeof BookkeepingBalanceLookup.Encoded
export type BookkeepingEntrySetJson = typeof BookkeepingEntrySet.Encoded
export type CardJson = typeof Card.Encoded
export type CardPaymentJson = typeof CardPayment.Encoded
export type CheckDepositJson = typeof CheckDeposit.Encoded
export type DeclinedTransactionJson = typeof DeclinedTransaction.Encoded
export type EventJson = typeof Event.Encoded
export type EventSubscriptionJson = typeof EventSubscription.Encoded
export type FileJson = typeof File.Encoded
export type InboundMailItemJson = typeof InboundMailItem.Encoded
export type LockboxRecipientJson = typeof LockboxRecipient.Encoded
export type PendingTransactionJson = typeof PendingTransaction.Encoded
export type RealTimeDecisionJson = typeof RealTimeDecision.Encoded
export type TransactionJson = typeof Transaction.Encoded
export type WebhookAttemptJson = typeof WebhookAttempt.Encoded
export type WireTransferJson = typeof WireTransfer.Encoded
export type WireTransferStatus = WireTransferJson["status"]

/** A page of a list (`Page` of @moneta/api's Parameters). */
export interface PageJson<A> {
  readonly data: ReadonlyArray<A>
  readonly next_cursor: string | null
}
