/**
 * fast-check arbitraries for the card area (cards, card payments and their
 * elements, card authentications, real-time decisions, declined transactions,
 * digital wallet tokens, the card simulations' bodies and results, the card
 * events), and `fc.commands` generators for its state machines.
 *
 * Two kinds of arbitraries: `Arbitrary.make(schema)` ones produce anything the
 * schema accepts (for encode/decode round trips); the hand-written ones
 * produce objects that are also consistent with the business rules (a pending
 * decision with only its category's detail, answers its validation accepts,
 * elements linked to their payment) so that state machines can be driven.
 *
 * The commands check their own expectations and throw when one fails, so a
 * test only has to run them (`fc.modelRun(scenario.setup, scenario.commands)`).
 */
import { Arbitrary, DateTime, Either, FastCheck as fc, Schema } from "effect"
import * as Card from "../Card.js"
import * as CardAuthentication from "../CardAuthentication.js"
import { AuthorizationDeclineReason } from "../CardNetwork.js"
import * as CardPayment from "../CardPayment.js"
import * as CardPaymentElements from "../CardPaymentElements.js"
import * as CardSimulations from "../CardSimulations.js"
import * as DeclinedTransaction from "../DeclinedTransaction.js"
import * as DigitalWalletToken from "../DigitalWalletToken.js"
import { InvalidOperationError, InvalidParametersError } from "../Errors.js"
import { Event } from "../Event.js"
import type { KnownEventCategory } from "../EventCategory.js"
import * as Ids from "../Ids.js"
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
export const cardAuthorizationSimulationResultArbitrary: fc.Arbitrary<CardSimulations.CardAuthorizationSimulationResult> =
  fc.oneof(
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
      cardRefundArbitrary.map((refund): Transaction.TransactionSource => ({ category: "card_refund", card_refund: refund }))
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
  .map(([event, [category, objectType]]) =>
    new Event({ ...event, category, associated_object_type: objectType })
  )

// ---------------------------------------------------------------------------
// Building blocks of the consistent arbitraries
// ---------------------------------------------------------------------------

/** Instants in a plausible window, so that adding a decision window never overflows. */
export const instantArbitrary: fc.Arbitrary<DateTime.Utc> = fc
  .date({ min: new Date("2020-01-01T00:00:00.000Z"), max: new Date("2035-01-01T00:00:00.000Z"), noInvalidDate: true })
  .map((date) => DateTime.unsafeFromDate(date))

const emailArbitrary = fc.stringMatching(/^[a-z]{1,12}@example\.com$/)
const phoneArbitrary = fc.stringMatching(/^\+1\d{10}$/)

/** Checks an expectation of a command; fast-check reports the throw with the command history. */
const ensure = (condition: boolean, message: string): void => {
  if (!condition) throw new Error(message)
}

const leftOf = <R, L>(either: Either.Either<R, L>): L | undefined => (Either.isLeft(either) ? either.left : undefined)

// ---------------------------------------------------------------------------
// Real-time decisions
// ---------------------------------------------------------------------------

/** A card authorization request with a settlement amount small enough for partial approvals to matter. */
const cardAuthorizationDetailArbitrary = fc
  .tuple(Arbitrary.make(RealTimeDecision.CardAuthorizationDetail), fc.integer({ min: 1, max: 100_000 }))
  .map(([detail, settlementAmount]): RealTimeDecision.CardAuthorizationDetail => ({
    ...detail,
    settlement_amount: settlementAmount,
    decision: null,
    approval: null,
    decline: null
  }))

/** What a new decision asks, with its answer fields still null. */
export const realTimeDecisionRequestArbitrary: fc.Arbitrary<RealTimeDecision.Request> = fc.oneof(
  cardAuthorizationDetailArbitrary.map((detail) => ({
    category: "card_authorization_requested" as const,
    card_authorization: detail
  })),
  Arbitrary.make(RealTimeDecision.CardBalanceInquiryDetail).map((detail) => ({
    category: "card_balance_inquiry_requested" as const,
    card_balance_inquiry: { ...detail, decision: null, approval: null }
  })),
  Arbitrary.make(RealTimeDecision.CardAuthenticationDetail).map((detail) => ({
    category: "card_authentication_requested" as const,
    card_authentication: { ...detail, decision: null }
  })),
  Arbitrary.make(RealTimeDecision.CardAuthenticationChallengeDetail).map((detail) => ({
    category: "card_authentication_challenge_requested" as const,
    card_authentication_challenge: { ...detail, result: null }
  })),
  Arbitrary.make(RealTimeDecision.DigitalWalletTokenDetail).map((detail) => ({
    category: "digital_wallet_token_requested" as const,
    digital_wallet_token: { ...detail, decision: null }
  })),
  Arbitrary.make(RealTimeDecision.DigitalWalletAuthenticationDetail).map((detail) => ({
    category: "digital_wallet_authentication_requested" as const,
    digital_wallet_authentication: { ...detail, result: null }
  }))
)

/** A decision as the service creates it: pending, its category's detail only, `timeout_at` after its window. */
export const pendingRealTimeDecisionArbitrary: fc.Arbitrary<RealTimeDecision.RealTimeDecision> = fc
  .tuple(Arbitrary.make(Ids.RealTimeDecisionId), instantArbitrary, realTimeDecisionRequestArbitrary)
  .map(([id, createdAt, request]) =>
    RealTimeDecision.create(
      {
        id,
        created_at: createdAt,
        timeout_at: DateTime.addDuration(createdAt, RealTimeDecision.defaultTimeoutWindows[request.category])
      },
      request
    ).next
  )

/** Decisions in every status, consistent with their category. */
export const realTimeDecisionArbitrary: fc.Arbitrary<RealTimeDecision.RealTimeDecision> = fc
  .tuple(pendingRealTimeDecisionArbitrary, RealTimeDecision.Status.pipe(Arbitrary.make))
  .map(([decision, status]) => new RealTimeDecision.RealTimeDecision({ ...decision, status }))

const contactArbitrary = fc.record({ email: emailArbitrary, phone: phoneArbitrary }, { requiredKeys: [] })

/** An answer `validateAction` accepts for this decision. */
export const realTimeDecisionAnswerArbitrary = (
  decision: RealTimeDecision.RealTimeDecision
): fc.Arbitrary<RealTimeDecision.RealTimeDecisionAction> => {
  switch (decision.category) {
    case "card_authorization_requested": {
      const detail = decision.card_authorization
      const addressVerification = fc.record({
        line1: fc.constantFrom("match" as const, "no_match" as const),
        postal_code: fc.constantFrom("match" as const, "no_match" as const)
      })
      // a partial amount only where the merchant supports it, and no more than requested
      const partialAmount = detail !== null && detail.partial_approval_capability === "supported"
        ? fc.integer({ min: 1, max: Math.max(1, detail.settlement_amount) })
        : fc.constant(undefined)
      const approval = fc.tuple(fc.option(addressVerification, { nil: undefined }), partialAmount).map(
        ([verification, amount]) => ({
          ...(verification === undefined ? {} : { cardholder_address_verification_result: verification }),
          ...(amount === undefined ? {} : { partial_amount: amount })
        })
      )
      return fc.oneof(
        fc.record({ decision: fc.constant("approve" as const), approval }, { requiredKeys: ["decision"] }),
        fc.record(
          {
            decision: fc.constant("decline" as const),
            decline: fc.record({ reason: Arbitrary.make(AuthorizationDeclineReason) })
          },
          { requiredKeys: ["decision"] }
        )
      ).map((answer) => ({ card_authorization: answer }))
    }
    case "card_balance_inquiry_requested":
      return fc.oneof(
        fc.record(
          { decision: fc.constant("approve" as const), approval: fc.record({ balance: fc.integer({ min: 0, max: 1_000_000 }) }) },
          { requiredKeys: ["decision"] }
        ),
        fc.record({ decision: fc.constant("decline" as const) })
      ).map((answer) => ({ card_balance_inquiry: answer }))
    case "card_authentication_requested":
      return CardAuthentication.Decision.pipe(Arbitrary.make).map((answer) => ({
        card_authentication: { decision: answer }
      }))
    case "card_authentication_challenge_requested":
      return fc.oneof(
        fc.record({ result: fc.constant("success" as const), success: contactArbitrary }, { requiredKeys: ["result"] }),
        fc.record({ result: fc.constant("failure" as const) })
      ).map((answer) => ({ card_authentication_challenge: answer }))
    case "digital_wallet_authentication_requested":
      return fc.oneof(
        fc.record(
          {
            result: fc.constant("success" as const),
            success: fc.oneof(emailArbitrary.map((email) => ({ email })), phoneArbitrary.map((phone) => ({ phone })))
          },
          { requiredKeys: ["result"] }
        ),
        fc.record({ result: fc.constant("failure" as const) })
      ).map((answer) => ({ digital_wallet_authentication: answer }))
    case "digital_wallet_token_requested":
      return fc.oneof(
        fc.record({ approval: contactArbitrary }),
        fc.record({ decline: fc.record({ reason: fc.constantFrom("suspicious device", "cardholder asked") }, { requiredKeys: [] }) })
      ).map((answer) => ({ digital_wallet_token: answer }))
  }
}

/** An answer that names another category than the decision's: `validateAction` refuses it. */
export const wrongCategoryAnswerArbitrary = (
  decision: RealTimeDecision.RealTimeDecision
): fc.Arbitrary<{ readonly action: RealTimeDecision.RealTimeDecisionAction; readonly field: RealTimeDecision.DetailField }> =>
  fc
    .constantFrom(...RealTimeDecision.Category.literals.filter((category) => category !== decision.category))
    .chain((category) =>
      realTimeDecisionAnswerArbitrary(
        // a stand-in decision of the other category, only to draw an answer for it
        new RealTimeDecision.RealTimeDecision({ ...decision, category })
      ).map((action) => ({ action, field: RealTimeDecision.detailFieldOf[category] }))
    )

/**
 * An action body breaking one rule, with the dotted path of the offending
 * field the decode error must name. Decode with `onExcessProperty: "error"`
 * (unknown fields are refused, decisions.md k).
 */
export const invalidRealTimeDecisionActionArbitrary: fc.Arbitrary<{ readonly body: unknown; readonly field: string }> =
  fc.oneof(
    fc.string().filter((value) => value !== "approve" && value !== "decline").map((decision) => ({
      body: { card_authorization: { decision } },
      field: "card_authorization.decision"
    })),
    fc.constant({ body: { card_authorization: {} }, field: "card_authorization.decision" }),
    fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 0.1, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)), fc.string())
      .map((partialAmount) => ({
        body: { card_authorization: { decision: "approve", approval: { partial_amount: partialAmount } } },
        field: "card_authorization.approval.partial_amount"
      })),
    fc.string().filter((reason) => !RealTimeDecision.CardAuthorizationAction.pipe(Schema.is)({ decision: "decline", decline: { reason } }))
      .map((reason) => ({
        body: { card_authorization: { decision: "decline", decline: { reason } } },
        field: "card_authorization.decline.reason"
      })),
    fc.constant({
      body: { card_authorization: { decision: "decline", approval: {} } },
      field: "card_authorization.approval"
    }),
    fc.constant({
      body: { card_authorization: { decision: "approve", decline: { reason: "other" } } },
      field: "card_authorization.decline"
    }),
    fc.string().filter((value) => value !== "match" && value !== "no_match").map((line1) => ({
      body: {
        card_authorization: {
          decision: "approve",
          approval: { cardholder_address_verification_result: { line1, postal_code: "match" } }
        }
      },
      field: "card_authorization.approval.cardholder_address_verification_result.line1"
    })),
    fc.oneof(fc.constant({}), fc.record({ email: emailArbitrary, phone: phoneArbitrary })).map((success) => ({
      body: { digital_wallet_authentication: { result: "success", success } },
      field: "digital_wallet_authentication.success"
    })),
    fc.constant({
      body: { digital_wallet_authentication: { result: "failure", success: { email: "pat@example.com" } } },
      field: "digital_wallet_authentication.success"
    }),
    fc.string().filter((value) => value !== "success" && value !== "failure").map((result) => ({
      body: { digital_wallet_authentication: { result } },
      field: "digital_wallet_authentication.result"
    })),
    fc.string().filter((value) => !["approve", "challenge", "deny"].includes(value)).map((decision) => ({
      body: { card_authentication: { decision } },
      field: "card_authentication.decision"
    })),
    fc.string().filter((value) => value !== "success" && value !== "failure").map((result) => ({
      body: { card_authentication_challenge: { result } },
      field: "card_authentication_challenge.result"
    })),
    fc.oneof(fc.double({ noNaN: true }).filter((value) => !Number.isInteger(value)), fc.string(), fc.constant(null))
      .map((balance) => ({
        body: { card_balance_inquiry: { decision: "approve", approval: { balance } } },
        field: "card_balance_inquiry.approval.balance"
      })),
    fc.oneof(
      fc.constant({}),
      fc.constant({ approval: {}, decline: {} })
    ).map((answer) => ({ body: { digital_wallet_token: answer }, field: "digital_wallet_token" })),
    fc.constant({ body: { digital_wallet_token: { approval: { email: "" } } }, field: "digital_wallet_token.approval.email" }),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer())).map((notAnObject) => ({
      body: { card_authorization: notAnObject },
      field: "card_authorization"
    })),
    fc.stringMatching(/^[a-z_]{1,20}$/)
      .filter((name) => !RealTimeDecision.detailFields.some((field) => field === name))
      .map((name) => ({ body: { card_authentication: { decision: "approve" }, [name]: {} }, field: name }))
  )

