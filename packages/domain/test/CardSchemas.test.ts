import { describe, expect, it } from "@effect/vitest"
import { Result, Schema, SchemaIssue } from "effect"
import * as fc from "fast-check"
import * as Card from "../src/cards/Card.js"
import * as CardAuthentication from "../src/cards/CardAuthentication.js"
import * as CardPayment from "../src/cards/CardPayment.js"
import * as CardPaymentElements from "../src/cards/CardPaymentElements.js"
import * as CardSimulations from "../src/cards/CardSimulations.js"
import * as DigitalWalletToken from "../src/cards/DigitalWalletToken.js"
import * as RealTimeDecision from "../src/decisions/RealTimeDecision.js"
import { Event } from "../src/events/Event.js"
import * as DeclinedTransaction from "../src/money/DeclinedTransaction.js"
import { Transaction } from "../src/money/Transaction.js"
import * as Cards from "../src/testing/Cards.js"
import { fromSchema } from "../src/testing/FromSchema.js"

/**
 * Encodes, sends through JSON as the wire would, decodes strictly (an unknown
 * field would be an error) and encodes again: nothing may be lost or added.
 */
const roundTrip = <A, I>(schema: Schema.Codec<A, I>, value: A): void => {
  const encoded = Schema.encodeSync(schema)(value)
  const wire: unknown = JSON.parse(JSON.stringify(encoded))
  const decoded = Schema.decodeUnknownSync(schema)(wire, { onExcessProperty: "error" })
  expect(Schema.encodeSync(schema)(decoded)).toEqual(encoded)
}

interface Case {
  readonly name: string
  readonly check: (parameters: { readonly numRuns: number }) => void
}

const schemaCase = <A, I>(
  name: string,
  schema: Schema.Codec<A, I>,
  arbitrary: fc.Arbitrary<A> = fromSchema(schema)
): Case => ({
  name,
  check: ({ numRuns }) => fc.assert(fc.property(arbitrary, (value) => roundTrip(schema, value)), { numRuns })
})

const resources: ReadonlyArray<Case> = [
  schemaCase("Card", Card.Card),
  schemaCase("DigitalWalletToken", DigitalWalletToken.DigitalWalletToken),
  schemaCase("DeclinedTransaction", DeclinedTransaction.DeclinedTransaction),
  schemaCase("CardPayment", CardPayment.CardPayment, Cards.cardPaymentArbitrary),
  schemaCase("CardPayment element", CardPaymentElements.Element, Cards.cardPaymentElementArbitrary),
  schemaCase("CardAuthentication", CardAuthentication.CardAuthentication),
  schemaCase("CardAuthorization (also the pending transaction source)", CardPaymentElements.CardAuthorization),
  schemaCase("CardAuthorizationExpiration", CardPaymentElements.CardAuthorizationExpiration),
  schemaCase("CardBalanceInquiry", CardPaymentElements.CardBalanceInquiry),
  schemaCase("CardDecline", CardPaymentElements.CardDecline),
  schemaCase("CardFinancial", CardPaymentElements.CardFinancial),
  schemaCase("CardFuelConfirmation", CardPaymentElements.CardFuelConfirmation),
  schemaCase("CardIncrement", CardPaymentElements.CardIncrement),
  schemaCase("CardRefund", CardPaymentElements.CardRefund),
  schemaCase("CardReversal", CardPaymentElements.CardReversal),
  schemaCase("CardSettlement", CardPaymentElements.CardSettlement),
  schemaCase("CardValidation", CardPaymentElements.CardValidation),
  schemaCase("RealTimeDecision (any)", RealTimeDecision.RealTimeDecision),
  schemaCase("RealTimeDecision (as created)", RealTimeDecision.RealTimeDecision, Cards.realTimeDecisionArbitrary),
  schemaCase("RealTimeDecision card_authorization detail", RealTimeDecision.CardAuthorizationDetail),
  schemaCase("RealTimeDecision card_balance_inquiry detail", RealTimeDecision.CardBalanceInquiryDetail),
  schemaCase("RealTimeDecision card_authentication detail", RealTimeDecision.CardAuthenticationDetail),
  schemaCase(
    "RealTimeDecision card_authentication_challenge detail",
    RealTimeDecision.CardAuthenticationChallengeDetail
  ),
  schemaCase(
    "RealTimeDecision digital_wallet_authentication detail",
    RealTimeDecision.DigitalWalletAuthenticationDetail
  ),
  schemaCase("RealTimeDecision digital_wallet_token detail", RealTimeDecision.DigitalWalletTokenDetail),
  schemaCase("Transaction (card sources)", Transaction, Cards.cardTransactionArbitrary),
  schemaCase("card events", Event, Cards.cardEventArbitrary),
  schemaCase(
    "CardAuthorizationSimulationResult",
    CardSimulations.CardAuthorizationSimulationResult,
    Cards.cardAuthorizationSimulationResultArbitrary
  ),
  schemaCase("DigitalWalletTokenRequestSimulationResult", CardSimulations.DigitalWalletTokenRequestSimulationResult)
]

