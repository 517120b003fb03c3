/**
 * The "fields never set" measure of the card area (issue 30): drives every card
 * simulation and create through the official SDK (with and without a client
 * answering real-time decisions), reads back every object it made, and
 * checks the leaf paths null in every sample against the documented list
 * (docs/decisions.md, "Card fields never set"). Run it printing the list:
 * `FIELD_COVERAGE_PRINT=1 pnpm vitest run packages/http/test/FieldCoverage.test.ts`.
 */
import { describe, expect, layer } from "@effect/vitest"
import { RealTimeDecisionTiming } from "@moneta/bank/RealTimeDecisions"
import { defaultTimeoutWindows } from "@moneta/domain/RealTimeDecision"
import * as TestDatabase from "@moneta/store/testing"
import { Duration, Effect, Layer } from "effect"
import Increase from "increase"
import {
  answerOf,
  authorizeUntyped,
  everyInquiryField,
  everyMerchantField,
  inquireUntyped,
  type Mode
} from "./support/CardDrives.js"
import * as Decisions from "./support/Decisions.js"
import * as FieldCoverage from "./support/FieldCoverage.js"
import * as TestServer from "./support/TestServer.js"

const timing = Layer.succeed(RealTimeDecisionTiming)({
  windows: defaultTimeoutWindows,
  pollInterval: Duration.millis(20),
  lease: Duration.seconds(10)
})

/** The card area's leaf paths no simulation sets, each with its reason in docs/decisions.md. */
const documentedNeverSet: ReadonlyArray<string> = [
  "card_authorization.physical_card_id",
  "card_balance_inquiry.physical_card_id",
  "card_decline.physical_card_id",
  "card_payment.physical_card_id",
  "digital_wallet_token.decline",
  "real_time_decision.card_authorization.physical_card_id",
  "real_time_decision.card_balance_inquiry.physical_card_id"
]

