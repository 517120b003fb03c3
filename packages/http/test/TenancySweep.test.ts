/**
 * Another group's objects, swept over every endpoint of the contract: each
 * path naming one of them answers 404 `object_not_found_error` exactly as an
 * unknown id does, each body referencing one of them too, and no list shows
 * one, filtered by it or not. The objects are made through the official SDK,
 * as a client would.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import Increase from "increase"
import Increase405 from "increase-405"
import { expectNotFound, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

/** The control API's paths (groups and keys), which no API key may use (ControlPlane.test.ts). */
const controlPrefix = "/moneta/"

const OpenApiPaths = Schema.Struct({
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown))
})
const PageOfIds = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.String })) })

/** One object of every kind the API serves, in the owner's group. */
const seed = (sdk: Increase, bookkeeping: Increase405) =>
  Effect.promise(async () => {
    const [account] = (await sdk.accounts.list()).data
    const [card] = (await sdk.cards.list()).data
    const [lockbox] = (await sdk.lockboxAddresses.list()).data
    if (account === undefined || card === undefined || lockbox === undefined) throw new Error("not seeded")
    const entityId = account.entity_id ?? ""
    const externalAccount = await sdk.externalAccounts.create({
      account_number: "987654321",
      routing_number: "101050001",
      description: "Supplier"
    })
    const accountNumber = await sdk.accountNumbers.create({ account_id: account.id, name: "Numbers" })
    const wire = await sdk.wireTransfers.create({
      account_id: account.id,
      amount: 100,
      creditor: { name: "Bob" },
      remittance: { category: "unstructured", unstructured: { message: "Invoice" } },
      account_number: "987654321",
      routing_number: "101050001",
      require_approval: true
    })
    const subscription = await sdk.eventSubscriptions.create({ url: "https://example.com/webhooks" })
    const authorization = await sdk.simulations.cardAuthorizations.create({ amount: 500, card_id: card.id })
    const pendingTransaction = authorization.pending_transaction
    if (pendingTransaction === null) throw new Error("authorization declined")
    const cardPaymentId = pendingTransaction.source.card_authorization?.card_payment_id ?? ""
    const settlement = await sdk.simulations.cardSettlements.create({
      card_id: card.id,
      pending_transaction_id: pendingTransaction.id
    })
    const declined = await sdk.simulations.cardAuthorizations.create({
      amount: 1,
      card_id: card.id,
      decline_reason: "card_not_active"
    })
    const authentication = await sdk.simulations.cardAuthentications.create({ card_id: card.id })
    const token = await sdk.simulations.digitalWalletTokenRequests.create({ card_id: card.id })
    const recipient = await sdk.lockboxRecipients.create({ account_id: account.id, lockbox_address_id: lockbox.id })
    const mail = await sdk.simulations.inboundMailItems.create({ amount: 1_000, lockbox_address_id: lockbox.id })
    const deposited = await sdk.simulations.inboundMailItems.create({
      amount: 1_000,
      lockbox_recipient_id: recipient.id
    })
    const cash = await bookkeeping.bookkeepingAccounts.create({
      name: "Cash",
      compliance_category: "commingled_cash",
      account_id: account.id
    })
    const equity = await bookkeeping.bookkeepingAccounts.create({ name: "Equity" })
    const entrySet = await bookkeeping.bookkeepingEntrySets.create({
      date: "2026-01-01T00:00:00Z",
      entries: [{ account_id: cash.id, amount: 10 }, { account_id: equity.id, amount: -10 }]
    })
    const [event] = (await sdk.events.list({ limit: 1 })).data
    return {
      account_id: account.id,
      entity_id: entityId,
      card_id: card.id,
      lockbox_address_id: lockbox.id,
      external_account_id: externalAccount.id,
      account_number_id: accountNumber.id,
      wire_transfer_id: wire.id,
      pending_transaction_id: wire.pending_transaction_id ?? "",
      event_subscription_id: subscription.id,
      card_payment_id: cardPaymentId,
      transaction_id: settlement.id,
      declined_transaction_id: declined.declined_transaction?.id ?? "",
      card_authentication_payment_id: authentication.id,
      digital_wallet_token_id: token.digital_wallet_token_id ?? "",
      lockbox_recipient_id: recipient.id,
      inbound_mail_item_id: mail.id,
      check_deposit_id: deposited.checks[0]?.check_deposit_id ?? "",
      file_id: mail.file_id,
      bookkeeping_account_id: cash.id,
      bookkeeping_entry_set_id: entrySet.id,
      bookkeeping_entry_id: entrySet.entries[0]?.id ?? "",
      event_id: event?.id ?? ""
    }
  })

