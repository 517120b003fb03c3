/**
 * What the sandbox's merchants send beyond what a simulation names
 * (docs/decisions.md, "Card detail and token rules"), through the official
 * SDK: the level 3 details of car rental, lodging and travel merchants, an
 * ATM's withdrawal over `network_b`, a store's cash back as an amount of
 * unknown kind, and a 3DS attempt naming the card's entity.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"

const billingAddress = { line1: "33 Liberty Street", city: "New York", state: "NY", postal_code: "10045" }

/** Moneta names the network `network_a` (decisions.md, convention 8), so this request goes untyped. */
const authorizeOnNetwork = (sdk: Increase, body: Record<string, unknown>) =>
  sdk.post<Increase.Simulations.CardAuthorizationCreateResponse>("/simulations/card_authorizations", { body })

const authorizationOf = (result: Increase.Simulations.CardAuthorizationCreateResponse) => {
  const authorization = result.pending_transaction?.source.card_authorization
  if (authorization === undefined || authorization === null) throw new Error("the authorization was declined")
  return authorization
}

/** Authorizes `amount` at a merchant of `merchant_category_code` and settles it: the settlement element. */
const settleAt = async (sdk: Increase, cardId: string, merchant_category_code: string, amount: number) => {
  const authorized = await sdk.simulations.cardAuthorizations.create({
    amount,
    card_id: cardId,
    merchant_category_code,
    merchant_descriptor: "SANDBOX TRAVEL CO"
  })
  const transaction = await sdk.simulations.cardSettlements.create({
    card_id: cardId,
    pending_transaction_id: authorized.pending_transaction?.id ?? ""
  })
  const settlement = transaction.source.card_settlement
  if (settlement === null || settlement === undefined) throw new Error("no settlement")
  return { transaction, settlement }
}