export interface RealTimeDecisionModel {
  status: RealTimeDecision.Status
  /** The test clock, in epoch milliseconds. */
  now: number
  readonly timeoutAt: number
}

export interface RealTimeDecisionReal {
  decision: RealTimeDecision.RealTimeDecision
}

type RealTimeDecisionCommand = fc.Command<RealTimeDecisionModel, RealTimeDecisionReal>

/** The wire form of a decision, to check that a refused command did not alter it in place. */
const wireForm = (decision: RealTimeDecision.RealTimeDecision): string =>
  JSON.stringify(Schema.encodeSync(RealTimeDecision.RealTimeDecision)(decision))

/** The detail field a responded decision has filled in. */
const answerWritten = (decision: RealTimeDecision.RealTimeDecision): boolean => {
  switch (decision.category) {
    case "card_authorization_requested": {
      const detail = decision.card_authorization
      return detail !== null && detail.decision !== null &&
        (detail.approval !== null) === (detail.decision === "approve") &&
        (detail.decline !== null) === (detail.decision === "decline")
    }
    case "card_balance_inquiry_requested":
      return decision.card_balance_inquiry?.decision != null
    case "card_authentication_requested":
      return decision.card_authentication?.decision != null
    case "card_authentication_challenge_requested":
      return decision.card_authentication_challenge?.result != null
    case "digital_wallet_authentication_requested":
      return decision.digital_wallet_authentication?.result != null
    case "digital_wallet_token_requested":
      return decision.digital_wallet_token?.decision != null
  }
}