/** A corporation whose control person has a middle name: its cards' holder (domain `Cardholder`). */
const corporationCard = async (sdk: Increase, name: string) => {
  const address = { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045", country: "US" }
  const entity = await sdk.entities.create({
    structure: "corporation",
    corporation: {
      name,
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
  const account = await sdk.accounts.create({ name, entity_id: entity.id })
  await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 1_000_000 })
  return { account, entity }
}

/**
 * Purchases at a car rental agency, a hotel, an airline (a ticket and a checked
 * bag) and a travel agency, settled, one refunded: their level 3 details.
 */
const driveTravelMerchants = async (sdk: Increase, cardId: string, add: <A>(value: A) => A) => {
  const purchases = [["7512", 24_000], ["7011", 45_000], ["4511", 38_000], ["3000", 4_500], ["4722", 61_000]] as const
  for (const [merchant_category_code, amount] of purchases) {
    const authorized = add(
      await sdk.simulations.cardAuthorizations.create({ amount, card_id: cardId, merchant_category_code })
    )
    if (authorized.pending_transaction === null) throw new Error(`declined at ${merchant_category_code}`)
    const settled = add(
      await sdk.simulations.cardSettlements.create({
        card_id: cardId,
        pending_transaction_id: authorized.pending_transaction.id
      })
    )
    if (merchant_category_code === "4511" || merchant_category_code === "3000") {
      add(await sdk.simulations.cardRefunds.create({ transaction_id: settled.id, amount: 1_000 }))
    }
  }
}

/** Every card simulation without a real-time decision: the service decides. */
const driveWithoutDecisions = async (sdk: Increase, coverage: FieldCoverage.FieldCoverage) => {
  const add = <A>(value: A): A => {
    coverage.add(value)
    return value
  }
  const account = await sdk.accounts.create({ name: "Coverage" })
  await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 1_000_000 })
  const card = add(
    await sdk.cards.create({
      account_id: account.id,
      description: "Coverage card",
      billing_address: { line1: "1 Main St", line2: "Apt 2", city: "Springfield", state: "IL", postal_code: "62701" },
      digital_wallet: { email: "holder@example.com", phone: "+15555550100", digital_card_profile_id: "profile_1" }
    })
  )
  add(await sdk.cards.create({ account_id: account.id }))
  add(
    await sdk.cards.create({
      account_id: account.id,
      authorization_controls: {
        merchant_acceptor_identifier: { allowed: [{ identifier: "MID123" }] },
        merchant_category_code: { blocked: [{ code: "7995" }] },
        merchant_country: { allowed: [{ country: "US" }] },
        usage: {
          category: "multi_use",
          multi_use: {
            spending_limits: [{
              interval: "per_day",
              settlement_amount: 10_000,
              merchant_category_codes: [{ code: "5814" }]
            }]
          }
        }
      }
    })
  )
  add(
    await sdk.cards.create({
      account_id: account.id,
      authorization_controls: {
        merchant_acceptor_identifier: { blocked: [{ identifier: "MID9" }] },
        merchant_category_code: { allowed: [{ code: "5814" }] },
        merchant_country: { blocked: [{ country: "FR" }] },
        usage: { category: "single_use", single_use: { settlement_amount: { comparison: "equals", value: 500 } } }
      }
    })
  )
  // merchants whose amounts the network itemizes (healthcare, transit, an ATM), and one abroad
  for (const merchant_category_code of ["8011", "8021", "5912", "8043", "4111", "6011"]) {
    const itemized = add(
      await sdk.simulations.cardAuthorizations.create({
        amount: 1_000,
        card_id: card.id,
        merchant_category_code,
        ...(merchant_category_code === "6011"
          ? { processing_category: { category: "cash_disbursement" as const } }
          : {})
      })
    )
    if (itemized.pending_transaction !== null) {
      add(
        await sdk.simulations.cardSettlements.create({
          card_id: card.id,
          pending_transaction_id: itemized.pending_transaction.id
        })
      )
    }
  }
  const cashBack = add(
    await sdk.simulations.cardAuthorizations.create({
      amount: 3_000,
      card_id: card.id,
      merchant_category_code: "5411",
      merchant_country: "FR",
      merchant_city: "Paris",
      processing_category: { category: "cash_disbursement" }
    })
  )
  if (cashBack.pending_transaction !== null) {
    const settledCash = add(
      await sdk.simulations.cardSettlements.create({
        card_id: card.id,
        pending_transaction_id: cashBack.pending_transaction.id
      })
    )
    add(await sdk.simulations.cardRefunds.create({ transaction_id: settledCash.id, amount: 500 }))
  }
  add(await sdk.simulations.cardBalanceInquiries.create({ card_id: card.id, merchant_category_code: "6011" }))
  await driveTravelMerchants(sdk, card.id, add)
  const processing = [
    "account_funding",
    "automatic_fuel_dispenser",
    "bill_payment",
    "original_credit",
    "purchase",
    "quasi_cash",
    "cash_disbursement",
    "cash_deposit",
    "balance_inquiry"
  ] as const
  for (const category of processing) {
    add(
      await sdk.simulations.cardAuthorizations.create({
        amount: 1_000,
        card_id: card.id,
        processing_category: { category }
      })
    )
  }
  const full = add(await authorizeUntyped(sdk, { ...everyMerchantField, amount: 5_000, card_id: card.id }))
  const hold = full.pending_transaction
  if (hold === null) throw new Error("declined")
  const paymentId = hold.source.card_authorization?.card_payment_id ?? ""
  add(await sdk.simulations.cardIncrements.create({ card_payment_id: paymentId, amount: 500 }))
  add(await sdk.simulations.cardIncrements.create({ card_payment_id: paymentId, amount: 100_000_000 }))
  add(await sdk.simulations.cardReversals.create({ card_payment_id: paymentId, amount: 200 }))
  add(await sdk.simulations.cardFuelConfirmations.create({ card_payment_id: paymentId, amount: 4_000 }))
  const settled = add(
    await sdk.simulations.cardSettlements.create({ card_id: card.id, pending_transaction_id: hold.id, amount: 3_000 })
  )
  add(await sdk.simulations.cardRefunds.create({ transaction_id: settled.id, amount: 100 }))
  add(await sdk.simulations.cardSettlements.create({ card_id: card.id, amount: 700 }))
  const refundAuthorization = add(
    await sdk.simulations.cardAuthorizations.create({
      amount: 400,
      card_id: card.id,
      processing_category: { category: "refund", refund: { original_card_payment_id: paymentId } }
    })
  )
  if (refundAuthorization.pending_transaction !== null) {
    add(
      await sdk.simulations.cardRefunds.create({ pending_transaction_id: refundAuthorization.pending_transaction.id })
    )
  }
  const expiring = add(await sdk.simulations.cardAuthorizations.create({ amount: 300, card_id: card.id }))
  const expiringPayment = expiring.pending_transaction?.source.card_authorization?.card_payment_id ?? ""
  add(await sdk.simulations.cardReversals.create({ card_payment_id: expiringPayment, amount: 100 }))
  add(await sdk.simulations.cardAuthorizationExpirations.create({ card_payment_id: expiringPayment }))
  const reversing = add(await sdk.simulations.cardAuthorizations.create({ amount: 300, card_id: card.id }))
  add(
    await sdk.simulations.cardReversals.create({
      card_payment_id: reversing.pending_transaction?.source.card_authorization?.card_payment_id ?? ""
    })
  )
  const declineReasons = [
    "account_closed",
    "card_not_active",
    "insufficient_funds",
    "cvv2_mismatch",
    "webhook_declined",
    "suspected_fraud"
  ] as const
  for (const decline_reason of declineReasons) {
    add(await sdk.simulations.cardAuthorizations.create({ amount: 100, card_id: card.id, decline_reason }))
  }
  add(await sdk.simulations.cardAuthorizations.create({ amount: 100_000_000, card_id: card.id }))
  add(await sdk.simulations.cardBalanceInquiries.create({ card_id: card.id }))
  add(await inquireUntyped(sdk, { ...everyInquiryField, card_id: card.id, balance: 77 }))
  add(await sdk.simulations.cardBalanceInquiries.create({ card_id: card.id, decline_reason: "card_not_active" }))

  // 3DS
  for (const device_channel of ["app", "browser", "three_ds_requestor_initiated"] as const) {
    add(
      await sdk.simulations.cardAuthentications.create({
        card_id: card.id,
        device_channel,
        merchant_acceptor_id: "MID123",
        merchant_category_code: "5814",
        merchant_country: "US",
        merchant_name: "Shop",
        purchase_amount: 2_500
      })
    )
  }
  add(
    await sdk.simulations.cardAuthentications.create({
      card_id: card.id,
      category: "non_payment_authentication",
      device_channel: "three_ds_requestor_initiated"
    })
  )
  for (const merchant_category_code of ["6051", "6540", "4829", "6012"]) {
    add(
      await sdk.simulations.cardAuthentications.create({
        card_id: card.id,
        merchant_category_code,
        merchant_country: "FR",
        purchase_amount: 1_000
      })
    )
  }
  const authenticating = add(
    await sdk.simulations.cardAuthentications.create({ card_id: card.id, category: "non_payment_authentication" })
  )
  const challenged = add(await sdk.simulations.cardAuthentications.challenges(authenticating.id))
  const code = challenged.elements.at(-1)?.card_authentication?.challenge?.one_time_code ?? ""
  add(
    await sdk.simulations.cardAuthentications.challengeAttempts(authenticating.id, {
      one_time_code: code === "000000" ? "111111" : "000000"
    })
  )
  add(await sdk.simulations.cardAuthentications.challengeAttempts(authenticating.id, { one_time_code: code }))
  // the next attempt names the one that authenticated the cardholder
  add(await sdk.simulations.cardAuthentications.create({ card_id: card.id }))
  add(
    await sdk.simulations.cardAuthorizations.create({
      amount: 250,
      card_id: card.id,
      authenticated_card_payment_id: authenticating.id
    })
  )

  // wallet tokens
  const token = add(await sdk.simulations.digitalWalletTokenRequests.create({ card_id: card.id }))
  if (token.digital_wallet_token_id !== null) {
    const digital_wallet_token_id = token.digital_wallet_token_id
    add(await sdk.simulations.cardAuthorizations.create({ amount: 150, digital_wallet_token_id }))
    add(
      await sdk.simulations.cardAuthorizations.create({
        amount: 150,
        digital_wallet_token_id,
        decline_reason: "cvv2_mismatch"
      })
    )
  }
  // a corporation's card: its control person holds it, the corporation is the address's third line
  const business = await corporationCard(sdk, "Analytical Engines Inc.")
  const businessCard = add(
    await sdk.cards.create({
      account_id: business.account.id,
      billing_address: { line1: "33 Liberty Street", city: "New York", state: "NY", postal_code: "10045" }
    })
  )
  add(await sdk.simulations.cardAuthentications.create({ card_id: businessCard.id, purchase_amount: 1_200 }))
  const disabled = add(await sdk.cards.create({ account_id: account.id }))
  add(await sdk.cards.update(disabled.id, { status: "disabled" }))
  add(await sdk.simulations.digitalWalletTokenRequests.create({ card_id: disabled.id }))
  add(await sdk.simulations.cardAuthentications.create({ card_id: disabled.id }))
  return account.id
}

