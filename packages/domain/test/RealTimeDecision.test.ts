import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, DateTime, Either, FastCheck as fc, ParseResult, Schema } from "effect"
import { InvalidOperationError, InvalidParametersError } from "../src/Errors.js"
import * as Ids from "../src/Ids.js"
import * as RealTimeDecision from "../src/RealTimeDecision.js"
import * as Cards from "../src/testing/Cards.js"

const at = (epochMillis: number) => DateTime.unsafeMake(epochMillis)

/** A pending card authorization decision with the given capability and amount. */
const authorizationDecision = (
  partialApprovalCapability: "supported" | "not_supported",
  settlementAmount = 10_000
): fc.Arbitrary<RealTimeDecision.RealTimeDecision> =>
  Cards.pendingRealTimeDecisionArbitrary
    .filter((decision) => decision.category === "card_authorization_requested")
    .map((decision) => {
      const detail = decision.card_authorization
      if (detail === null) throw new Error("a card authorization decision without its detail")
      return new RealTimeDecision.RealTimeDecision({
        ...decision,
        card_authorization: {
          ...detail,
          partial_approval_capability: partialApprovalCapability,
          settlement_amount: settlementAmount
        }
      })
    })

const fieldsOf = (error: unknown): ReadonlyArray<string> =>
  error instanceof InvalidParametersError ? error.errors.map((fieldError) => fieldError.field) : []