const waitCommand = (milliseconds: number): RealTimeDecisionCommand => ({
  check: () => true,
  run: (model) => {
    model.now += milliseconds
  },
  toString: () => `Wait(${milliseconds} ms)`
})

/** Moves the clock to just before the window closes (`offset` −1) or exactly onto its end (0): the boundaries. */
const waitUntilTimeoutCommand = (offset: -1 | 0): RealTimeDecisionCommand => ({
  check: (model) => model.now <= model.timeoutAt + offset,
  run: (model) => {
    model.now = model.timeoutAt + offset
  },
  toString: () => (offset === 0 ? "WaitUntil(timeout_at)" : "WaitUntil(timeout_at − 1 ms)")
})

const respondCommand = (action: RealTimeDecision.RealTimeDecisionAction): RealTimeDecisionCommand => ({
  check: () => true,
  run: (model, real) => {
    const before = real.decision
    const beforeOnTheWire = wireForm(before)
    const result = RealTimeDecision.respond(before, action, DateTime.unsafeMake(model.now))
    const shouldAccept = model.status === "pending" && model.now < model.timeoutAt
    if (Either.isRight(result)) {
      ensure(shouldAccept, `an answer was accepted in status ${model.status} at ${model.now} (timeout ${model.timeoutAt})`)
      const { next, events } = result.right
      ensure(next.status === "responded", `answering led to ${next.status}`)
      ensure(events.length === 0, "answering emitted events of its own")
      ensure(answerWritten(next), "the answer was not written into the detail object")
      real.decision = next
      model.status = "responded"
    } else {
      ensure(!shouldAccept, `a valid answer to a pending decision was refused: ${result.left.message}`)
      ensure(result.left instanceof InvalidOperationError, "a refused answer is not an InvalidOperationError")
      ensure(wireForm(before) === beforeOnTheWire, "a refused answer altered the decision")
    }
  },
  toString: () => `Respond(${JSON.stringify(action)})`
})

