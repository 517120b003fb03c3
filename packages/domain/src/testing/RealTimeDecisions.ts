/**
 * Consistent arbitraries and `fc.commands` generators for real-time
 * decisions: a pending decision with only its category's detail, answers its
 * validation accepts, and scenarios through its status graph.
 */
import { DateTime, Result, Schema } from "effect"
import * as fc from "fast-check"
import * as CardAuthentication from "../cards/CardAuthentication.js"
import { AuthorizationDeclineReason } from "../cards/CardNetwork.js"
import * as Ids from "../core/Ids.js"
import { RealTimeDecisionActionInvalid, RealTimeDecisionNotAnswerable } from "../core/Refusals.js"
import * as RealTimeDecision from "../decisions/RealTimeDecision.js"
import { emailArbitrary, ensure, instantArbitrary, leftOf, phoneArbitrary } from "./CardChecks.js"
import { fromSchema } from "./FromSchema.js"

/** A card authorization request with a settlement amount small enough for partial approvals to matter. */
const cardAuthorizationDetailArbitrary = fc
  .tuple(fromSchema(RealTimeDecision.CardAuthorizationDetail), fc.integer({ min: 1, max: 100_000 }))
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
  fromSchema(RealTimeDecision.CardBalanceInquiryDetail).map((detail) => ({
    category: "card_balance_inquiry_requested" as const,
    card_balance_inquiry: { ...detail, decision: null, approval: null }
  })),
  fromSchema(RealTimeDecision.CardAuthenticationDetail).map((detail) => ({
    category: "card_authentication_requested" as const,
    card_authentication: { ...detail, decision: null }
  })),
  fromSchema(RealTimeDecision.CardAuthenticationChallengeDetail).map((detail) => ({
    category: "card_authentication_challenge_requested" as const,
    card_authentication_challenge: { ...detail, result: null }
  })),
  fromSchema(RealTimeDecision.DigitalWalletTokenDetail).map((detail) => ({
    category: "digital_wallet_token_requested" as const,
    digital_wallet_token: { ...detail, decision: null }
  })),
  fromSchema(RealTimeDecision.DigitalWalletAuthenticationDetail).map((detail) => ({
    category: "digital_wallet_authentication_requested" as const,
    digital_wallet_authentication: { ...detail, result: null }
  }))
)

/** A decision as the service creates it: pending, its category's detail only, `timeout_at` after its window. */
export const pendingRealTimeDecisionArbitrary: fc.Arbitrary<RealTimeDecision.RealTimeDecision> = fc
  .tuple(fromSchema(Ids.RealTimeDecisionId), instantArbitrary, realTimeDecisionRequestArbitrary)
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
  .tuple(pendingRealTimeDecisionArbitrary, fromSchema(RealTimeDecision.Status))
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
            decline: fc.record({ reason: fromSchema(AuthorizationDeclineReason) })
          },
          { requiredKeys: ["decision"] }
        )
      ).map((answer) => ({ card_authorization: answer }))
    }
    case "card_balance_inquiry_requested":
      return fc.oneof(
        fc.record(
          {
            decision: fc.constant("approve" as const),
            approval: fc.record({ balance: fc.integer({ min: 0, max: 1_000_000 }) })
          },
          { requiredKeys: ["decision"] }
        ),
        fc.record({ decision: fc.constant("decline" as const) })
      ).map((answer) => ({ card_balance_inquiry: answer }))
    case "card_authentication_requested":
      return fromSchema(CardAuthentication.Decision).map((answer) => ({
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
        fc.record({
          decline: fc.record({ reason: fc.constantFrom("suspicious device", "cardholder asked") }, { requiredKeys: [] })
        })
      ).map((answer) => ({ digital_wallet_token: answer }))
  }
}

/** An answer that names another category than the decision's: `validateAction` refuses it. */
export const wrongCategoryAnswerArbitrary = (
  decision: RealTimeDecision.RealTimeDecision
): fc.Arbitrary<
  { readonly action: RealTimeDecision.RealTimeDecisionAction; readonly field: RealTimeDecision.DetailField }
> =>
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
    fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 0.1, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)),
      fc.string()
    )
      .map((partialAmount) => ({
        body: { card_authorization: { decision: "approve", approval: { partial_amount: partialAmount } } },
        field: "card_authorization.approval.partial_amount"
      })),
    fc.string().filter((reason) =>
      !Schema.is(RealTimeDecision.CardAuthorizationAction)({ decision: "decline", decline: { reason } })
    )
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
    fc.constant({
      body: { digital_wallet_token: { approval: { email: "" } } },
      field: "digital_wallet_token.approval.email"
    }),
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
    const result = RealTimeDecision.respond(before, action, DateTime.makeUnsafe(model.now))
    const shouldAccept = model.status === "pending" && model.now < model.timeoutAt
    if (Result.isSuccess(result)) {
      ensure(
        shouldAccept,
        `an answer was accepted in status ${model.status} at ${model.now} (timeout ${model.timeoutAt})`
      )
      const { next, events } = result.success
      ensure(next.status === "responded", `answering led to ${next.status}`)
      ensure(events.length === 0, "answering emitted events of its own")
      ensure(answerWritten(next), "the answer was not written into the detail object")
      real.decision = next
      model.status = "responded"
    } else {
      ensure(!shouldAccept, `a valid answer to a pending decision was refused: ${result.failure.message}`)
      ensure(
        result.failure instanceof RealTimeDecisionNotAnswerable,
        "a refused answer is not a RealTimeDecisionNotAnswerable"
      )
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
    const result = RealTimeDecision.respond(real.decision, action, DateTime.makeUnsafe(model.now))
    const error = leftOf(result)
    ensure(
      error instanceof RealTimeDecisionActionInvalid,
      "an answer of another category was not refused as invalid parameters"
    )
    ensure(
      error instanceof RealTimeDecisionActionInvalid && error.errors.some((fieldError) => fieldError.field === field),
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
    const result = RealTimeDecision.transition(before, { _tag: "TimeOut", at: DateTime.makeUnsafe(model.now) })
    const shouldAccept = model.status === "pending" && model.now >= model.timeoutAt
    if (Result.isSuccess(result)) {
      ensure(shouldAccept, `timed out in status ${model.status} at ${model.now} (timeout ${model.timeoutAt})`)
      ensure(result.success.next.status === "timed_out", `timing out led to ${result.success.next.status}`)
      ensure(result.success.events.length === 0, "timing out emitted events of its own")
      ensure(!answerWritten(result.success.next), "a timed out decision carries an answer")
      real.decision = result.success.next
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
            now: decision.created_at.epochMilliseconds,
            timeoutAt: decision.timeout_at.epochMilliseconds
          },
          real: { decision }
        }),
        commands
      }))
  )
