/**
 * Every resource, request body and event survives encode → JSON → decode: what
 * the server sends, a client (or the store) reads back unchanged. Values come
 * straight from `fromSchema(schema)` (not the wire-safe testing
 * arbitraries, which would filter out a value that fails), plus the hand-built
 * arbitraries of bodies with cross-field rules and of objects made by transitions.
 */
import { describe, expect } from "@effect/vitest"
import { Schema } from "effect"
import type * as fc from "fast-check"
import * as Account from "../src/accounts/Account.js"
import * as AccountNumber from "../src/accounts/AccountNumber.js"
import * as Entity from "../src/accounts/Entity.js"
import * as ExternalAccount from "../src/accounts/ExternalAccount.js"
import * as Event from "../src/events/Event.js"
import * as EventCategory from "../src/events/EventCategory.js"
import * as EventSubscription from "../src/events/EventSubscription.js"
import * as CheckDeposit from "../src/mail/CheckDeposit.js"
import * as File from "../src/mail/File.js"
import * as InboundMailItem from "../src/mail/InboundMailItem.js"
import * as LockboxAddress from "../src/mail/LockboxAddress.js"
import * as LockboxRecipient from "../src/mail/LockboxRecipient.js"
import * as Bookkeeping from "../src/money/Bookkeeping.js"
import * as PendingTransaction from "../src/money/PendingTransaction.js"
import * as Transaction from "../src/money/Transaction.js"
import * as Simulations from "../src/sandbox/Simulations.js"
import * as Arbitraries from "../src/testing/Arbitraries.js"
import { fromSchema } from "../src/testing/FromSchema.js"
import * as WireTransfer from "../src/wires/WireTransfer.js"
import { prop } from "./support/Property.js"

const roundTrips = <A, I>(name: string, schema: Schema.Codec<A, I>, arbitrary: fc.Arbitrary<A>) =>
  prop(`${name} survives encode → JSON → decode`, [arbitrary], ([value]) => {
    const encoded = Schema.encodeSync(schema)(value)
    const overTheWire: unknown = JSON.parse(JSON.stringify(encoded))
    expect(overTheWire).toEqual(encoded)
    const decoded = Schema.decodeUnknownSync(schema)(overTheWire)
    expect(Schema.encodeSync(schema)(decoded)).toEqual(encoded)
  })

describe("accounts, entities, transactions", () => {
  roundTrips("Account", Account.Account, fromSchema(Account.Account))
  roundTrips("CreateAccount", Account.CreateAccount, fromSchema(Account.CreateAccount))
  roundTrips("BalanceLookup", Account.BalanceLookup, fromSchema(Account.BalanceLookup))
  // Open payloads (`Schema.Unknown`) hold anything in memory; only their JSON values travel.
  roundTrips("Entity", Entity.Entity, Arbitraries.entityArbitrary)
  roundTrips("CreateEntity", Entity.CreateEntity, fromSchema(Entity.CreateEntity))
  // Open payloads (`Schema.Unknown`) hold anything in memory; only their JSON values travel.
  roundTrips("Transaction", Transaction.Transaction, Arbitraries.transactionArbitrary)
  roundTrips(
    "SimulateInterestPayment",
    Transaction.SimulateInterestPayment,
    fromSchema(Transaction.SimulateInterestPayment)
  )
})

describe("bookkeeping", () => {
  roundTrips("BookkeepingAccount", Bookkeeping.BookkeepingAccount, fromSchema(Bookkeeping.BookkeepingAccount))
  roundTrips(
    "BookkeepingBalanceLookup",
    Bookkeeping.BookkeepingBalanceLookup,
    fromSchema(Bookkeeping.BookkeepingBalanceLookup)
  )
  roundTrips("BookkeepingEntrySet", Bookkeeping.BookkeepingEntrySet, fromSchema(Bookkeeping.BookkeepingEntrySet))
  roundTrips("BookkeepingEntry", Bookkeeping.BookkeepingEntry, fromSchema(Bookkeeping.BookkeepingEntry))
  roundTrips(
    "CreateBookkeepingAccount",
    Bookkeeping.CreateBookkeepingAccount,
    fromSchema(Bookkeeping.CreateBookkeepingAccount)
  )
  roundTrips(
    "UpdateBookkeepingAccount",
    Bookkeeping.UpdateBookkeepingAccount,
    fromSchema(Bookkeeping.UpdateBookkeepingAccount)
  )
  roundTrips(
    "CreateBookkeepingEntrySet",
    Bookkeeping.CreateBookkeepingEntrySet,
    fromSchema(Bookkeeping.CreateBookkeepingEntrySet)
  )
  roundTrips(
    "CreateBookkeepingEntrySet (balanced)",
    Bookkeeping.CreateBookkeepingEntrySet,
    Arbitraries.balancedEntrySetArbitrary
  )
})

