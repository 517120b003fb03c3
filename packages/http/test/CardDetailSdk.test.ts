/**
 * The card detail a simulation sets or the sandbox fills (docs/decisions.md,
 * "Card detail and token rules"), through the official SDK: verification,
 * itemized amounts, a network stand-in, the clearing details of settlements,
 * abandoned 3DS challenges, and, with a client answering real-time decisions,
 * its address verdict and a partial approval reached with the SDK's own parameters.
 */
import { describe, expect, layer } from "@effect/vitest"
import { RealTimeDecisionTiming } from "@moneta/bank/RealTimeDecisions"
import { defaultTimeoutWindows } from "@moneta/domain/RealTimeDecision"
import * as TestDatabase from "@moneta/store/testing"
import { Duration, Effect, Layer } from "effect"
import Increase from "increase"
import * as Decisions from "./support/Decisions.js"
import * as TestServer from "./support/TestServer.js"

const timing = Layer.succeed(RealTimeDecisionTiming)({
  windows: defaultTimeoutWindows,
  pollInterval: Duration.millis(20),
  lease: Duration.seconds(10)
})

const billingAddress = { line1: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701" }

/** A funded account with a card that has a billing address and a wallet phone. */
const fundedCard = async (sdk: Increase) => {
  const account = await sdk.accounts.create({ name: "Card detail" })
  await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 100_000 })
  const card = await sdk.cards.create({
    account_id: account.id,
    billing_address: billingAddress,
    digital_wallet: { phone: "+15555550100" }
  })
  return { account, card }
}

/** Moneta names the network `network_a` (decisions.md, convention 8), so this request goes untyped. */
const authorizeOnNetwork = (sdk: Increase, body: Record<string, unknown>) =>
  sdk.post<Increase.Simulations.CardAuthorizationCreateResponse>("/simulations/card_authorizations", { body })

const authorizationOf = (result: Increase.Simulations.CardAuthorizationCreateResponse) => {
  const authorization = result.pending_transaction?.source.card_authorization
  if (authorization === undefined || authorization === null) throw new Error("the authorization was declined")
  return authorization
}

