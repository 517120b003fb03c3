/** A whole card payment lifecycle driven by the official SDK (`increase` 0.583.x), balances checked at each step. */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"

const sdkFor = (server: TestServer.TestServerShape) =>
  new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })

for (const kind of TestDatabase.testDatabases) {
  describe(`card payments through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("authorize, increment, partial reversal, settle, refund, with both balances at each step", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK cards" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 20_000 })
            const card = await sdk.cards.create({ account_id: account.id, description: "SDK card" })
            const balance = async () => {
              const lookup = await sdk.accounts.balance(account.id)
              return { current: lookup.current_balance, available: lookup.available_balance }
            }

            const authorization = await sdk.simulations.cardAuthorizations.create({
              amount: 5_000,
              card_id: card.id,
              merchant_descriptor: "COFFEE SHOP",
              merchant_category_code: "5814"
            })
            expect(authorization.type).toBe("inbound_card_authorization_simulation_result")
            expect(authorization.declined_transaction).toBeNull()
            const hold = authorization.pending_transaction
            if (hold === null) throw new Error("the authorization was declined")
            expect(hold).toMatchObject({ amount: -5_000, status: "pending", route_type: "card", route_id: card.id })
            expect(hold.source.category).toBe("card_authorization")
            const cardPaymentId = hold.source.card_authorization?.card_payment_id ?? ""
            expect(hold.source.card_authorization).toMatchObject({
              actioner: "increase",
              merchant_descriptor: "COFFEE SHOP",
              direction: "settlement"
            })
            expect(await balance()).toEqual({ current: 20_000, available: 15_000 })

            const incremented = await sdk.simulations.cardIncrements.create({
              card_payment_id: cardPaymentId,
              amount: 1_000
            })
            expect(incremented.state.incremented_amount).toBe(1_000)
            expect(incremented.elements.at(-1)?.card_increment?.updated_authorization_amount).toBe(6_000)
            expect((await sdk.pendingTransactions.retrieve(hold.id)).amount).toBe(-6_000)
            expect(await balance()).toEqual({ current: 20_000, available: 14_000 })

            const reversed = await sdk.simulations.cardReversals.create({
              card_payment_id: cardPaymentId,
              amount: 2_000
            })
            expect(reversed.elements.at(-1)?.card_reversal).toMatchObject({
              reversal_amount: 2_000,
              updated_authorization_amount: 4_000,
              reversal_reason: "partial_reversal"
            })
            expect(await balance()).toEqual({ current: 20_000, available: 16_000 })

            const settlement = await sdk.simulations.cardSettlements.create({
              card_id: card.id,
              pending_transaction_id: hold.id,
              amount: 3_500
            })
            expect(settlement).toMatchObject({ amount: -3_500, route_type: "card" })
            expect(settlement.source.card_settlement).toMatchObject({ amount: 3_500, card_payment_id: cardPaymentId })
            expect((await sdk.pendingTransactions.retrieve(hold.id)).status).toBe("complete")
            expect(await balance()).toEqual({ current: 16_500, available: 16_500 })

            const refund = await sdk.simulations.cardRefunds.create({ transaction_id: settlement.id, amount: 1_000 })
            expect(refund.amount).toBe(1_000)
            expect(refund.source.card_refund).toMatchObject({ amount: 1_000, card_payment_id: cardPaymentId })
            expect(await balance()).toEqual({ current: 17_500, available: 17_500 })

            const payment = await sdk.cardPayments.retrieve(cardPaymentId)
            expect(payment.elements.map((element) => element.category)).toEqual([
              "card_authorization",
              "card_increment",
              "card_reversal",
              "card_settlement",
              "card_refund"
            ])
            expect(payment.state).toEqual({
              authorized_amount: 5_000,
              fuel_confirmed_amount: 0,
              incremented_amount: 1_000,
              refund_authorized_amount: 0,
              refunded_amount: 1_000,
              reversed_amount: 2_000,
              settled_amount: 3_500
            })
            const listed = await sdk.cardPayments.list({ card_id: card.id })
            expect(listed.data.map((item) => item.id)).toEqual([cardPaymentId])
            const cardTransactions = await sdk.transactions.list({
              account_id: account.id,
              category: { in: ["card_settlement", "card_refund"] }
            })
            expect(cardTransactions.data.map((item) => item.id)).toEqual([refund.id, settlement.id])

            const declined = await sdk.simulations.cardAuthorizations.create({ amount: 1_000_000, card_id: card.id })
            expect(declined.pending_transaction).toBeNull()
            expect(declined.declined_transaction?.source.card_decline?.reason).toBe("insufficient_funds")
            const declines = await sdk.declinedTransactions.list({ account_id: account.id })
            expect(declines.data.map((item) => item.id)).toEqual([declined.declined_transaction?.id])
            // Every filter SDK 0.583 offers on declined transactions.
            const cardDeclines = await sdk.declinedTransactions.list({
              account_id: account.id,
              route_id: card.id,
              category: { in: ["card_decline", "wire_decline"] }
            })
            expect(cardDeclines.data.map((item) => item.id)).toEqual([declined.declined_transaction?.id])
            const achDeclines = await sdk.declinedTransactions.list({
              account_id: account.id,
              category: { in: ["ach_decline"] }
            })
            expect(achDeclines.data).toEqual([])
            expect((await sdk.declinedTransactions.list({ account_id: account.id, route_id: account.id })).data)
              .toEqual([])
            expect((await sdk.declinedTransactions.retrieve(declines.data[0]?.id ?? "")).amount).toBe(-1_000_000)
            expect(await balance()).toEqual({ current: 17_500, available: 17_500 })
          })
        }))

      it.effect("a merchant the simulation places abroad keeps no sandbox state or ZIP code", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK travel" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 10_000 })
            const card = await sdk.cards.create({ account_id: account.id })
            const abroad = await sdk.simulations.cardAuthorizations.create({
              amount: 1_000,
              card_id: card.id,
              merchant_city: "Paris",
              merchant_country: "FR",
              merchant_descriptor: "CAFE DE FLORE"
            })
            expect(abroad.pending_transaction?.source.card_authorization).toMatchObject({
              merchant_city: "Paris",
              merchant_country: "FR",
              merchant_descriptor: "CAFE DE FLORE",
              merchant_state: null,
              merchant_postal_code: null
            })
            const settled = await sdk.simulations.cardSettlements.create({
              card_id: card.id,
              pending_transaction_id: abroad.pending_transaction?.id ?? ""
            })
            expect(settled.source.card_settlement).toMatchObject({
              merchant_city: "Paris",
              merchant_country: "FR",
              merchant_state: null,
              merchant_postal_code: null
            })
            // Without any location, the sandbox's own merchant (New York) is used whole.
            const home = await sdk.simulations.cardAuthorizations.create({ amount: 1_000, card_id: card.id })
            expect(home.pending_transaction?.source.card_authorization).toMatchObject({
              merchant_city: "New York",
              merchant_country: "US",
              merchant_state: "NY",
              merchant_postal_code: "10045"
            })
          })
        }))

      it.effect("expiration and fuel confirmation through the SDK", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK fuel" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 10_000 })
            const card = await sdk.cards.create({ account_id: account.id })
            const authorization = await sdk.simulations.cardAuthorizations.create({
              amount: 7_500,
              card_id: card.id,
              processing_category: { category: "automatic_fuel_dispenser" }
            })
            const cardPaymentId = authorization.pending_transaction?.source.card_authorization?.card_payment_id ?? ""
            const confirmed = await sdk.simulations.cardFuelConfirmations.create({
              card_payment_id: cardPaymentId,
              amount: 4_200
            })
            expect(confirmed.state.fuel_confirmed_amount).toBe(4_200)
            const expired = await sdk.simulations.cardAuthorizationExpirations.create({
              card_payment_id: cardPaymentId
            })
            expect(expired.elements.at(-1)?.card_authorization_expiration?.expired_amount).toBe(7_500)
            const lookup = await sdk.accounts.balance(account.id)
            expect({ current: lookup.current_balance, available: lookup.available_balance })
              .toEqual({ current: 10_000, available: 10_000 })
          })
        }))

      it.effect("balance inquiry, 3DS authentication with challenge, wallet token through the SDK", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK card requests" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 3_000 })
            const card = await sdk.cards.create({ account_id: account.id })

            const inquiry = await sdk.simulations.cardBalanceInquiries.create({ card_id: card.id })
            expect(inquiry.elements[0]?.card_balance_inquiry?.balance).toBe(3_000)

            const authentication = await sdk.simulations.cardAuthentications.create({
              card_id: card.id,
              purchase_amount: 1_000,
              device_channel: "browser"
            })
            expect(authentication.elements[0]?.card_authentication?.status).toBe("awaiting_challenge")
            const challenged = await sdk.simulations.cardAuthentications.challenges(authentication.id)
            const code = challenged.elements[0]?.card_authentication?.challenge?.one_time_code ?? ""
            const attempted = await sdk.simulations.cardAuthentications.challengeAttempts(authentication.id, {
              one_time_code: code
            })
            expect(attempted.elements[0]?.card_authentication?.status).toBe("authenticated_with_challenge")

            const tokenRequest = await sdk.simulations.digitalWalletTokenRequests.create({ card_id: card.id })
            expect(tokenRequest.decline_reason).toBeNull()
            const tokenId = tokenRequest.digital_wallet_token_id ?? ""
            expect((await sdk.digitalWalletTokens.retrieve(tokenId)).status).toBe("active")
            const tokens = await sdk.digitalWalletTokens.list({ card_id: card.id })
            expect(tokens.data.map((token) => token.id)).toEqual([tokenId])
            const viaToken = await sdk.simulations.cardAuthorizations.create({
              amount: 500,
              digital_wallet_token_id: tokenId
            })
            expect(viaToken.pending_transaction?.source.card_authorization?.digital_wallet_token_id).toBe(tokenId)
          })
        }))
    })
  })
}
