/**
 * Clearing: the merchant settles a purchase (with or without an
 * authorization) or returns money (a refund of a settlement, or of a refund
 * authorization). Planners in the manner of `CardActivity`.
 */
import { Result } from "effect"
import { FieldError } from "../core/Errors.js"
import type { CardPaymentId, CardRefundId, CardSettlementId, TransactionId } from "../core/Ids.js"
import {
  namingFields,
  NotACardAuthorization,
  NotACardSettlement,
  type OperationRefusal,
  PendingTransactionComplete,
  RefundExceedsRefundable,
  SettlementAmountMissing
} from "../core/Refusals.js"
import type { Timestamp } from "../core/Timestamp.js"
import type { MoneyEffect } from "../money/MoneyEffect.js"
import type { PendingTransaction } from "../money/PendingTransaction.js"
import type { Transaction } from "../money/Transaction.js"
import type { Card } from "./Card.js"
import * as CardDetail from "./CardDetail.js"
import type { Cardholder } from "./Cardholder.js"
import { clearingIdentifiersOf, defaultMerchant } from "./CardMessages.js"
import * as CardPayment from "./CardPayment.js"
import { CardAuthorization, CardRefund, CardSettlement } from "./CardPaymentElements.js"
import { cardRoute, changed, place, type Step } from "./CardSteps.js"

interface Clearing {
  readonly merchant_acceptor_id: string
  readonly merchant_category_code: string
  readonly merchant_city: string
  readonly merchant_country: string
  readonly merchant_name: string
  readonly merchant_postal_code: string | null
  readonly merchant_state: string | null
}

const clearingMerchantOf = (authorization: CardAuthorization | undefined): Clearing => ({
  merchant_acceptor_id: authorization?.merchant_acceptor_id ?? defaultMerchant.merchant_acceptor_id,
  merchant_category_code: authorization?.merchant_category_code ?? defaultMerchant.merchant_category_code,
  merchant_city: authorization?.merchant_city ?? defaultMerchant.merchant_city,
  merchant_country: authorization?.merchant_country ?? defaultMerchant.merchant_country,
  merchant_name: authorization?.merchant_descriptor ?? defaultMerchant.merchant_descriptor,
  // The authorization's own location, absent parts included; the sandbox's only for a forced settlement.
  merchant_postal_code: authorization === undefined
    ? defaultMerchant.merchant_postal_code
    : authorization.merchant_postal_code,
  merchant_state: authorization === undefined ? defaultMerchant.merchant_state : authorization.merchant_state
})