for (const kind of TestDatabase.testDatabases) {
  describe(`merchant detail through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("car rental, lodging, airline and travel agency clearings carry their level 3 details", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "Travel" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 1_000_000 })
            const card = await sdk.cards.create({ account_id: account.id })

            const rental = await settleAt(sdk, card.id, "7512", 24_000)
            expect(rental.settlement.purchase_details).toMatchObject({
              purchase_identifier_format: "rental_agreement_number",
              car_rental: {
                days_rented: 4,
                daily_rental_rate_amount: 6_000,
                daily_rental_rate_currency: "USD",
                extra_charges: "no_extra_charge",
                no_show_indicator: "not_applicable"
              },
              lodging: null,
              travel: null
            })

            const stay = await settleAt(sdk, card.id, "7011", 45_000)
            expect(stay.settlement.purchase_details).toMatchObject({
              purchase_identifier_format: "hotel_folio_number",
              car_rental: null,
              lodging: { room_nights: 3, daily_room_rate_amount: 13_393, total_room_tax_amount: 4_821 },
              travel: null
            })

            const ticket = await settleAt(sdk, card.id, "4511", 38_000)
            const travel = ticket.settlement.purchase_details?.travel
            expect(travel).toMatchObject({
              ancillary: null,
              credit_reason_indicator: "no_credit",
              travel_agency_name: null
            })
            expect(travel?.trip_legs).toHaveLength(2)
            expect(travel?.trip_legs?.at(-1)?.destination_city_airport_code).toBe(travel?.origination_city_airport_code)
            const cancellation = await sdk.simulations.cardRefunds.create({
              transaction_id: ticket.transaction.id,
              amount: 38_000
            })
            expect(cancellation.source.card_refund?.purchase_details?.travel?.credit_reason_indicator).toBe(
              "airline_ticket_cancellation"
            )

            const bag = await settleAt(sdk, card.id, "4511", 4_500)
            expect(bag.settlement.purchase_details?.travel?.ancillary).toMatchObject({
              credit_reason_indicator: "no_credit",
              services: [{ category: "baggage_fee" }]
            })

            const agency = await settleAt(sdk, card.id, "4722", 61_000)
            expect(agency.settlement.purchase_details?.travel).toMatchObject({
              ancillary: null,
              travel_agency_name: "SANDBOX TRAVEL CO"
            })
          })
        }))

      it.effect("an ATM withdrawal goes over network_b unless it names network_a; a store's cash back", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "Cash" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 1_000_000 })
            const card = await sdk.cards.create({ account_id: account.id, billing_address: billingAddress })

            const atm = await sdk.simulations.cardAuthorizations.create({
              amount: 6_000,
              card_id: card.id,
              merchant_category_code: "6011"
            })
            const withdrawal = authorizationOf(atm)
            expect(withdrawal.network_details).toEqual({ category: "network_b", network_a: null, network_b: {} })
            expect(withdrawal.scheme_fees.map((fee) => fee.fee_type)).toEqual(["network_b_switch_fee"])
            // the ATM reads the card: nothing is checked
            expect(withdrawal.verification.card_verification_code.result).toBe("not_checked")
            expect(withdrawal.verification.cardholder_name).toBeNull()
            const settled = await sdk.simulations.cardSettlements.create({
              card_id: card.id,
              pending_transaction_id: atm.pending_transaction?.id ?? ""
            })
            expect(settled.source.card_settlement?.network).toBe("network_b")
            const inquiry = await sdk.simulations.cardBalanceInquiries.create({
              card_id: card.id,
              merchant_category_code: "6011"
            })
            expect(inquiry.elements[0]?.card_balance_inquiry?.network_details.category).toBe("network_b")

            const named = authorizationOf(
              await authorizeOnNetwork(sdk, {
                amount: 6_000,
                card_id: card.id,
                merchant_category_code: "6011",
                network_details: { network_a: { point_of_service_entry_mode: "integrated_circuit_card" } }
              })
            )
            expect(named.network_details.category).toBe("network_a")

            const grocery = authorizationOf(
              await sdk.simulations.cardAuthorizations.create({
                amount: 3_000,
                card_id: card.id,
                merchant_category_code: "5411",
                processing_category: { category: "cash_disbursement" }
              })
            )
            expect(grocery.additional_amounts.unknown).toEqual({ amount: 2_000, currency: "USD" })
            expect(grocery.network_details.category).toBe("network_a")
          })
        }))

      it.effect("3DS names the holder of the card's entity, and an organization on the address's third line", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const address = { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045", country: "US" }
            const corporation = await sdk.entities.create({
              structure: "corporation",
              corporation: {
                name: "Analytical Engines Inc.",
                address,
                legal_identifier: { value: "602214076", category: "us_employer_identification_number" },
                beneficial_owners: [{
                  individual: {
                    name: "Ada Byron King",
                    date_of_birth: "1970-01-31",
                    address,
                    identification: { method: "social_security_number", number: "078051120" }
                  },
                  prongs: ["control"]
                }]
              }
            })
            const account = await sdk.accounts.create({ name: "Business", entity_id: corporation.id })
            const card = await sdk.cards.create({ account_id: account.id, billing_address: billingAddress })
            const attempt = await sdk.simulations.cardAuthentications.create({ card_id: card.id, purchase_amount: 900 })
            expect(attempt.elements[0]?.card_authentication).toMatchObject({
              cardholder_name: "Ada King",
              billing_address_line1: "33 Liberty Street",
              billing_address_line3: "Analytical Engines Inc.",
              shipping_address_line3: "Analytical Engines Inc."
            })
            const person = await sdk.entities.create({
              structure: "natural_person",
              natural_person: {
                name: "Grace Brewster Hopper",
                date_of_birth: "1970-01-31",
                address,
                identification: { method: "social_security_number", number: "078051120" }
              }
            })
            const own = await sdk.accounts.create({ name: "Personal", entity_id: person.id })
            const personal = await sdk.cards.create({ account_id: own.id, billing_address: billingAddress })
            const personalAttempt = await sdk.simulations.cardAuthentications.create({ card_id: personal.id })
            expect(personalAttempt.elements[0]?.card_authentication).toMatchObject({
              cardholder_name: "Grace Hopper",
              billing_address_line3: null,
              shipping_address_line3: null
            })
          })
        }))
    })
  })
}
