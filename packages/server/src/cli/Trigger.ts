/**
 * `moneta trigger CATEGORY`: makes an event of that category happen in the
 * key's group by running the sandbox simulations that cause it, creating what
 * they need first (an account, its funds, a card, a lockbox, ...), and prints
 * each object made, one line each (`--json`: the objects as the API returns
 * them). `moneta trigger --list` names every category it can make.
 */
import { Account } from "@moneta/domain/Account"
import { BookkeepingAccount, BookkeepingEntrySet } from "@moneta/domain/Bookkeeping"
import { Card } from "@moneta/domain/Card"
import type { CardDeclineReason } from "@moneta/domain/CardNetwork"
import { CardPayment } from "@moneta/domain/CardPayment"
import { CheckDeposit } from "@moneta/domain/CheckDeposit"
import { DeclinedTransaction } from "@moneta/domain/DeclinedTransaction"
import { InboundMailItem } from "@moneta/domain/InboundMailItem"
import { LockboxAddress } from "@moneta/domain/LockboxAddress"
import { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import { PendingTransaction } from "@moneta/domain/PendingTransaction"
import { RoutingNumber } from "@moneta/domain/RoutingNumber"
import { Transaction } from "@moneta/domain/Transaction"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { Console, DateTime, Effect, Option, Schema } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { type ApiClient, apiFlags, withApiClient } from "./ApiClient.js"
import { CommandFailure } from "./ControlClient.js"
import { printTable } from "./Output.js"

/** One object a trigger made: its type and id for the line, its wire JSON for `--json`. */
interface Made {
  readonly type: string
  readonly id: string
  readonly json: unknown
}

type Encodable = Schema.Top & { readonly EncodingServices: never }

const made = <S extends Encodable>(schema: S, value: S["Type"] & { readonly id: string; readonly type: string }) =>
  Effect.map(
    Effect.orDie(Schema.encodeEffect(Schema.toCodecJson(schema))(value)),
    (json): Made => ({ type: value.type, id: value.id, json })
  )

/** What a trigger leaves made so far; each step adds to it. */
type Log = Array<Made>

const label = "moneta trigger"

/** The destination bank of the API reference's wire examples. */
const routingNumber = Schema.decodeSync(RoutingNumber)("101050001")

const account = (client: ApiClient, log: Log) =>
  Effect.gen(function*() {
    const created = yield* client.accounts.create({ payload: { name: label } })
    log.push(yield* made(Account, created))
    return created
  })

/** Funds an account (an interest payment: the sandbox's way to credit one). */
const fund = (client: ApiClient, log: Log, accountId: Account["id"]) =>
  Effect.gen(function*() {
    const credit = yield* client.simulations.interestPayment({ payload: { account_id: accountId, amount: 1_000_000 } })
    log.push(yield* made(Transaction, credit))
    return credit
  })

const fundedAccount = (client: ApiClient, log: Log) =>
  Effect.tap(account(client, log), (created) => fund(client, log, created.id))

const card = (client: ApiClient, log: Log, accountId: Account["id"]) =>
  Effect.gen(function*() {
    const created = yield* client.cards.create({ payload: { account_id: accountId, description: label } })
    log.push(yield* made(Card, created))
    return created
  })

const wireTransfer = (client: ApiClient, log: Log, requireApproval: boolean) =>
  Effect.gen(function*() {
    const from = yield* fundedAccount(client, log)
    const transfer = yield* client.wireTransfers.create({
      payload: {
        account_id: from.id,
        amount: 12_500,
        creditor: { name: "Ian Crease" },
        remittance: { category: "unstructured", unstructured: { message: label } },
        account_number: "987654321",
        routing_number: routingNumber,
        require_approval: requireApproval
      }
    })
    log.push(yield* made(WireTransfer, transfer))
    return transfer
  })

/** A card authorization (asks the app through a real-time decision when a subscription selects the category). */
const cardAuthorization = (client: ApiClient, log: Log, declineReason?: CardDeclineReason) =>
  Effect.gen(function*() {
    const from = yield* (declineReason === undefined ? fundedAccount(client, log) : account(client, log))
    const payingCard = yield* card(client, log, from.id)
    const result = yield* client.cardSimulations.authorize({
      payload: {
        card_id: payingCard.id,
        amount: 2_500,
        ...(declineReason === undefined ? {} : { decline_reason: declineReason })
      }
    })
    if (result.pending_transaction !== null) log.push(yield* made(PendingTransaction, result.pending_transaction))
    if (result.declined_transaction !== null) log.push(yield* made(DeclinedTransaction, result.declined_transaction))
    const payments = yield* client.cardPayments.list({ query: { card_id: payingCard.id } })
    for (const payment of payments.data) log.push(yield* made(CardPayment, payment))
  })

/** Mail with a check for a lockbox recipient: processed at once, its check deposited. */
const mailedCheck = (client: ApiClient, log: Log) =>
  Effect.gen(function*() {
    const into = yield* account(client, log)
    const address = yield* client.lockboxAddresses.create({ payload: { description: label } })
    log.push(yield* made(LockboxAddress, address))
    const recipient = yield* client.lockboxRecipients.create({
      payload: { account_id: into.id, lockbox_address_id: address.id, description: label }
    })
    log.push(yield* made(LockboxRecipient, recipient))
    const mail = yield* client.inboundMailItemSimulations.create({
      payload: { amount: 12_500, lockbox_recipient_id: recipient.id }
    })
    log.push(yield* made(InboundMailItem, mail))
    for (const check of mail.checks) {
      if (check.check_deposit_id === null) continue
      const deposit = yield* client.checkDeposits.retrieve({ params: { check_deposit_id: check.check_deposit_id } })
      log.push(yield* made(CheckDeposit, deposit))
    }
  })

const entrySet = (client: ApiClient, log: Log) =>
  Effect.gen(function*() {
    const cash = yield* client.bookkeeping.createAccount({ payload: { name: `${label}: cash` } })
    const revenue = yield* client.bookkeeping.createAccount({ payload: { name: `${label}: revenue` } })
    log.push(yield* made(BookkeepingAccount, cash), yield* made(BookkeepingAccount, revenue))
    const set = yield* client.bookkeeping.createEntrySet({
      payload: {
        date: yield* DateTime.now,
        entries: [{ account_id: cash.id, amount: 10_000 }, { account_id: revenue.id, amount: -10_000 }]
      }
    })
    log.push(yield* made(BookkeepingEntrySet, set))
  })

type Scenario = (client: ApiClient, log: Log) => Effect.Effect<unknown, unknown>

/** Each category and what makes it happen (in the order `--list` prints them). */
export const scenarios: ReadonlyArray<readonly [category: string, scenario: Scenario, how: string]> = [
  ["account.created", account, "creates an account"],
  [
    "card.created",
    (client, log) => Effect.flatMap(account(client, log), (a) => card(client, log, a.id)),
    "creates an account and a card"
  ],
  ["transaction.created", fundedAccount, "credits a new account (a simulated interest payment)"],
  ["wire_transfer.created", (client, log) => wireTransfer(client, log, false), "sends a wire from a funded account"],
  [
    "wire_transfer.updated",
    (client, log) =>
      Effect.gen(function*() {
        const transfer = yield* wireTransfer(client, log, false)
        log.push(
          yield* made(
            WireTransfer,
            yield* client.wireTransferSimulations.submit({ params: { wire_transfer_id: transfer.id } })
          )
        )
      }),
    "sends a wire and simulates its submission"
  ],
  [
    "pending_transaction.created",
    (client, log) =>
      Effect.gen(function*() {
        const transfer = yield* wireTransfer(client, log, true)
        if (transfer.pending_transaction_id === null) return
        const hold = yield* client.pendingTransactions.retrieve({
          params: { pending_transaction_id: transfer.pending_transaction_id }
        })
        log.push(yield* made(PendingTransaction, hold))
      }),
    "sends a wire that waits for approval (its hold)"
  ],
  ["card_payment.created", (client, log) => cardAuthorization(client, log), "authorizes a new card"],
  [
    "real_time_decision.card_authorization_requested",
    (client, log) => cardAuthorization(client, log),
    "authorizes a new card (asks a subscription that selects the category, as `moneta listen` does)"
  ],
  [
    "declined_transaction.created",
    (client, log) => cardAuthorization(client, log, "insufficient_funds"),
    "a card authorization declined (insufficient funds)"
  ],
  ["inbound_mail_item.created", mailedCheck, "mail with a check for a lockbox recipient"],
  ["check_deposit.created", mailedCheck, "mail with a check for a lockbox recipient: the check deposited"],
  ["bookkeeping_entry_set.updated", entrySet, "books an entry set (its event is `.updated`)"]
]

const listCategories = (json: boolean) =>
  json
    ? Console.log(JSON.stringify(scenarios.map(([category]) => category), null, 2))
    : printTable(scenarios.map(([category, , how]) => [category, how]))

export const trigger = Command.make("trigger", {
  ...apiFlags,
  list: Flag.Boolean("list").pipe(Flag.withDescription("List the categories it can make"), Flag.withDefault(false)),
  category: Argument.String("category").pipe(
    Argument.withDescription("The event category to make happen (moneta trigger --list)"),
    Argument.optional
  )
}, (input) =>
  Effect.gen(function*() {
    if (input.list) return yield* listCategories(input.json)
    if (Option.isNone(input.category)) {
      return yield* new CommandFailure({
        message: "name a category: moneta trigger CATEGORY (moneta trigger --list shows them)"
      })
    }
    const category = input.category.value
    const found = scenarios.find(([known]) => known === category)
    if (found === undefined) {
      return yield* new CommandFailure({
        message: `cannot trigger ${category} (moneta trigger --list shows the categories it can make)`
      })
    }
    const log: Log = []
    yield* withApiClient(input, (client) => found[1](client, log))
    if (input.json) return yield* Console.log(JSON.stringify(log.map((object) => object.json), null, 2))
    yield* printTable(log.map((object) => [object.type, object.id]))
  })).pipe(
    Command.withDescription("Make an event of a category happen (runs the sandbox simulations that cause it)")
  )