const respondWrongCategoryCommand = (
  action: RealTimeDecision.RealTimeDecisionAction,
  field: string
): RealTimeDecisionCommand => ({
  check: () => true,
  run: (model, real) => {
    const result = RealTimeDecision.respond(real.decision, action, DateTime.unsafeMake(model.now))
    const error = leftOf(result)
    ensure(error instanceof InvalidParametersError, "an answer of another category was not refused as invalid parameters")
    ensure(
      error instanceof InvalidParametersError && error.errors.some((fieldError) => fieldError.field === field),
      `the refusal does not name ${field}`
    )
  },
  toString: () => `RespondWithAnotherCategory(${JSON.stringify(action)})`
})

const timeOutCommand: RealTimeDecisionCommand = {
  check: () => true,
  run: (model, real) => {
    const before = real.decision
    const beforeOnTheWire = wireForm(before)
    const result = RealTimeDecision.transition(before, { _tag: "TimeOut", at: DateTime.unsafeMake(model.now) })
    const shouldAccept = model.status === "pending" && model.now >= model.timeoutAt
    if (Either.isRight(result)) {
      ensure(shouldAccept, `timed out in status ${model.status} at ${model.now} (timeout ${model.timeoutAt})`)
      ensure(result.right.next.status === "timed_out", `timing out led to ${result.right.next.status}`)
      ensure(result.right.events.length === 0, "timing out emitted events of its own")
      ensure(!answerWritten(result.right.next), "a timed out decision carries an answer")
      real.decision = result.right.next
      model.status = "timed_out"
    } else {
      ensure(!shouldAccept, "a due pending decision could not time out")
      ensure(wireForm(before) === beforeOnTheWire, "a refused time out altered the decision")
    }
  },
  toString: () => "TimeOut"
}

export interface RealTimeDecisionScenario {
  readonly decision: RealTimeDecision.RealTimeDecision
  readonly setup: () => { model: RealTimeDecisionModel; real: RealTimeDecisionReal }
  readonly commands: Iterable<RealTimeDecisionCommand>
}

/**
 * A pending decision and a run of commands against it: waits, valid answers,
 * answers of other categories and time outs, each checking the model
 * (pending → responded | timed_out, both final; no events of their own).
 */