const requests: ReadonlyArray<Case> = [
  schemaCase("CreateCard", Card.CreateCard),
  schemaCase("UpdateCard", Card.UpdateCard),
  schemaCase("RealTimeDecisionAction", RealTimeDecision.RealTimeDecisionAction),
  schemaCase("SimulateCardAuthorization", CardSimulations.SimulateCardAuthorization),
  schemaCase("SimulateCardAuthorizationExpiration", CardSimulations.SimulateCardAuthorizationExpiration),
  schemaCase("SimulateCardSettlement", CardSimulations.SimulateCardSettlement),
  schemaCase("SimulateCardReversal", CardSimulations.SimulateCardReversal),
  schemaCase("SimulateCardIncrement", CardSimulations.SimulateCardIncrement),
  schemaCase("SimulateCardRefund", CardSimulations.SimulateCardRefund),
  schemaCase("SimulateCardFuelConfirmation", CardSimulations.SimulateCardFuelConfirmation),
  schemaCase("SimulateCardBalanceInquiry", CardSimulations.SimulateCardBalanceInquiry),
  schemaCase("SimulateCardAuthentication", CardSimulations.SimulateCardAuthentication),
  schemaCase("SimulateCardAuthenticationChallengeAttempt", CardSimulations.SimulateCardAuthenticationChallengeAttempt),
  schemaCase("SimulateDigitalWalletTokenRequest", CardSimulations.SimulateDigitalWalletTokenRequest)
]

// property runs over large generated objects: generous time on a loaded 2-core machine
describe("card schemas", { timeout: 30_000 }, () => {
  describe("resources survive an encode/decode round trip", () => {
    for (const { name, check } of resources) it(name, () => check({ numRuns: 40 }), 30_000)
  })
  describe("request bodies survive an encode/decode round trip", () => {
    for (const { name, check } of requests) it(name, () => check({ numRuns: 100 }), 30_000)
  })
})

/** The dotted paths of a decode failure, as the api reports them in `errors[].field`. */
const failurePaths = <A, I>(schema: Schema.Codec<A, I>, body: unknown): ReadonlyArray<string> => {
  const result = Schema.decodeUnknownResult(schema)(body, { errors: "all", onExcessProperty: "error" })
  if (Result.isSuccess(result)) return []
  return SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) =>
    (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".")
  )
}

describe("card simulation bodies", { timeout: 30_000 }, () => {
  const card = { card_id: "card_1" }
  it("a card authorization names exactly one card, token or physical card", () => {
    expect(failurePaths(CardSimulations.SimulateCardAuthorization, { amount: 100, ...card })).toEqual([])
    expect(failurePaths(CardSimulations.SimulateCardAuthorization, { amount: 100 })).toEqual(["card_id"])
    expect(
      failurePaths(CardSimulations.SimulateCardAuthorization, {
        amount: 100,
        ...card,
        physical_card_id: "physical_card_1"
      })
    ).toEqual(["physical_card_id"])
  })
  it("amounts are positive integers", () => {
    for (const amount of [0, -1, 1.5, "100"]) {
      expect(failurePaths(CardSimulations.SimulateCardAuthorization, { amount, ...card })).toEqual(["amount"])
      expect(failurePaths(CardSimulations.SimulateCardIncrement, { amount, card_payment_id: "card_payment_1" }))
        .toEqual([
          "amount"
        ])
    }
  })
  it("a refund names a settlement transaction or a refund authorization, not both", () => {
    expect(failurePaths(CardSimulations.SimulateCardRefund, { transaction_id: "transaction_1" })).toEqual([])
    expect(failurePaths(CardSimulations.SimulateCardRefund, {})).toEqual(["transaction_id"])
    expect(
      failurePaths(CardSimulations.SimulateCardRefund, {
        transaction_id: "transaction_1",
        pending_transaction_id: "pending_transaction_1"
      })
    ).toEqual(["pending_transaction_id"])
  })
  it("network details use the neutral network names", () => {
    expect(
      failurePaths(CardSimulations.SimulateCardAuthorization, {
        amount: 100,
        ...card,
        network_details: { network_a: { stand_in_processing_reason: "internal_network_a_error" } }
      })
    ).toEqual([])
    expect(
      failurePaths(CardSimulations.SimulateCardAuthorization, { amount: 100, ...card, network_details: { visa: {} } })
    ).toContain("network_details.network_a")
  })
  it("a refund detail is only for refund authorizations", () => {
    expect(
      failurePaths(CardSimulations.SimulateCardAuthorization, {
        amount: 100,
        ...card,
        processing_category: { category: "purchase", refund: {} }
      })
    ).toEqual(["processing_category.refund"])
  })
  it("unknown fields are refused by name", () =>
    fc.assert(fc.property(fc.stringMatching(/^[a-z_]{1,16}$/), (name) => {
      fc.pre(!["amount", "card_id"].includes(name) && !(name in CardSimulations.SimulateCardAuthorization.fields))
      expect(failurePaths(CardSimulations.SimulateCardAuthorization, { amount: 100, ...card, [name]: 1 })).toContain(
        name
      )
    })))
})

describe("card payment elements", { timeout: 30_000 }, () => {
  it("carry exactly the object named by their category", () =>
    fc.assert(fc.property(Cards.cardPaymentElementArbitrary, (element) => {
      const encoded = Schema.encodeSync(CardPaymentElements.Element)(element)
      const objectKeys = Object.keys(encoded).filter((key) => key !== "category" && key !== "created_at")
      expect(objectKeys).toEqual([element.category])
    })))
  it("an element whose object does not match its category is refused", () => {
    expect(
      Result.isFailure(
        Schema.decodeUnknownResult(CardPaymentElements.Element)({
          category: "card_reversal",
          created_at: "2026-01-01T00:00:00.000Z",
          card_settlement: {}
        })
      )
    ).toBe(true)
  })
})