for (const kind of TestDatabase.testDatabases) {
  describe(`card detail through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind).pipe(Layer.provide(timing)), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("verification, itemized amounts, stand-in, increments and the clearing details", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const { card } = await fundedCard(sdk)
            // card not present: the code, the address on file and the name are checked
            const online = authorizationOf(
              await sdk.simulations.cardAuthorizations.create({
                amount: 1_000,
                card_id: card.id,
                network_risk_score: 7
              })
            )
            expect(online.verification).toEqual({
              card_verification_code: { result: "match" },
              cardholder_address: {
                actual_line1: "1 Main St",
                actual_postal_code: "62701",
                provided_line1: "1 Main St",
                provided_postal_code: "62701",
                result: "match"
              },
              // the holder of the card's entity, as 3DS and wallet tokens name them too
              cardholder_name: {
                provided_first_name: "Ada",
                provided_last_name: "Lovelace",
                provided_middle_name: null
              }
            })
            const requested = await sdk.simulations.digitalWalletTokenRequests.create({ card_id: card.id })
            const token = await sdk.digitalWalletTokens.retrieve(requested.digital_wallet_token_id ?? "")
            expect(token.cardholder.name).toBe("Ada Lovelace")
            expect(online.scheme_fees.map((fee) => fee.fee_type)).toEqual([
              "network_a_message_transmission",
              "network_a_authorization_domestic_point_of_sale",
              "network_a_authorization_address_verification_service"
            ])
            const incremented = await sdk.simulations.cardIncrements.create({
              card_payment_id: online.card_payment_id,
              amount: 500
            })
            expect(incremented.elements.at(-1)?.card_increment).toMatchObject({
              network_risk_score: 7,
              additional_amounts: {
                original: { amount: 1_000, currency: "USD" },
                total_cumulative: { amount: 1_500, currency: "USD" }
              }
            })

            // card present, the network standing in: nothing checked, the network acted
            const atTerminal = authorizationOf(
              await authorizeOnNetwork(sdk, {
                amount: 1_000,
                card_id: card.id,
                merchant_category_code: "8021",
                network_details: {
                  network_a: { point_of_service_entry_mode: "contactless", stand_in_processing_reason: "issuer_error" }
                }
              })
            )
            expect(atTerminal.actioner).toBe("network")
            expect(atTerminal.verification.cardholder_address.result).toBe("not_checked")
            expect(atTerminal.verification.card_verification_code.result).toBe("not_checked")
            expect(atTerminal.additional_amounts).toMatchObject({
              dental: { amount: 1_000, currency: "USD" },
              total_healthcare: { amount: 1_000, currency: "USD" },
              clinic: null
            })
            expect(atTerminal.healthcare).toEqual({ merchant_ninety_percent_eligibility: "eligible" })

            const mismatch = await sdk.simulations.cardAuthorizations.create({
              amount: 100,
              card_id: card.id,
              decline_reason: "cvv2_mismatch"
            })
            expect(mismatch.declined_transaction?.source.card_decline?.verification.card_verification_code.result)
              .toBe("no_match")

            // a cash withdrawal with cash back at a store, settled: interchange, surcharge, cashback, purchase details
            const cash = await sdk.simulations.cardAuthorizations.create({
              amount: 5_000,
              card_id: card.id,
              merchant_category_code: "5411",
              processing_category: { category: "cash_disbursement" }
            })
            const hold = cash.pending_transaction
            if (hold === null) throw new Error("the cash authorization was declined")
            expect(hold.source.card_authorization?.additional_amounts.surcharge).toEqual({
              amount: 300,
              currency: "USD"
            })
            const settlement = await sdk.simulations.cardSettlements.create({
              card_id: card.id,
              pending_transaction_id: hold.id
            })
            expect(settlement.source.card_settlement).toMatchObject({
              interchange: { amount: "0.98", code: "CPS/RETAIL", currency: "USD" },
              surcharge: { amount: 300, presentment_amount: 300 },
              cashback: { amount: "20.00", currency: "USD" },
              purchase_details: {
                local_tax_amount: 400,
                local_tax_currency: "USD",
                purchase_identifier_format: "order_number",
                car_rental: null,
                lodging: null,
                travel: null
              }
            })
            const refund = await sdk.simulations.cardRefunds.create({ transaction_id: settlement.id, amount: 1_000 })
            expect(refund.source.card_refund).toMatchObject({
              interchange: { amount: "-0.28" },
              cashback: { amount: "-10.00" }
            })
          })
        }))

      it.effect("3DS: the cardholder's detail is sent, and an abandoned challenge is canceled or times out", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const { card } = await fundedCard(sdk)
            const abandon = async (word: string) => {
              const created = await sdk.simulations.cardAuthentications.create({
                card_id: card.id,
                merchant_country: "FR",
                merchant_category_code: "6051",
                purchase_amount: 4_200
              })
              const element = created.elements[0]?.card_authentication
              expect(element).toMatchObject({
                status: "awaiting_challenge",
                cardholder_name: "Ada Lovelace",
                billing_address_line1: "1 Main St",
                billing_address_country: "US",
                shipping_address_postal_code: "62701",
                requestor_authentication_indicator: "payment_transaction",
                requestor_challenge_indicator: "no_preference",
                device_channel: { category: "browser", browser: { javascript_enabled: "enabled", language: "en-US" } },
                message_category: {
                  payment: { purchase_amount_cardholder_estimated: 4_200, transaction_type: "quasi_cash_transaction" }
                }
              })
              const challenged = await sdk.simulations.cardAuthentications.challenges(created.id)
              expect(challenged.elements[0]?.card_authentication?.challenge?.verification_value).toBe("+15555550100")
              return sdk.simulations.cardAuthentications.challengeAttempts(created.id, { one_time_code: word })
            }
            const first = await sdk.simulations.cardAuthentications.create({ card_id: card.id })
            const firstCode = (await sdk.simulations.cardAuthentications.challenges(first.id)).elements[0]
              ?.card_authentication?.challenge?.one_time_code ?? ""
            await sdk.simulations.cardAuthentications.challengeAttempts(first.id, { one_time_code: firstCode })
            const canceled = await abandon("CANCEL")
            expect(canceled.elements[0]?.card_authentication?.prior_authenticated_card_payment_id).toBe(first.id)
            expect(canceled.elements[0]?.card_authentication?.status).toBe("canceled")
            const timedOut = await abandon("timeout")
            expect(timedOut.elements[0]?.card_authentication?.status).toBe("timed_out_awaiting_challenge")
            const late = await sdk.simulations.cardAuthentications.challengeAttempts(timedOut.id, {
              one_time_code: "123456"
            }).then(() => undefined, (error: unknown) => error)
            expect(late).toBeInstanceOf(Increase.ConflictError)

            const requestorInitiated = await sdk.simulations.cardAuthentications.create({
              card_id: card.id,
              category: "non_payment_authentication",
              device_channel: "three_ds_requestor_initiated"
            })
            expect(requestorInitiated.elements[0]?.card_authentication).toMatchObject({
              device_channel: { merchant_initiated: { indicator: "add_card" } },
              requestor_authentication_indicator: "add_card",
              shipping_address_line1: null
            })
          })
        }))

      it.effect("the client's address verdict sets the result; a fuel dispenser takes a partial approval", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { apiKey } = yield* server.newGroup()
          const sdk = new Increase({ apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            await sdk.eventSubscriptions.create({
              url: "https://hooks.example.com/decisions",
              selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
            })
            const { card } = await fundedCard(sdk)
            const answering = Decisions.startAnswering(
              sdk,
              (decision) =>
                decision.card_authorization?.partial_approval_capability === "supported"
                  ? { card_authorization: { decision: "approve", approval: { partial_amount: 2_000 } } }
                  : {
                    card_authorization: {
                      decision: "approve",
                      approval: { cardholder_address_verification_result: { line1: "match", postal_code: "no_match" } }
                    }
                  }
            )
            try {
              const verdict = authorizationOf(
                await sdk.simulations.cardAuthorizations.create({ amount: 1_000, card_id: card.id })
              )
              expect(verdict.actioner).toBe("user")
              expect(verdict.verification.cardholder_address.result).toBe("postal_code_no_match_address_match")
              const decision = await sdk.realTimeDecisions.retrieve(verdict.real_time_decision_id ?? "")
              expect(decision.card_authorization?.verification.cardholder_address.result).toBe("match")

              // the SDK has no partial-approval parameter: a fuel dispenser supports partial approvals
              const fuel = await sdk.simulations.cardAuthorizations.create({
                amount: 5_000,
                card_id: card.id,
                processing_category: { category: "automatic_fuel_dispenser" }
              })
              expect(fuel.pending_transaction?.amount).toBe(-2_000)
              expect(authorizationOf(fuel).amount).toBe(2_000)
            } finally {
              await answering.stop()
            }
          })
        }))
    })
  })
}