export const realTimeDecisionScenarioArbitrary: fc.Arbitrary<RealTimeDecisionScenario> =
  pendingRealTimeDecisionArbitrary.chain((decision) =>
    fc
      .commands(
        [
          fc.integer({ min: 0, max: 2_500 }).map(waitCommand),
          fc.constantFrom(waitUntilTimeoutCommand(-1), waitUntilTimeoutCommand(0)),
          realTimeDecisionAnswerArbitrary(decision).map(respondCommand),
          wrongCategoryAnswerArbitrary(decision).map(({ action, field }) => respondWrongCategoryCommand(action, field)),
          fc.constant(timeOutCommand)
        ],
        { maxCommands: 30 }
      )
      .map((commands) => ({
        decision,
        setup: () => ({
          model: {
            status: decision.status,
            now: decision.created_at.epochMillis,
            timeoutAt: decision.timeout_at.epochMillis
          },
          real: { decision }
        }),
        commands
      }))
  )

// ---------------------------------------------------------------------------
// Card authentications
// ---------------------------------------------------------------------------

/** An authentication just after its decision: denied, authenticated without challenge, or awaiting one. */
export const decidedCardAuthenticationArbitrary: fc.Arbitrary<CardAuthentication.CardAuthentication> = fc
  .tuple(
    cardAuthenticationArbitrary,
    fc.constantFrom("approve" as const, "challenge" as const, "challenge" as const, "deny" as const, "timed_out" as const)
  )
  .map(([authentication, decision]) =>
    new CardAuthentication.CardAuthentication({
      ...authentication,
      ...CardAuthentication.statusAfterDecision(decision),
      challenge: null
    })
  )

export interface CardAuthenticationModel {
  status: CardAuthentication.Status
  /** The code of the started challenge, if one was started. */
  code: string | undefined
  attempts: Array<"successful" | "failed">
}

export interface CardAuthenticationReal {
  authentication: CardAuthentication.CardAuthentication
}

type CardAuthenticationCommandUnderTest = fc.Command<CardAuthenticationModel, CardAuthenticationReal>

/** The graph of `CardAuthentication.ts`, written again as the model's expectation. */
const expectedAuthenticationMove = (
  model: CardAuthenticationModel,
  command: CardAuthentication.Command
): CardAuthentication.Status | undefined => {
  switch (command._tag) {
    case "StartChallenge":
      return model.status === "awaiting_challenge" && model.code === undefined ? "awaiting_challenge" : undefined
    case "SubmitChallengeAttempt":
      return model.status === "awaiting_challenge" && model.code !== undefined ? "validating_challenge" : undefined
    case "CompleteValidation": {
      if (model.status !== "validating_challenge") return undefined
      if (model.attempts[model.attempts.length - 1] === "successful") return "authenticated_with_challenge"
      const failed = model.attempts.filter((outcome) => outcome === "failed").length
      return failed >= CardAuthentication.maximumFailedAttempts ? "exceeded_attempt_threshold" : "awaiting_challenge"
    }
    case "Cancel":
      return model.status === "awaiting_challenge" ? "canceled" : undefined
    case "Expire":
      return model.status === "awaiting_challenge" ? "timed_out_awaiting_challenge" : undefined
    case "Fail":
      return model.status === "awaiting_challenge" || model.status === "validating_challenge" ? "errored" : undefined
  }
}

const authenticationCommand = (
  describe: string,
  commandFor: (model: CardAuthenticationModel) => CardAuthentication.Command
): CardAuthenticationCommandUnderTest => ({
  check: () => true,
  run: (model, real) => {
    const command = commandFor(model)
    const before = real.authentication
    const expected = expectedAuthenticationMove(model, command)
    const result = CardAuthentication.transition(before, command)
    if (Either.isLeft(result)) {
      ensure(expected === undefined, `${describe} was refused in ${model.status}: ${result.left.detail}`)
      return
    }
    const { next, events } = result.right
    ensure(expected !== undefined, `${describe} was accepted in ${model.status}`)
    ensure(!CardAuthentication.isTerminal(model.status), `a terminal status (${model.status}) was left`)
    ensure(next.status === expected, `${describe} led to ${next.status}, expected ${expected}`)
    ensure(
      events.length === 1 && events[0]?.category === "card_payment.updated" &&
        events[0].associatedObjectId === before.card_payment_id,
      `${describe} did not emit exactly one card_payment.updated`
    )
    if (command._tag === "StartChallenge") model.code = command.one_time_code
    if (command._tag === "SubmitChallengeAttempt") {
      model.attempts.push(command.one_time_code === model.code ? "successful" : "failed")
      ensure(
        next.challenge?.attempts.length === model.attempts.length,
        "the attempt was not recorded on the challenge"
      )
    }
    model.status = next.status
    real.authentication = next
  },
  toString: () => describe
})

export interface CardAuthenticationScenario {
  readonly authentication: CardAuthentication.CardAuthentication
  readonly setup: () => { model: CardAuthenticationModel; real: CardAuthenticationReal }
  readonly commands: Iterable<CardAuthenticationCommandUnderTest>
}

const oneTimeCodeArbitrary = fc.stringMatching(/^\d{6}$/)