export interface SettlementInput {
  readonly at: Timestamp
  readonly card: Card
  /** The authorization's card payment and its hold; both null for a settlement forced without authorization. */
  readonly authorized: { readonly cardPayment: CardPayment.CardPayment; readonly hold: PendingTransaction } | null
  readonly amount: number | undefined
  readonly reference: string
  /** The holder of the card (`Cardholder.cardholderOf` its entity): the renter, guest or passenger; the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
  readonly ids: {
    readonly cardPayment: CardPaymentId
    readonly cardSettlement: CardSettlementId
    readonly transaction: TransactionId
  }
}

/**
 * The merchant clears a purchase: a `card_settlement` element and a Transaction
 * of −amount. Settling an authorization (default amount: what it still holds,
 * never more) completes its hold, releasing any rest. Without one the
 * settlement is forced: a new card payment, `amount` required, and the
 * available balance must cover it.
 */
export const settle = (input: SettlementInput): Result.Result<Step, OperationRefusal | SettlementAmountMissing> => {
  const { at, card, ids } = input
  const authorized = input.authorized
  if (authorized === null && input.amount === undefined) {
    return Result.fail(
      new SettlementAmountMissing(
        namingFields([
          new FieldError({ field: "amount", message: "is required when settling without a pending_transaction_id" })
        ])
      )
    )
  }
  if (authorized !== null) {
    const { cardPayment, hold } = authorized
    if (hold.status !== "pending") {
      return Result.fail(
        new PendingTransactionComplete({ detail: `pending transaction ${hold.id} is already complete` })
      )
    }
    if (cardPayment.card_id !== card.id) {
      return Result.fail(
        new NotACardAuthorization({
          detail: `pending transaction ${hold.id} is not an authorization of card ${card.id}`
        })
      )
    }
  }
  const authorization = authorized === null ? undefined : CardPayment.authorizationOf(authorized.cardPayment)
  const amount = input.amount ??
    (authorized === null ? 0 : CardPayment.outstandingAuthorization(authorized.cardPayment))
  const cardPaymentId = authorized?.cardPayment.id ?? ids.cardPayment
  const merchant = clearingMerchantOf(authorization)
  const settlement = new CardSettlement({
    id: ids.cardSettlement,
    amount,
    card_authorization: authorization?.id ?? null,
    card_payment_id: cardPaymentId,
    currency: "USD",
    ...CardDetail.clearingDetailsOf({
      at,
      amount,
      direction: "settlement",
      merchantCategoryCode: merchant.merchant_category_code,
      merchantName: merchant.merchant_name,
      processingCategory: authorization?.processing_category ?? null,
      transactionReference: input.reference,
      cardholder: input.cardholder
    }),
    ...merchant,
    network: authorization?.network_details.category ?? "network_a",
    network_identifiers: clearingIdentifiersOf(input.reference),
    pending_transaction_id: authorized?.hold.id ?? null,
    presentment_amount: amount,
    presentment_currency: "USD",
    scheme_fees: CardDetail.schemeFeesOf({
      at,
      kind: "clearing",
      amount,
      merchantCountry: merchant.merchant_country,
      network: authorization?.network_details.category
    }),
    transaction_id: ids.transaction,
    type: "card_settlement"
  })
  const posting: MoneyEffect = {
    kind: "post_transaction",
    transactionId: ids.transaction,
    accountId: card.account_id,
    amount: -amount,
    description: settlement.merchant_name,
    source: { category: "card_settlement", card_settlement: settlement },
    route: cardRoute(card),
    // a settlement of an authorization spends what it held; a forced one must find the money
    requiresAvailableBalance: authorized === null
  }
  const effects: ReadonlyArray<MoneyEffect> = authorized === null
    ? [posting]
    : [{ kind: "complete_pending_transaction", pendingTransactionId: authorized.hold.id }, posting]
  return Result.map(
    place(authorized?.cardPayment ?? null, {
      id: cardPaymentId,
      account_id: card.account_id,
      card_id: card.id,
      created_at: at,
      digital_wallet_token_id: null,
      physical_card_id: null
    }, { category: "card_settlement", created_at: at, card_settlement: settlement }),
    (placed) => ({ ...placed, effects, declinedTransaction: null })
  )
}

export interface RefundInput {
  readonly at: Timestamp
  readonly card: { readonly id: string; readonly account_id: string }
  readonly cardPayment: CardPayment.CardPayment
  /** What is refunded: a settlement's transaction, or a refund authorization's pending transaction. */
  readonly of:
    | { readonly _tag: "Settlement"; readonly transaction: Transaction }
    | { readonly _tag: "RefundAuthorization"; readonly hold: PendingTransaction }
  readonly amount: number | undefined
  readonly reference: string
  /** The holder of the card (`Cardholder.cardholderOf` its entity): the renter, guest or passenger; the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
  readonly ids: { readonly cardRefund: CardRefundId; readonly transaction: TransactionId }
}

/** The settlement a `card_settlement` transaction posted, if it is one. */
export const settlementOf = (transaction: Transaction): CardSettlement | undefined => {
  const source = transaction.source
  return source.category === "card_settlement" && source.card_settlement instanceof CardSettlement
    ? source.card_settlement
    : undefined
}

/** The authorization a `card_authorization` pending transaction holds for, if it is one. */
export const authorizationOfHold = (hold: PendingTransaction): CardAuthorization | undefined => {
  const source = hold.source
  return source.category === "card_authorization" && source.card_authorization instanceof CardAuthorization
    ? source.card_authorization
    : undefined
}

/** The settlement a refund names: refused (409) when the transaction is not a card settlement. */
export const requireSettlement = (transaction: Transaction): Result.Result<CardSettlement, OperationRefusal> => {
  const settlement = settlementOf(transaction)
  return settlement === undefined
    ? Result.fail(new NotACardSettlement({ detail: `transaction ${transaction.id} is not a card settlement` }))
    : Result.succeed(settlement)
}

/** The authorization a settlement or refund names by its hold: refused (409) when the hold is not a card authorization's. */
export const requireAuthorizationHold = (
  hold: PendingTransaction
): Result.Result<CardAuthorization, OperationRefusal> => {
  const authorization = authorizationOfHold(hold)
  return authorization === undefined
    ? Result.fail(new NotACardAuthorization({ detail: `pending transaction ${hold.id} is not a card authorization` }))
    : Result.succeed(authorization)
}

/** What of this settlement or refund authorization is still refundable. */
const refundableOf = (input: RefundInput): Result.Result<number, OperationRefusal> => {
  const state = input.cardPayment.state
  const refundable = state.settled_amount + state.refund_authorized_amount - state.refunded_amount
  if (input.of._tag === "Settlement") {
    const settlement = settlementOf(input.of.transaction)
    if (settlement === undefined) {
      return Result.fail(
        new NotACardSettlement({ detail: `transaction ${input.of.transaction.id} is not a card settlement` })
      )
    }
    return Result.succeed(Math.min(refundable, settlement.amount))
  }
  const hold = input.of.hold
  if (authorizationOfHold(hold)?.direction !== "refund") {
    return Result.fail(
      new NotACardAuthorization({ detail: `pending transaction ${hold.id} is not a refund authorization` })
    )
  }
  if (hold.status !== "pending") {
    return Result.fail(new PendingTransactionComplete({ detail: `pending transaction ${hold.id} is already complete` }))
  }
  return Result.succeed(Math.min(refundable, hold.amount))
}

/**
 * Money returned to the cardholder: a `card_refund` element and a Transaction
 * of +amount (default: what is still refundable of the settlement, or the
 * refund authorization's amount, which then completes).
 */
export const refund = (input: RefundInput): Result.Result<Step, OperationRefusal> =>
  Result.flatMap(refundableOf(input), (refundable) => {
    const amount = input.amount ?? refundable
    if (amount > refundable) {
      return Result.fail(
        new RefundExceedsRefundable({
          detail: `cannot refund ${amount}: only ${refundable} of card payment ${input.cardPayment.id} is refundable`
        })
      )
    }
    const authorization = CardPayment.authorizationOf(input.cardPayment)
    const merchant = clearingMerchantOf(authorization)
    // a refund clears no surcharge: the merchant gives back what it sold
    const { surcharge: _none, ...clearing } = CardDetail.clearingDetailsOf({
      at: input.at,
      amount,
      direction: "refund",
      merchantCategoryCode: merchant.merchant_category_code,
      merchantName: merchant.merchant_name,
      processingCategory: authorization?.processing_category ?? null,
      transactionReference: input.reference,
      cardholder: input.cardholder
    })
    const element = new CardRefund({
      id: input.ids.cardRefund,
      amount,
      card_payment_id: input.cardPayment.id,
      currency: "USD",
      ...clearing,
      ...merchant,
      network_identifiers: clearingIdentifiersOf(input.reference),
      presentment_amount: amount,
      presentment_currency: "USD",
      scheme_fees: CardDetail.schemeFeesOf({
        at: input.at,
        kind: "clearing",
        amount,
        merchantCountry: merchant.merchant_country,
        network: authorization?.network_details.category
      }),
      transaction_id: input.ids.transaction,
      type: "card_refund"
    })
    const posting: MoneyEffect = {
      kind: "post_transaction",
      transactionId: input.ids.transaction,
      accountId: input.cardPayment.account_id,
      amount,
      description: element.merchant_name,
      source: { category: "card_refund", card_refund: element },
      route: cardRoute(input.card),
      requiresAvailableBalance: false
    }
    const of = input.of
    return changed(
      input.cardPayment,
      { category: "card_refund", created_at: input.at, card_refund: element },
      () =>
        of._tag === "RefundAuthorization"
          ? [{ kind: "complete_pending_transaction", pendingTransactionId: of.hold.id }, posting]
          : [posting]
    )
  })