// property runs over large generated objects: generous time on a loaded 2-core machine
describe("real-time decisions", { timeout: 30_000 }, () => {
  it.prop(
    "creating one emits real_time_decision.<category> and populates only its category's detail",
    [Arbitrary.make(Ids.RealTimeDecisionId), Cards.instantArbitrary, Cards.realTimeDecisionRequestArbitrary],
    ([id, createdAt, request]) => {
      const timeoutAt = DateTime.addDuration(createdAt, RealTimeDecision.defaultTimeoutWindows[request.category])
      const { next, events } = RealTimeDecision.create({ id, created_at: createdAt, timeout_at: timeoutAt }, request)
      expect(next.status).toBe("pending")
      expect(events).toEqual([
        {
          category: `real_time_decision.${request.category}`,
          associatedObjectType: "real_time_decision",
          associatedObjectId: id
        }
      ])
      for (const field of RealTimeDecision.detailFields) {
        expect(next[field] !== null).toBe(field === RealTimeDecision.detailFieldOf[request.category])
      }
    }
  )

  it.prop(
    "pending → responded | timed_out, both final; refused moves change nothing; no events of their own (model-based)",
    [Cards.realTimeDecisionScenarioArbitrary],
    ([scenario]) => fc.modelRun(scenario.setup, scenario.commands),
    { timeout: 60_000, fastCheck: { numRuns: 200 } }
  )

  it.prop(
    "cannot be answered twice",
    [Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
      fc.tuple(
        fc.constant(decision),
        Cards.realTimeDecisionAnswerArbitrary(decision),
        Cards.realTimeDecisionAnswerArbitrary(decision)
      )
    )],
    ([[decision, first, second]]) => {
      const now = decision.created_at
      const answered = RealTimeDecision.respond(decision, first, now)
      if (Either.isLeft(answered)) throw answered.left
      const again = RealTimeDecision.respond(answered.right.next, second, now)
      expect(Either.isLeft(again) && again.left instanceof InvalidOperationError).toBe(true)
    }
  )

  it.prop(
    "cannot be answered at or after timeout_at, and then times out",
    [Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
      fc.tuple(
        fc.constant(decision),
        Cards.realTimeDecisionAnswerArbitrary(decision),
        fc.integer({ min: 0, max: 60_000 })
      )
    )],
    ([[decision, answer, late]]) => {
      const when = at(decision.timeout_at.epochMillis + late)
      const answered = RealTimeDecision.respond(decision, answer, when)
      expect(Either.isLeft(answered) && answered.left instanceof InvalidOperationError).toBe(true)
      const timedOut = RealTimeDecision.transition(decision, { _tag: "TimeOut", at: when })
      expect(Either.isRight(timedOut) && timedOut.right.next.status).toBe("timed_out")
    }
  )

  it.prop("cannot time out before timeout_at", [Cards.pendingRealTimeDecisionArbitrary], ([decision]) => {
    const early = at(decision.timeout_at.epochMillis - 1)
    expect(Either.isLeft(RealTimeDecision.transition(decision, { _tag: "TimeOut", at: early }))).toBe(true)
  })

  describe("answering writes the answer into the detail", () => {
    it.prop(
      "a card authorization approved for part of the amount",
      [authorizationDecision("supported")],
      ([decision]) => {
        const result = RealTimeDecision.respond(
          decision,
          { card_authorization: { decision: "approve", approval: { partial_amount: 2_500 } } },
          decision.created_at
        )
        if (Either.isLeft(result)) throw result.left
        expect(result.right.next.card_authorization).toMatchObject({
          decision: "approve",
          approval: { partial_amount: 2_500 },
          decline: null
        })
      }
    )
    it.prop("a card authorization declined without a reason is declined as other", [
      authorizationDecision("not_supported")
    ], ([decision]) => {
      const result = RealTimeDecision.respond(
        decision,
        { card_authorization: { decision: "decline" } },
        decision.created_at
      )
      if (Either.isLeft(result)) throw result.left
      expect(result.right.next.card_authorization).toMatchObject({
        decision: "decline",
        approval: null,
        decline: { reason: "other" }
      })
    })
  })

  describe("validateAction", () => {
    it.prop(
      "accepts the answers made for the decision",
      [Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
        fc.tuple(fc.constant(decision), Cards.realTimeDecisionAnswerArbitrary(decision))
      )],
      ([[decision, answer]]) => {
        expect(Either.isRight(RealTimeDecision.validateAction(decision, answer))).toBe(true)
        // and the answers are valid bodies
        expect(Either.isRight(Schema.decodeUnknownEither(RealTimeDecision.RealTimeDecisionAction)(answer))).toBe(true)
      }
    )
    it.prop(
      "refuses an answer of another category, naming it and the missing one",
      [Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
        fc.tuple(fc.constant(decision), Cards.wrongCategoryAnswerArbitrary(decision))
      )],
      ([[decision, { action, field }]]) => {
        const result = RealTimeDecision.validateAction(decision, action)
        expect(Either.isLeft(result)).toBe(true)
        const fields = Either.isLeft(result) ? fieldsOf(result.left) : []
        expect(fields).toContain(field)
        expect(fields).toContain(RealTimeDecision.detailFieldOf[decision.category])
      }
    )
    it.prop(
      "refuses partial_amount unless partial_approval_capability is supported",
      [authorizationDecision("not_supported"), fc.integer({ min: 1, max: 10_000 })],
      ([decision, partialAmount]) => {
        const result = RealTimeDecision.validateAction(decision, {
          card_authorization: { decision: "approve", approval: { partial_amount: partialAmount } }
        })
        expect(Either.isLeft(result) ? fieldsOf(result.left) : []).toEqual([
          "card_authorization.approval.partial_amount"
        ])
      }
    )
    it.prop(
      "refuses a partial_amount above the amount requested",
      [authorizationDecision("supported", 1_000), fc.integer({ min: 1_001, max: 1_000_000 })],
      ([decision, partialAmount]) => {
        const result = RealTimeDecision.validateAction(decision, {
          card_authorization: { decision: "approve", approval: { partial_amount: partialAmount } }
        })
        expect(Either.isLeft(result) ? fieldsOf(result.left) : []).toEqual([
          "card_authorization.approval.partial_amount"
        ])
      }
    )
  })

  describe("the action body", () => {
    it.prop(
      "a body breaking a rule fails to decode with the offending field's path",
      [Cards.invalidRealTimeDecisionActionArbitrary],
      ([{ body, field }]) => {
        const result = Schema.decodeUnknownEither(RealTimeDecision.RealTimeDecisionAction, {
          errors: "all",
          onExcessProperty: "error"
        })(body)
        expect(Either.isLeft(result)).toBe(true)
        if (Either.isLeft(result)) {
          const paths = ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => issue.path.join("."))
          expect(paths).toContain(field)
        }
      },
      { fastCheck: { numRuns: 300 } }
    )
    it("each category's object is optional", () => {
      expect(Schema.decodeUnknownSync(RealTimeDecision.RealTimeDecisionAction)({})).toEqual({})
    })
    it("digital_wallet_authentication.success takes exactly one of email and phone", () => {
      const decode = Schema.decodeUnknownEither(RealTimeDecision.RealTimeDecisionAction)
      expect(
        Either.isRight(
          decode({ digital_wallet_authentication: { result: "success", success: { phone: "+15551234567" } } })
        )
      ).toBe(true)
      expect(Either.isLeft(decode({ digital_wallet_authentication: { result: "success", success: {} } }))).toBe(true)
    })
  })
})