/** A decided authentication and a run of commands through the status graph, each checked against the model. */
export const cardAuthenticationScenarioArbitrary: fc.Arbitrary<CardAuthenticationScenario> = (() => {
  const start = fc
    .tuple(oneTimeCodeArbitrary, CardAuthentication.VerificationMethod.pipe(Arbitrary.make), instantArbitrary)
    .map(([code, method, at]) =>
      authenticationCommand(`StartChallenge(${code})`, () => ({
        _tag: "StartChallenge",
        at,
        one_time_code: code,
        verification_method: method,
        verification_value: method === "none_available" ? null : "pat@example.com",
        real_time_decision_id: null
      }))
    )
  // mostly wrong codes, so that runs reach the attempt threshold as well as success
  const correctness = fc.oneof({ arbitrary: fc.constant(true), weight: 1 }, { arbitrary: fc.constant(false), weight: 3 })
  const submit = fc.tuple(correctness, oneTimeCodeArbitrary, instantArbitrary).map(([correct, wrongCode, at]) =>
    authenticationCommand(`SubmitChallengeAttempt(${correct ? "right code" : wrongCode})`, (model) => ({
      _tag: "SubmitChallengeAttempt",
      at,
      // a "wrong" code that happens to be the right one is still a fair attempt: the model computes the outcome
      one_time_code: correct ? model.code ?? wrongCode : wrongCode
    }))
  )
  const validate = fc.constant(authenticationCommand("CompleteValidation", () => ({ _tag: "CompleteValidation" })))
  return fc
    .tuple(
      // mostly challenged: the graph beyond the decision starts at awaiting_challenge
      fc.oneof(
        { arbitrary: decidedCardAuthenticationArbitrary, weight: 1 },
        { arbitrary: decidedCardAuthenticationArbitrary.filter(({ status }) => status === "awaiting_challenge"), weight: 3 }
      ),
      fc.commands(
        [
          // weighed: the ways out (cancel, expire, fail) would otherwise end most runs before the attempt
          // threshold is reached
          fc.oneof(
            { arbitrary: start, weight: 2 },
            { arbitrary: submit, weight: 4 },
            { arbitrary: validate, weight: 4 },
            {
              arbitrary: fc.constantFrom(
                authenticationCommand("Cancel", () => ({ _tag: "Cancel" })),
                authenticationCommand("Expire", () => ({ _tag: "Expire" })),
                authenticationCommand("Fail", () => ({ _tag: "Fail" }))
              ),
              weight: 1
            }
          )
        ],
        { maxCommands: 40, size: "medium" }
      )
    )
    .map(([authentication, commands]) => ({
      authentication,
      setup: () => ({
        model: { status: authentication.status, code: undefined, attempts: [] },
        real: { authentication }
      }),
      commands
    }))
})()

// ---------------------------------------------------------------------------
// Card payments
// ---------------------------------------------------------------------------

/**
 * An element to add to a payment, before it is linked to it: `shapeElement`
 * sets its amount and, when `linked`, the ids that tie it to the payment
 * (unlinked elements name other objects and must be refused when they act on
 * an authorization).
 */
export interface CardPaymentElementDraft {
  readonly template: CardPaymentElements.Element
  readonly amount: number
  readonly direction: "settlement" | "refund"
  readonly linked: boolean
}

const elementTemplateArbitrary: fc.Arbitrary<CardPaymentElements.Element> = fc.oneof(
  { arbitrary: Arbitrary.make(CardPaymentElements.CardAuthorizationElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardIncrementElement), weight: 3 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardReversalElement), weight: 3 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardSettlementElement), weight: 3 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardRefundElement), weight: 2 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardFuelConfirmationElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardAuthorizationExpirationElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardDeclineElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardAuthenticationElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardBalanceInquiryElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardFinancialElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.CardValidationElement), weight: 1 },
  { arbitrary: Arbitrary.make(CardPaymentElements.OtherElement), weight: 1 }
)

const draftOf = (template: fc.Arbitrary<CardPaymentElements.Element>, amount: fc.Arbitrary<number>) =>
  fc.record({
    template,
    // now and then a non-positive amount, which must be refused
    amount: fc.oneof({ arbitrary: amount, weight: 9 }, { arbitrary: fc.integer({ min: -100, max: 0 }), weight: 1 }),
    direction: fc.constantFrom("settlement" as const, "settlement" as const, "settlement" as const, "refund" as const),
    linked: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 })
  })

/** Authorizations larger than the other amounts, so that increments, reversals and settlements often fit. */
const authorizationDraftArbitrary = draftOf(
  Arbitrary.make(CardPaymentElements.CardAuthorizationElement),
  fc.integer({ min: 1_000, max: 10_000 })
)

export const cardPaymentElementDraftArbitrary: fc.Arbitrary<CardPaymentElementDraft> = fc.oneof(
  { arbitrary: authorizationDraftArbitrary, weight: 1 },
  { arbitrary: draftOf(elementTemplateArbitrary, fc.integer({ min: 1, max: 3_000 })), weight: 5 }
)

