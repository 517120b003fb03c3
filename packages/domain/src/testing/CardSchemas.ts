/**
 * Schema-derived arbitraries of the card area: anything the schemas accept
 * (cards, card payments and their elements, authentications, decisions,
 * declined transactions, wallet tokens, simulation bodies and results, card
 * events), for encode/decode round trips.
 */
import { Schema } from "effect"
import * as fc from "fast-check"
import * as Card from "../cards/Card.js"
import * as CardAuthentication from "../cards/CardAuthentication.js"
import * as CardPayment from "../cards/CardPayment.js"
import * as CardPaymentElements from "../cards/CardPaymentElements.js"
import * as CardSimulations from "../cards/CardSimulations.js"
import * as DigitalWalletToken from "../cards/DigitalWalletToken.js"
import * as RealTimeDecision from "../decisions/RealTimeDecision.js"
import { Event } from "../events/Event.js"
import type { KnownEventCategory } from "../events/EventCategory.js"
import * as DeclinedTransaction from "../money/DeclinedTransaction.js"
import * as PendingTransaction from "../money/PendingTransaction.js"
import * as Transaction from "../money/Transaction.js"
import { fromSchema } from "./FromSchema.js"

// ---------------------------------------------------------------------------
// Schema-derived arbitraries: anything the schemas accept
// ---------------------------------------------------------------------------

export const cardArbitrary = fromSchema(Card.Card)
export const createCardArbitrary = fromSchema(Card.CreateCard)
export const updateCardArbitrary = fromSchema(Card.UpdateCard)
export const digitalWalletTokenArbitrary = fromSchema(DigitalWalletToken.DigitalWalletToken)
export const declinedTransactionArbitrary = fromSchema(DeclinedTransaction.DeclinedTransaction)
/**
 * The object of an `other` element: what can arrive is JSON, so JSON objects
 * (any value the schema accepts would not survive the wire).
 */
export const otherElementObjectArbitrary: fc.Arbitrary<CardPaymentElements.Other> = fc.dictionary(
  fc.stringMatching(/^[a-z_]{1,16}$/),
  fc.json().map((text): unknown => JSON.parse(text)),
  { maxKeys: 4 }
)
/** An `other` element, its object drawn as JSON. */
export const otherElementArbitrary: fc.Arbitrary<typeof CardPaymentElements.OtherElement.Type> = fc
  .tuple(fromSchema(CardPaymentElements.OtherElement), otherElementObjectArbitrary)
  .map(([element, other]) => ({ ...element, other }))
/** Elements of every category, an `other` one's object drawn as JSON. */
export const cardPaymentElementArbitrary: fc.Arbitrary<CardPaymentElements.Element> = fc.oneof(
  fromSchema(CardPaymentElements.CardAuthenticationElement),
  fromSchema(CardPaymentElements.CardAuthorizationElement),
  fromSchema(CardPaymentElements.CardAuthorizationExpirationElement),
  fromSchema(CardPaymentElements.CardBalanceInquiryElement),
  fromSchema(CardPaymentElements.CardDeclineElement),
  fromSchema(CardPaymentElements.CardFinancialElement),
  fromSchema(CardPaymentElements.CardFuelConfirmationElement),
  fromSchema(CardPaymentElements.CardIncrementElement),
  fromSchema(CardPaymentElements.CardRefundElement),
  fromSchema(CardPaymentElements.CardReversalElement),
  fromSchema(CardPaymentElements.CardSettlementElement),
  fromSchema(CardPaymentElements.CardValidationElement),
  otherElementArbitrary
)
/** Card payments (their state need not match their elements), an `other` element's object drawn as JSON. */
export const cardPaymentArbitrary: fc.Arbitrary<CardPayment.CardPayment> = fc
  .tuple(fromSchema(CardPayment.CardPayment), fc.array(cardPaymentElementArbitrary, { maxLength: 6 }))
  .map(([cardPayment, elements]) => new CardPayment.CardPayment({ ...cardPayment, elements }))
export const cardAuthorizationArbitrary = fromSchema(CardPaymentElements.CardAuthorization)
export const cardDeclineArbitrary = fromSchema(CardPaymentElements.CardDecline)
export const cardSettlementArbitrary = fromSchema(CardPaymentElements.CardSettlement)
export const cardRefundArbitrary = fromSchema(CardPaymentElements.CardRefund)
export const cardAuthenticationArbitrary = fromSchema(CardAuthentication.CardAuthentication)
/** Any decision the schema accepts (details need not match the category): for round trips. */
export const anyRealTimeDecisionArbitrary = fromSchema(RealTimeDecision.RealTimeDecision)
/** Any body the action schema accepts (not necessarily one a given decision accepts). */
export const realTimeDecisionActionArbitrary = fromSchema(RealTimeDecision.RealTimeDecisionAction)

export const simulateCardAuthorizationArbitrary = fromSchema(CardSimulations.SimulateCardAuthorization)
export const simulateCardAuthorizationExpirationArbitrary = fromSchema(
  CardSimulations.SimulateCardAuthorizationExpiration
)
export const simulateCardSettlementArbitrary = fromSchema(CardSimulations.SimulateCardSettlement)
export const simulateCardReversalArbitrary = fromSchema(CardSimulations.SimulateCardReversal)
export const simulateCardIncrementArbitrary = fromSchema(CardSimulations.SimulateCardIncrement)
export const simulateCardRefundArbitrary = fromSchema(CardSimulations.SimulateCardRefund)
export const simulateCardFuelConfirmationArbitrary = fromSchema(CardSimulations.SimulateCardFuelConfirmation)
export const simulateCardBalanceInquiryArbitrary = fromSchema(CardSimulations.SimulateCardBalanceInquiry)
export const simulateCardAuthenticationArbitrary = fromSchema(CardSimulations.SimulateCardAuthentication)
export const simulateCardAuthenticationChallengeAttemptArbitrary = fromSchema(
  CardSimulations.SimulateCardAuthenticationChallengeAttempt
)
export const simulateDigitalWalletTokenRequestArbitrary = fromSchema(
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
  fc.tuple(fromSchema(PendingTransaction.PendingTransaction), cardAuthorizationArbitrary).map(
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
export const digitalWalletTokenRequestSimulationResultArbitrary = fromSchema(
  CardSimulations.DigitalWalletTokenRequestSimulationResult
)

/** Transactions a card payment posts: a settlement (money out) or a refund (money back). */
export const cardTransactionArbitrary: fc.Arbitrary<Transaction.Transaction> = fc
  .tuple(
    fromSchema(Transaction.Transaction),
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
  .tuple(fromSchema(Event), fc.constantFrom(...cardEventCategories))
  .map(([event, [category, objectType]]) => new Event({ ...event, category, associated_object_type: objectType }))
