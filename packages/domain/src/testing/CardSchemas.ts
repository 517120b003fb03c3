/**
 * Schema-derived arbitraries of the card area: anything the schemas accept
 * (cards, card payments and their elements, authentications, decisions,
 * declined transactions, wallet tokens, simulation bodies and results, card
 * events), for encode/decode round trips.
 */
import { Arbitrary, FastCheck as fc, Schema } from "effect"
import * as Card from "../Card.js"
import * as CardAuthentication from "../CardAuthentication.js"
import * as CardPayment from "../CardPayment.js"
import * as CardPaymentElements from "../CardPaymentElements.js"
import * as CardSimulations from "../CardSimulations.js"
import * as DeclinedTransaction from "../DeclinedTransaction.js"
import * as DigitalWalletToken from "../DigitalWalletToken.js"
import { Event } from "../Event.js"
import type { KnownEventCategory } from "../EventCategory.js"
import * as PendingTransaction from "../PendingTransaction.js"
import * as RealTimeDecision from "../RealTimeDecision.js"
import * as Transaction from "../Transaction.js"

// ---------------------------------------------------------------------------
// Schema-derived arbitraries: anything the schemas accept
// ---------------------------------------------------------------------------

export const cardArbitrary = Arbitrary.make(Card.Card)
export const createCardArbitrary = Arbitrary.make(Card.CreateCard)
export const updateCardArbitrary = Arbitrary.make(Card.UpdateCard)
export const digitalWalletTokenArbitrary = Arbitrary.make(DigitalWalletToken.DigitalWalletToken)
export const declinedTransactionArbitrary = Arbitrary.make(DeclinedTransaction.DeclinedTransaction)
export const cardPaymentArbitrary = Arbitrary.make(CardPayment.CardPayment)
export const cardPaymentElementArbitrary = Arbitrary.make(CardPaymentElements.Element)
export const cardAuthorizationArbitrary = Arbitrary.make(CardPaymentElements.CardAuthorization)
export const cardDeclineArbitrary = Arbitrary.make(CardPaymentElements.CardDecline)
export const cardSettlementArbitrary = Arbitrary.make(CardPaymentElements.CardSettlement)
export const cardRefundArbitrary = Arbitrary.make(CardPaymentElements.CardRefund)
export const cardAuthenticationArbitrary = Arbitrary.make(CardAuthentication.CardAuthentication)
/** Any decision the schema accepts (details need not match the category): for round trips. */
export const anyRealTimeDecisionArbitrary = Arbitrary.make(RealTimeDecision.RealTimeDecision)
/** Any body the action schema accepts (not necessarily one a given decision accepts). */
export const realTimeDecisionActionArbitrary = Arbitrary.make(RealTimeDecision.RealTimeDecisionAction)

export const simulateCardAuthorizationArbitrary = Arbitrary.make(CardSimulations.SimulateCardAuthorization)
export const simulateCardAuthorizationExpirationArbitrary = Arbitrary.make(
  CardSimulations.SimulateCardAuthorizationExpiration
)
export const simulateCardSettlementArbitrary = Arbitrary.make(CardSimulations.SimulateCardSettlement)
export const simulateCardReversalArbitrary = Arbitrary.make(CardSimulations.SimulateCardReversal)
export const simulateCardIncrementArbitrary = Arbitrary.make(CardSimulations.SimulateCardIncrement)
export const simulateCardRefundArbitrary = Arbitrary.make(CardSimulations.SimulateCardRefund)
export const simulateCardFuelConfirmationArbitrary = Arbitrary.make(CardSimulations.SimulateCardFuelConfirmation)
export const simulateCardBalanceInquiryArbitrary = Arbitrary.make(CardSimulations.SimulateCardBalanceInquiry)
export const simulateCardAuthenticationArbitrary = Arbitrary.make(CardSimulations.SimulateCardAuthentication)
export const simulateCardAuthenticationChallengeAttemptArbitrary = Arbitrary.make(
  CardSimulations.SimulateCardAuthenticationChallengeAttempt
)
export const simulateDigitalWalletTokenRequestArbitrary = Arbitrary.make(
  CardSimulations.SimulateDigitalWalletTokenRequest
)
/**
 * Simulation results as the service returns them: an approved authorization's
 * pending transaction (source `card_authorization`) or a declined
 * authorization's declined transaction (source `card_decline`).
 */
export const cardAuthorizationSimulationResultArbitrary: fc.Arbitrary<
  CardSimulations.CardAuthorizationSimulationResult
> = fc.oneof(
  fc.tuple(Arbitrary.make(PendingTransaction.PendingTransaction), cardAuthorizationArbitrary).map(
    ([pendingTransaction, authorization]) =>
      CardSimulations.approvedAuthorization(
        new PendingTransaction.PendingTransaction({
          ...pendingTransaction,
          // decoded from the wire form, so that it fits whatever shape the pending transaction module gives the source
          source: Schema.decodeUnknownSync(PendingTransaction.PendingTransactionSource)({
            category: "card_authorization",
            card_authorization: Schema.encodeSync(CardPaymentElements.CardAuthorization)(authorization)
          })
        })
      )
  ),
  fc.tuple(declinedTransactionArbitrary, cardDeclineArbitrary).map(([declinedTransaction, cardDecline]) =>
    CardSimulations.declinedAuthorization(
      new DeclinedTransaction.DeclinedTransaction({
        ...declinedTransaction,
        source: DeclinedTransaction.cardDeclineSource(cardDecline)
      })
    )
  )
)
export const digitalWalletTokenRequestSimulationResultArbitrary = Arbitrary.make(
  CardSimulations.DigitalWalletTokenRequestSimulationResult
)

/** Transactions a card payment posts: a settlement (money out) or a refund (money back). */
export const cardTransactionArbitrary: fc.Arbitrary<Transaction.Transaction> = fc
  .tuple(
    Arbitrary.make(Transaction.Transaction),
    fc.oneof(
      cardSettlementArbitrary.map((settlement): Transaction.TransactionSource => ({
        category: "card_settlement",
        card_settlement: settlement
      })),
      cardRefundArbitrary.map((refund): Transaction.TransactionSource => ({
        category: "card_refund",
        card_refund: refund
      }))
    )
  )
  .map(([transaction, source]) => new Transaction.Transaction({ ...transaction, source }))

/** The event categories the card area emits, with the type of the object each names. */
export const cardEventCategories: ReadonlyArray<readonly [KnownEventCategory, string]> = [
  ["card.created", "card"],
  ["card.updated", "card"],
  ["card_payment.created", "card_payment"],
  ["card_payment.updated", "card_payment"],
  ["declined_transaction.created", "declined_transaction"],
  ["digital_wallet_token.created", "digital_wallet_token"],
  ["digital_wallet_token.updated", "digital_wallet_token"],
  ...RealTimeDecision.Category.literals.map(
    (category) => [RealTimeDecision.eventCategoryOf(category), "real_time_decision"] as const
  )
]

/** Events of the card area. */
export const cardEventArbitrary: fc.Arbitrary<Event> = fc
  .tuple(Arbitrary.make(Event), fc.constantFrom(...cardEventCategories))
  .map(([event, [category, objectType]]) => new Event({ ...event, category, associated_object_type: objectType }))