/** The elements of a payment's life: usually an authorization first, then anything. */
export const cardPaymentElementDraftsArbitrary: fc.Arbitrary<ReadonlyArray<CardPaymentElementDraft>> = fc
  .tuple(
    fc.option(authorizationDraftArbitrary, { freq: 5, nil: undefined }),
    fc.array(cardPaymentElementDraftArbitrary, { maxLength: 25 })
  )
  .map(([first, rest]) => (first === undefined ? rest : [first, ...rest]))

/** The element of a draft, with its amount and its links to the payment. */
export const shapeElement = (draft: CardPaymentElementDraft, cardPayment: CardPayment.CardPayment): CardPaymentElements.Element => {
  const { template, amount, linked } = draft
  const authorizationId = CardPayment.authorizationOf(cardPayment)?.id
  const paymentId = (own: Ids.CardPaymentId) => (linked ? cardPayment.id : own)
  const authorizationOf = (own: Ids.CardAuthorizationId) => (linked ? authorizationId ?? own : own)
  switch (template.category) {
    case "card_authorization":
      return {
        ...template,
        card_authorization: new CardPaymentElements.CardAuthorization({
          ...template.card_authorization,
          amount,
          direction: draft.direction,
          card_payment_id: paymentId(template.card_authorization.card_payment_id)
        })
      }
    case "card_increment":
      return {
        ...template,
        card_increment: new CardPaymentElements.CardIncrement({
          ...template.card_increment,
          amount,
          card_authorization_id: authorizationOf(template.card_increment.card_authorization_id)
        })
      }
    case "card_reversal":
      return {
        ...template,
        card_reversal: new CardPaymentElements.CardReversal({
          ...template.card_reversal,
          reversal_amount: amount,
          card_authorization_id: authorizationOf(template.card_reversal.card_authorization_id)
        })
      }
    case "card_settlement":
      return {
        ...template,
        card_settlement: new CardPaymentElements.CardSettlement({
          ...template.card_settlement,
          amount,
          card_payment_id: paymentId(template.card_settlement.card_payment_id),
          card_authorization: linked ? authorizationId ?? null : template.card_settlement.card_authorization
        })
      }
    case "card_refund":
      return {
        ...template,
        card_refund: new CardPaymentElements.CardRefund({
          ...template.card_refund,
          amount,
          card_payment_id: paymentId(template.card_refund.card_payment_id)
        })
      }
    case "card_fuel_confirmation":
      return {
        ...template,
        card_fuel_confirmation: new CardPaymentElements.CardFuelConfirmation({
          ...template.card_fuel_confirmation,
          updated_authorization_amount: amount,
          card_authorization_id: authorizationOf(template.card_fuel_confirmation.card_authorization_id)
        })
      }
    case "card_authorization_expiration":
      return {
        ...template,
        card_authorization_expiration: new CardPaymentElements.CardAuthorizationExpiration({
          ...template.card_authorization_expiration,
          card_authorization_id: authorizationOf(template.card_authorization_expiration.card_authorization_id)
        })
      }
    case "card_decline":
      return {
        ...template,
        card_decline: new CardPaymentElements.CardDecline({
          ...template.card_decline,
          amount,
          card_payment_id: paymentId(template.card_decline.card_payment_id)
        })
      }
    case "card_authentication":
      return {
        ...template,
        card_authentication: new CardAuthentication.CardAuthentication({
          ...template.card_authentication,
          card_payment_id: paymentId(template.card_authentication.card_payment_id)
        })
      }
    case "card_balance_inquiry":
      return {
        ...template,
        card_balance_inquiry: new CardPaymentElements.CardBalanceInquiry({
          ...template.card_balance_inquiry,
          card_payment_id: paymentId(template.card_balance_inquiry.card_payment_id)
        })
      }
    case "card_financial":
      return {
        ...template,
        card_financial: new CardPaymentElements.CardFinancial({
          ...template.card_financial,
          card_payment_id: paymentId(template.card_financial.card_payment_id)
        })
      }
    case "card_validation":
      return {
        ...template,
        card_validation: new CardPaymentElements.CardValidation({
          ...template.card_validation,
          card_payment_id: paymentId(template.card_validation.card_payment_id)
        })
      }
    case "other":
      return template
  }
}

/**
 * What an element adds to the state, by decisions.md j, written again here as
 * the model: the state field it adds to and the amount.
 */
export const contributionOf = (
  element: CardPaymentElements.Element
): { readonly field: keyof CardPayment.State; readonly amount: number } | undefined => {
  switch (element.category) {
    case "card_authorization":
      return element.card_authorization.direction === "settlement"
        ? { field: "authorized_amount", amount: element.card_authorization.amount }
        : { field: "refund_authorized_amount", amount: element.card_authorization.amount }
    case "card_increment":
      return { field: "incremented_amount", amount: element.card_increment.amount }
    case "card_reversal":
      return { field: "reversed_amount", amount: element.card_reversal.reversal_amount }
    case "card_settlement":
      return { field: "settled_amount", amount: element.card_settlement.amount }
    case "card_refund":
      return { field: "refunded_amount", amount: element.card_refund.amount }
    case "card_fuel_confirmation":
      return { field: "fuel_confirmed_amount", amount: element.card_fuel_confirmation.updated_authorization_amount }
    default:
      return undefined
  }
}