/** The same through a client answering every real-time decision, a card per answer. */
const driveWithDecisions = async (sdk: Increase, coverage: FieldCoverage.FieldCoverage) => {
  const add = <A>(value: A): A => {
    coverage.add(value)
    return value
  }
  const modeOfCard = new Map<string, Mode>()
  const answering = Decisions.startAnswering(sdk, (decision) => {
    const mode = modeOfCard.get(Decisions.cardIdOf(decision)) ?? "silent"
    return mode === "silent" ? undefined : answerOf(decision, mode)
  })
  try {
    await sdk.eventSubscriptions.create({
      url: "https://hooks.example.com/decisions",
      selected_event_categories: Decisions.realTimeCategories.map((event_category) => ({ event_category }))
    })
    // the cards belong to a corporation: the decisions about 3DS attempts name it too
    const { account } = await corporationCard(sdk, "Coverage decisions Inc.")
    const cardFor = async (mode: Mode, contact: "phone" | "email" = "phone") => {
      const card = add(
        await sdk.cards.create({
          account_id: account.id,
          billing_address: {
            line1: "1 Main St",
            line2: "Suite 4",
            city: "Springfield",
            state: "IL",
            postal_code: "62701"
          },
          digital_wallet: contact === "phone" ? { phone: "+15555550100" } : { email: "holder@example.com" }
        })
      )
      modeOfCard.set(card.id, mode)
      return card
    }
    for (const mode of ["approve", "address", "partial", "decline"] as const) {
      const card = await cardFor(mode)
      const result = add(
        await sdk.simulations.cardAuthorizations.create({
          amount: 1_000,
          card_id: card.id,
          merchant_category_code: "5542",
          processing_category: { category: "automatic_fuel_dispenser" }
        })
      )
      const paymentId = result.pending_transaction?.source.card_authorization?.card_payment_id
      if (paymentId !== undefined) {
        add(await sdk.simulations.cardIncrements.create({ card_payment_id: paymentId, amount: 100 }))
      }
      add(await inquireUntyped(sdk, { ...everyInquiryField, card_id: card.id }))
      const token = add(await sdk.simulations.digitalWalletTokenRequests.create({ card_id: card.id }))
      if (mode === "approve") {
        add(await authorizeUntyped(sdk, { ...everyMerchantField, amount: 200, card_id: card.id }))
        if (token.digital_wallet_token_id !== null) {
          const tokenId = token.digital_wallet_token_id
          add(await authorizeUntyped(sdk, { amount: 100, digital_wallet_token_id: tokenId }))
          add(await inquireUntyped(sdk, { digital_wallet_token_id: tokenId }))
        }
      }
    }
    // a wallet token verified by email
    add(await sdk.simulations.digitalWalletTokenRequests.create({ card_id: (await cardFor("email", "email")).id }))
    for (const mode of ["approve", "challenge", "deny"] as const) {
      const card = await cardFor(mode, mode === "approve" ? "email" : "phone")
      const created = add(
        await sdk.simulations.cardAuthentications.create({
          card_id: card.id,
          device_channel: "browser",
          merchant_acceptor_id: "MID123",
          merchant_category_code: "5814",
          merchant_country: "US",
          merchant_name: "Shop",
          purchase_amount: 2_500
        })
      )
      add(
        await sdk.simulations.cardAuthentications.create({ card_id: card.id, category: "non_payment_authentication" })
      )
      if (mode === "challenge") add(await sdk.simulations.cardAuthentications.challenges(created.id))
    }
    for (const id of answering.seen) add(await sdk.realTimeDecisions.retrieve(id))
    return account.id
  } finally {
    await answering.stop()
  }
}