describe("events", () => {
  roundTrips("Event", Event.Event, fromSchema(Event.Event))
  roundTrips("EventCategory", EventCategory.EventCategory, Arbitraries.eventCategoryArbitrary)
  roundTrips(
    "EventSubscription",
    EventSubscription.EventSubscription,
    fromSchema(EventSubscription.EventSubscription)
  )
  roundTrips(
    "EventSubscription (created)",
    EventSubscription.EventSubscription,
    Arbitraries.createdEventSubscriptionArbitrary
  )
  // URLs come from a hand-written arbitrary: random text is almost never an absolute URL.
  roundTrips(
    "CreateEventSubscription",
    EventSubscription.CreateEventSubscription,
    Arbitraries.createEventSubscriptionBodyArbitrary
  )
  roundTrips(
    "UpdateEventSubscription",
    EventSubscription.UpdateEventSubscription,
    fromSchema(EventSubscription.UpdateEventSubscription)
  )
})

describe("supporting resources", () => {
  // Open payloads (`Schema.Unknown`) hold anything in memory; only their JSON values travel.
  roundTrips("PendingTransaction", PendingTransaction.PendingTransaction, Arbitraries.pendingTransactionArbitrary)
  roundTrips(
    "CreatePendingTransaction",
    PendingTransaction.CreatePendingTransaction,
    fromSchema(PendingTransaction.CreatePendingTransaction)
  )
  roundTrips("ExternalAccount", ExternalAccount.ExternalAccount, fromSchema(ExternalAccount.ExternalAccount))
  // Routing numbers come from a hand-written arbitrary: a random nine digits fails the check digit nine times in ten.
  roundTrips(
    "CreateExternalAccount",
    ExternalAccount.CreateExternalAccount,
    Arbitraries.createExternalAccountBodyArbitrary
  )
  roundTrips(
    "UpdateExternalAccount",
    ExternalAccount.UpdateExternalAccount,
    fromSchema(ExternalAccount.UpdateExternalAccount)
  )
  roundTrips("AccountNumber", AccountNumber.AccountNumber, fromSchema(AccountNumber.AccountNumber))
  roundTrips(
    "CreateAccountNumber",
    AccountNumber.CreateAccountNumber,
    fromSchema(AccountNumber.CreateAccountNumber)
  )
  roundTrips(
    "UpdateAccountNumber",
    AccountNumber.UpdateAccountNumber,
    fromSchema(AccountNumber.UpdateAccountNumber)
  )
  roundTrips("CheckDeposit", CheckDeposit.CheckDeposit, fromSchema(CheckDeposit.CheckDeposit))
  roundTrips("CreateCheckDeposit", CheckDeposit.CreateCheckDeposit, fromSchema(CheckDeposit.CreateCheckDeposit))
  roundTrips("File", File.File, fromSchema(File.File))
  roundTrips("CreateFile", File.CreateFile, fromSchema(File.CreateFile))
})

describe("wire transfers", () => {
  roundTrips("WireTransfer", WireTransfer.WireTransfer, fromSchema(WireTransfer.WireTransfer))
  roundTrips("WireTransfer (created)", WireTransfer.WireTransfer, Arbitraries.createdWireTransferArbitrary)
  roundTrips("CreateWireTransfer", WireTransfer.CreateWireTransfer, Arbitraries.createWireTransferArbitrary)
})

describe("lockboxes and inbound mail", () => {
  roundTrips("LockboxAddress", LockboxAddress.LockboxAddress, fromSchema(LockboxAddress.LockboxAddress))
  roundTrips(
    "CreateLockboxAddress",
    LockboxAddress.CreateLockboxAddress,
    fromSchema(LockboxAddress.CreateLockboxAddress)
  )
  roundTrips(
    "UpdateLockboxAddress",
    LockboxAddress.UpdateLockboxAddress,
    fromSchema(LockboxAddress.UpdateLockboxAddress)
  )
  roundTrips("LockboxRecipient", LockboxRecipient.LockboxRecipient, fromSchema(LockboxRecipient.LockboxRecipient))
  roundTrips(
    "CreateLockboxRecipient",
    LockboxRecipient.CreateLockboxRecipient,
    fromSchema(LockboxRecipient.CreateLockboxRecipient)
  )
  roundTrips(
    "UpdateLockboxRecipient",
    LockboxRecipient.UpdateLockboxRecipient,
    fromSchema(LockboxRecipient.UpdateLockboxRecipient)
  )
  roundTrips("InboundMailItem", InboundMailItem.InboundMailItem, fromSchema(InboundMailItem.InboundMailItem))
  roundTrips("InboundMailItem (pending)", InboundMailItem.InboundMailItem, Arbitraries.pendingInboundMailItemArbitrary)
  roundTrips("ActionInboundMailItem", InboundMailItem.ActionInboundMailItem, Arbitraries.actionInboundMailItemArbitrary)
  roundTrips(
    "SimulateInboundMailItem",
    Simulations.SimulateInboundMailItem,
    fromSchema(Simulations.SimulateInboundMailItem)
  )
  roundTrips(
    "SimulateCheckDepositSubmission",
    Simulations.SimulateCheckDepositSubmission,
    fromSchema(Simulations.SimulateCheckDepositSubmission)
  )
  roundTrips(
    "SimulateCheckDepositAdjustment",
    Simulations.SimulateCheckDepositAdjustment,
    fromSchema(Simulations.SimulateCheckDepositAdjustment)
  )
})