/** The sums of the elements' amounts, per state field: what `state` must always equal. */
export const totalsOf = (elements: ReadonlyArray<CardPaymentElements.Element>): CardPayment.State => {
  const totals = { ...CardPayment.emptyState }
  for (const element of elements) {
    const contribution = contributionOf(element)
    if (contribution !== undefined) totals[contribution.field] += contribution.amount
  }
  return totals
}

/** A card payment with no elements yet, to add drafts to. */
export const emptyCardPaymentArbitrary: fc.Arbitrary<CardPayment.CardPayment> = cardPaymentArbitrary.map(
  (cardPayment) => new CardPayment.CardPayment({ ...cardPayment, elements: [], state: CardPayment.emptyState })
)

export interface CardPaymentModel {
  /** The sums of the amounts of the accepted elements. */
  totals: CardPayment.State
}

export interface CardPaymentReal {
  cardPayment: CardPayment.CardPayment
}

const sameState = Schema.equivalence(CardPayment.State)

const addElementCommand = (draft: CardPaymentElementDraft): fc.Command<CardPaymentModel, CardPaymentReal> => ({
  check: () => true,
  run: (model, real) => {
    const before = real.cardPayment
    const element = shapeElement(draft, before)
    const outstandingBefore = CardPayment.outstandingAuthorization(before)
    const authorization = CardPayment.authorizationOf(before)
    const result = CardPayment.applyElement(before, element)
    const category = element.category
    const amount = contributionOf(element)?.amount ?? 0
    // what must be refused whatever else holds
    const mustRefuse = (category === "card_reversal" && amount > outstandingBefore) ||
      (category === "card_settlement" && element.card_settlement.card_authorization !== null &&
        amount > outstandingBefore) ||
      (category === "card_authorization" && authorization !== undefined) ||
      (category === "card_fuel_confirmation" &&
        before.elements.some((existing) => existing.category === "card_fuel_confirmation")) ||
      (category === "card_authorization_expiration" && CardPayment.hasExpired(before)) ||
      (contributionOf(element) !== undefined && category !== "card_fuel_confirmation" && amount <= 0)
    if (Either.isLeft(result)) {
      ensure(result.left instanceof InvalidOperationError, "a refusal is not an InvalidOperationError")
      return
    }
    ensure(!mustRefuse, `${category} of ${amount} was accepted with ${outstandingBefore} outstanding`)
    const { next, events } = result.right
    ensure(next.elements.length === before.elements.length + 1, "the element was not appended")
    ensure(
      events.length === 1 && events[0]?.category === "card_payment.updated" && events[0].associatedObjectId === before.id,
      "an accepted element did not emit exactly one card_payment.updated"
    )
    const stored = next.elements[next.elements.length - 1]
    if (stored?.category === "card_increment") {
      ensure(
        stored.card_increment.updated_authorization_amount === outstandingBefore + amount,
        "the increment's updated_authorization_amount is not the outstanding hold after it"
      )
    }
    if (stored?.category === "card_reversal") {
      ensure(
        stored.card_reversal.updated_authorization_amount === outstandingBefore - amount,
        "the reversal's updated_authorization_amount is not the outstanding hold after it"
      )
    }
    if (stored?.category === "card_authorization_expiration") {
      ensure(stored.card_authorization_expiration.expired_amount === outstandingBefore, "the expired amount is not what was held")
    }
    const contribution = contributionOf(element)
    if (contribution !== undefined) model.totals = { ...model.totals, [contribution.field]: model.totals[contribution.field] + contribution.amount }
    real.cardPayment = next
    ensure(sameState(next.state, model.totals), "the state is not the sums of the elements' amounts")
    ensure(CardPayment.outstandingAuthorization(next) >= 0, "the outstanding authorization went negative")
  },
  toString: () => `AddElement(${draft.template.category}, ${draft.amount}${draft.linked ? "" : ", unlinked"})`
})

export interface CardPaymentScenario {
  readonly cardPayment: CardPayment.CardPayment
  readonly setup: () => { model: CardPaymentModel; real: CardPaymentReal }
  readonly commands: Iterable<fc.Command<CardPaymentModel, CardPaymentReal>>
}

/** An empty payment and a run of element additions, each checked against the sums model. */
export const cardPaymentScenarioArbitrary: fc.Arbitrary<CardPaymentScenario> = fc
  .tuple(
    emptyCardPaymentArbitrary,
    fc.option(authorizationDraftArbitrary, { freq: 5, nil: undefined }),
    fc.commands([cardPaymentElementDraftArbitrary.map(addElementCommand)], { maxCommands: 30 })
  )
  .map(([cardPayment, authorization, commands]) => ({
    cardPayment,
    setup: () => ({ model: { totals: CardPayment.emptyState }, real: { cardPayment } }),
    commands: authorization === undefined ? commands : [addElementCommand(authorization), ...commands]
  }))