const readBack = async (sdk: Increase, coverage: FieldCoverage.FieldCoverage, accountIds: ReadonlyArray<string>) => {
  for (const account_id of accountIds) {
    coverage.add(await sdk.cards.list({ account_id, limit: 100 }))
    coverage.add(await sdk.cardPayments.list({ account_id, limit: 100 }))
    coverage.add(await sdk.pendingTransactions.list({ account_id, limit: 100 }))
    coverage.add(await sdk.declinedTransactions.list({ account_id, limit: 100 }))
    coverage.add(await sdk.transactions.list({ account_id, limit: 100 }))
  }
  coverage.add(await sdk.digitalWalletTokens.list({ limit: 100 }))
}

describe("fields never set by the card simulations (embedded PGlite)", () => {
  layer(TestServer.layer("embedded").pipe(Layer.provide(timing)), {
    timeout: TestDatabase.timeout,
    excludeTestServices: true
  })((it) => {
    it.effect(
      "every leaf of the card area is set by some simulation, but the documented ones",
      () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          const coverage = FieldCoverage.make()
          const neverSet = yield* Effect.promise(async () => {
            const plain = await driveWithoutDecisions(sdk, coverage)
            const other = await server.newGroup().pipe(Effect.runPromise)
            const decided = new Increase({ apiKey: other.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
            const deciding = await driveWithDecisions(decided, coverage)
            await readBack(sdk, coverage, [plain])
            await readBack(decided, coverage, [deciding])
            return coverage.neverSet()
          })
          const card = neverSet.filter(FieldCoverage.inCardArea)
          if (process.env["FIELD_COVERAGE_PRINT"] !== undefined) {
            process.stdout.write(
              `leaf paths seen: ${coverage.seen()}; never set: ${neverSet.length} (card area ${card.length})\n` +
                neverSet.map((path) => `${FieldCoverage.inCardArea(path) ? "card " : "other"} ${path}`).join("\n") +
                "\n"
            )
          }
          expect(card).toEqual(documentedNeverSet)
        }),
      { timeout: 120_000 }
    )
  })
})