for (const kind of TestDatabase.testDatabases) {
  describe(`another group's objects, over every endpoint (${kind})`, () => {
    layer(TestServer.layer(kind, "sandbox", { docs: true }), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "every path naming one is 404, every body referencing one is 404, no list shows one",
        () =>
          Effect.gen(function*() {
            const server = yield* TestServer.TestServer
            const owner = { apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 }
            const ids = yield* seed(new Increase(owner), new Increase405(owner))
            for (const [name, id] of Object.entries(ids)) expect(id, name).not.toBe("")
            const stranger = raw(server, (yield* server.newGroup()).apiKey)
            const document = Schema.decodeUnknownSync(OpenApiPaths)((yield* raw(server).get("/openapi.json")).body)

            // Paths: each parameter filled with the owner's object of that name.
            const bodies: Record<string, unknown> = {
              "PATCH /event_subscriptions/{event_subscription_id}": { status: "disabled" },
              "PATCH /bookkeeping_accounts/{bookkeeping_account_id}": { name: "Mine now" },
              "PATCH /cards/{card_id}": { description: "Mine now" },
              "PATCH /lockbox_addresses/{lockbox_address_id}": { description: "Mine now" },
              "PATCH /external_accounts/{external_account_id}": { description: "Mine now" },
              "PATCH /lockbox_recipients/{lockbox_recipient_id}": { description: "Mine now" },
              "POST /inbound_mail_items/{inbound_mail_item_id}/action": { checks: [{ action: "ignore" }] },
              "POST /real_time_decisions/{real_time_decision_id}/action": {
                card_authorization: { decision: "approve" }
              },
              "POST /simulations/card_authentications/{card_payment_id}/challenge_attempts": {
                one_time_code: "123456"
              },
              "POST /event_subscriptions/{event_subscription_id}/resend": { event_id: ids.event_id }
            }
            const swept: Array<string> = []
            for (const [template, operations] of Object.entries(document.paths)) {
              if (!template.includes("{")) continue
              // The control API is the operator's, not a group's: an API key is refused there outright.
              if (template.startsWith(controlPrefix)) continue
              for (const method of Object.keys(operations).filter((key) => key !== "parameters")) {
                const route = `${method.toUpperCase()} ${template}`
                const path = template.replace(/\{(\w+)\}/g, (_match, parameter: string) => {
                  if (parameter === "real_time_decision_id") return "real_time_decision_unknown"
                  if (template.includes("card_authentications")) return ids.card_authentication_payment_id
                  return (ids as Record<string, string>)[parameter] ?? `${parameter}_not_seeded`
                })
                const body = method === "get" ? undefined : (bodies[route] ?? (method === "patch" ? {} : undefined))
                const answer = yield* stranger.send(method.toUpperCase(), path, body === undefined ? {} : { body })
                expect({ route, status: answer.status, body: answer.body }).toMatchObject({
                  status: 404,
                  body: { type: "object_not_found_error" }
                })
                expectNotFound(answer)
                swept.push(route)
              }
            }
            expect(swept.length).toBeGreaterThan(40)

            // Bodies that reference the owner's objects.
            const referencing: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
              ["/accounts", { name: "Mine", entity_id: ids.entity_id }],
              ["/cards", { account_id: ids.account_id }],
              ["/account_numbers", { account_id: ids.account_id, name: "Mine" }],
              ["/wire_transfers", {
                account_id: ids.account_id,
                amount: 1,
                creditor: { name: "Bob" },
                remittance: { category: "unstructured", unstructured: { message: "x" } },
                account_number: "1",
                routing_number: "101050001"
              }],
              ["/bookkeeping_accounts", {
                name: "x",
                compliance_category: "commingled_cash",
                account_id: ids.account_id
              }],
              ["/bookkeeping_accounts", {
                name: "x",
                compliance_category: "customer_balance",
                entity_id: ids.entity_id
              }],
              ["/bookkeeping_entry_sets", {
                date: "2026-01-01T00:00:00Z",
                entries: [{ account_id: ids.bookkeeping_account_id, amount: 1 }, {
                  account_id: ids.bookkeeping_account_id,
                  amount: -1
                }]
              }],
              ["/lockbox_recipients", { account_id: ids.account_id, lockbox_address_id: ids.lockbox_address_id }],
              ["/simulations/interest_payments", { account_id: ids.account_id, amount: 1 }],
              ["/simulations/inbound_mail_items", { amount: 1, lockbox_address_id: ids.lockbox_address_id }],
              ["/simulations/inbound_mail_items", { amount: 1, lockbox_recipient_id: ids.lockbox_recipient_id }],
              ["/simulations/card_authorizations", { amount: 1, card_id: ids.card_id }],
              ["/simulations/card_increments", { card_payment_id: ids.card_payment_id, amount: 1 }],
              ["/simulations/card_reversals", { card_payment_id: ids.card_payment_id }],
              ["/simulations/card_authorization_expirations", { card_payment_id: ids.card_payment_id }],
              ["/simulations/card_settlements", { card_id: ids.card_id, amount: 1 }],
              ["/simulations/card_refunds", { transaction_id: ids.transaction_id }],
              ["/simulations/card_fuel_confirmations", { card_payment_id: ids.card_payment_id, amount: 1 }],
              ["/simulations/card_balance_inquiries", { card_id: ids.card_id }],
              ["/simulations/card_authentications", { card_id: ids.card_id }],
              ["/simulations/digital_wallet_token_requests", { card_id: ids.card_id }]
            ]
            for (const [path, body] of referencing) {
              const answer = yield* stranger.post(path, body)
              expect({ path, status: answer.status, body: answer.body }).toMatchObject({
                status: 404,
                body: { type: "object_not_found_error" }
              })
            }

            // Lists, with and without filters naming the owner's objects.
            const owned = new Set(Object.values(ids))
            const lists = Object.entries(document.paths)
              .filter(([template, operations]) =>
                !template.includes("{") && !template.startsWith(controlPrefix) && "get" in operations
              )
              .map(([template]) => template)
            const filters = [
              `account_id=${ids.account_id}`,
              `card_id=${ids.card_id}`,
              `associated_object_id=${ids.wire_transfer_id}`,
              `lockbox_address_id=${ids.lockbox_address_id}`,
              `lockbox_recipient_id=${ids.lockbox_recipient_id}`,
              `transaction_id=${ids.transaction_id}`,
              `route_id=${ids.card_id}`,
              `external_account_id=${ids.external_account_id}`
            ]
            for (const list of lists.filter((template) => template !== "/unbookkept_cash_transactions")) {
              const unfiltered = yield* stranger.get(list)
              expect({ list, status: unfiltered.status }).toEqual({ list, status: 200 })
              const page = Schema.decodeUnknownSync(PageOfIds)(unfiltered.body)
              expect(page.data.filter((item) => owned.has(item.id)), list).toEqual([])
              for (const filter of filters) {
                const answer = yield* stranger.get(`${list}?${filter}`)
                if (answer.status !== 200) continue // a filter this list does not take
                const filtered = Schema.decodeUnknownSync(PageOfIds)(answer.body)
                expect(filtered.data, `${list}?${filter}`).toEqual([])
              }
            }
            const unbookkept = yield* stranger.get(
              `/unbookkept_cash_transactions?bookkeeping_account_id=${ids.bookkeeping_account_id}`
            )
            expectNotFound(unbookkept)
          }),
        180_000
      )
    })
  })
}
