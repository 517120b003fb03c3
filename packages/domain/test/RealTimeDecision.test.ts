import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result, Schema, SchemaIssue } from "effect"
import * as fc from "fast-check"
import * as Ids from "../src/core/Ids.js"
import { RealTimeDecisionActionInvalid, RealTimeDecisionNotAnswerable } from "../src/core/Refusals.js"
import * as RealTimeDecision from "../src/decisions/RealTimeDecision.js"
import * as Cards from "../src/testing/Cards.js"
import { fromSchema } from "../src/testing/FromSchema.js"

const at = (epochMilliseconds: number) => DateTime.makeUnsafe(epochMilliseconds)

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
  error instanceof RealTimeDecisionActionInvalid ? error.errors.map((fieldError) => fieldError.field) : []

// property runs over large generated objects: generous time on a loaded 2-core machine
describe("real-time decisions", { timeout: 30_000 }, () => {
  it("creating one emits real_time_decision.<category> and populates only its category's detail", () =>
    fc.assert(
      fc.property(
        fc.tuple(fromSchema(Ids.RealTimeDecisionId), Cards.instantArbitrary, Cards.realTimeDecisionRequestArbitrary),
        ([id, createdAt, request]) => {
          const timeoutAt = DateTime.addDuration(createdAt, RealTimeDecision.defaultTimeoutWindows[request.category])
          const { next, events } = RealTimeDecision.create(
            { id, created_at: createdAt, timeout_at: timeoutAt },
            request
          )
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
    ))

  it(
    "pending → responded | timed_out, both final; refused moves change nothing; no events of their own (model-based)",
    () =>
      fc.assert(
        fc.property(
          fc.tuple(Cards.realTimeDecisionScenarioArbitrary),
          ([scenario]) => fc.modelRun(scenario.setup, scenario.commands)
        ),
        { numRuns: 200 }
      ),
    60_000
  )

  it("cannot be answered twice", () =>
    fc.assert(fc.property(
      fc.tuple(Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
        fc.tuple(
          fc.constant(decision),
          Cards.realTimeDecisionAnswerArbitrary(decision),
          Cards.realTimeDecisionAnswerArbitrary(decision)
        )
      )),
      ([[decision, first, second]]) => {
        const now = decision.created_at
        const answered = RealTimeDecision.respond(decision, first, now)
        if (Result.isFailure(answered)) throw answered.failure
        const again = RealTimeDecision.respond(answered.success.next, second, now)
        expect(Result.isFailure(again) && again.failure instanceof RealTimeDecisionNotAnswerable).toBe(true)
      }
    )))

  it("cannot be answered at or after timeout_at, and then times out", () =>
    fc.assert(fc.property(
      fc.tuple(Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
        fc.tuple(
          fc.constant(decision),
          Cards.realTimeDecisionAnswerArbitrary(decision),
          fc.integer({ min: 0, max: 60_000 })
        )
      )),
      ([[decision, answer, late]]) => {
        const when = at(decision.timeout_at.epochMilliseconds + late)
        const answered = RealTimeDecision.respond(decision, answer, when)
        expect(Result.isFailure(answered) && answered.failure instanceof RealTimeDecisionNotAnswerable).toBe(true)
        const timedOut = RealTimeDecision.transition(decision, { _tag: "TimeOut", at: when })
        expect(Result.isSuccess(timedOut) && timedOut.success.next.status).toBe("timed_out")
      }
    )))

  it("cannot time out before timeout_at", () =>
    fc.assert(fc.property(fc.tuple(Cards.pendingRealTimeDecisionArbitrary), ([decision]) => {
      const early = at(decision.timeout_at.epochMilliseconds - 1)
      expect(Result.isFailure(RealTimeDecision.transition(decision, { _tag: "TimeOut", at: early }))).toBe(true)
    })))

  describe("answering writes the answer into the detail", () => {
    it("a card authorization approved for part of the amount", () =>
      fc.assert(fc.property(fc.tuple(authorizationDecision("supported")), ([decision]) => {
        const result = RealTimeDecision.respond(
          decision,
          { card_authorization: { decision: "approve", approval: { partial_amount: 2_500 } } },
          decision.created_at
        )
        if (Result.isFailure(result)) throw result.failure
        expect(result.success.next.card_authorization).toMatchObject({
          decision: "approve",
          approval: { partial_amount: 2_500 },
          decline: null
        })
      })))
    it("a card authorization declined without a reason is declined as other", () =>
      fc.assert(fc.property(fc.tuple(authorizationDecision("not_supported")), ([decision]) => {
        const result = RealTimeDecision.respond(
          decision,
          { card_authorization: { decision: "decline" } },
          decision.created_at
        )
        if (Result.isFailure(result)) throw result.failure
        expect(result.success.next.card_authorization).toMatchObject({
          decision: "decline",
          approval: null,
          decline: { reason: "other" }
        })
      })))
  })

  describe("validateAction", () => {
    it("accepts the answers made for the decision", () =>
      fc.assert(
        fc.property(
          fc.tuple(
            Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
              fc.tuple(fc.constant(decision), Cards.realTimeDecisionAnswerArbitrary(decision))
            )
          ),
          ([[decision, answer]]) => {
            expect(Result.isSuccess(RealTimeDecision.validateAction(decision, answer))).toBe(true)
            // and the answers are valid bodies
            expect(Result.isSuccess(Schema.decodeUnknownResult(RealTimeDecision.RealTimeDecisionAction)(answer))).toBe(
              true
            )
          }
        )
      ))
    it("refuses an answer of another category, naming it and the missing one", () =>
      fc.assert(
        fc.property(
          fc.tuple(
            Cards.pendingRealTimeDecisionArbitrary.chain((decision) =>
              fc.tuple(fc.constant(decision), Cards.wrongCategoryAnswerArbitrary(decision))
            )
          ),
          ([[decision, { action, field }]]) => {
            const result = RealTimeDecision.validateAction(decision, action)
            expect(Result.isFailure(result)).toBe(true)
            const fields = Result.isFailure(result) ? fieldsOf(result.failure) : []
            expect(fields).toContain(field)
            expect(fields).toContain(RealTimeDecision.detailFieldOf[decision.category])
          }
        )
      ))
    it("refuses partial_amount unless partial_approval_capability is supported", () =>
      fc.assert(
        fc.property(
          fc.tuple(authorizationDecision("not_supported"), fc.integer({ min: 1, max: 10_000 })),
          ([decision, partialAmount]) => {
            const result = RealTimeDecision.validateAction(decision, {
              card_authorization: { decision: "approve", approval: { partial_amount: partialAmount } }
            })
            expect(Result.isFailure(result) ? fieldsOf(result.failure) : []).toEqual([
              "card_authorization.approval.partial_amount"
            ])
          }
        )
      ))
    it("refuses a partial_amount above the amount requested", () =>
      fc.assert(
        fc.property(
          fc.tuple(authorizationDecision("supported", 1_000), fc.integer({ min: 1_001, max: 1_000_000 })),
          ([decision, partialAmount]) => {
            const result = RealTimeDecision.validateAction(decision, {
              card_authorization: { decision: "approve", approval: { partial_amount: partialAmount } }
            })
            expect(Result.isFailure(result) ? fieldsOf(result.failure) : []).toEqual([
              "card_authorization.approval.partial_amount"
            ])
          }
        )
      ))
  })

  describe("the action body", () => {
    it("a body breaking a rule fails to decode with the offending field's path", () =>
      fc.assert(
        fc.property(fc.tuple(Cards.invalidRealTimeDecisionActionArbitrary), ([{ body, field }]) => {
          const result = Schema.decodeUnknownResult(RealTimeDecision.RealTimeDecisionAction)(body, {
            errors: "all",
            onExcessProperty: "error"
          })
          expect(Result.isFailure(result)).toBe(true)
          if (Result.isFailure(result)) {
            const paths = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) =>
              (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".")
            )
            expect(paths).toContain(field)
          }
        }),
        { numRuns: 300 }
      ))
    it("each category's object is optional", () => {
      expect(Schema.decodeUnknownSync(RealTimeDecision.RealTimeDecisionAction)({})).toEqual({})
    })
    it("digital_wallet_authentication.success takes exactly one of email and phone", () => {
      const decode = Schema.decodeUnknownResult(RealTimeDecision.RealTimeDecisionAction)
      expect(
        Result.isSuccess(
          decode({ digital_wallet_authentication: { result: "success", success: { phone: "+15551234567" } } })
        )
      ).toBe(true)
      expect(Result.isFailure(decode({ digital_wallet_authentication: { result: "success", success: {} } }))).toBe(true)
    })
  })
})
