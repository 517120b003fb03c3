/**
 * Every resource, request body and event survives encode → JSON → decode: what
 * the server sends, a client (or the store) reads back unchanged. Values come
 * straight from `Arbitrary.make(schema)` (not the wire-safe testing
 * arbitraries, which would filter out a value that fails), plus the hand-built
 * arbitraries of bodies with cross-field rules and of objects made by transitions.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, type FastCheck as fc, Schema } from "effect"
import * as Account from "../src/Account.js"
import * as AccountNumber from "../src/AccountNumber.js"
import * as Bookkeeping from "../src/Bookkeeping.js"
import * as CheckDeposit from "../src/CheckDeposit.js"
import * as Entity from "../src/Entity.js"
import * as Event from "../src/Event.js"
import * as EventCategory from "../src/EventCategory.js"
import * as EventSubscription from "../src/EventSubscription.js"
import * as ExternalAccount from "../src/ExternalAccount.js"
import * as File from "../src/File.js"
import * as InboundMailItem from "../src/InboundMailItem.js"
import * as LockboxAddress from "../src/LockboxAddress.js"
import * as LockboxRecipient from "../src/LockboxRecipient.js"
import * as PendingTransaction from "../src/PendingTransaction.js"
import * as Simulations from "../src/Simulations.js"
import * as Arbitraries from "../src/testing/Arbitraries.js"
import * as Transaction from "../src/Transaction.js"
import * as WireTransfer from "../src/WireTransfer.js"

const roundTrips = <A, I>(name: string, schema: Schema.Schema<A, I>, arbitrary: fc.Arbitrary<A>) =>
  it.prop(`${name} survives encode → JSON → decode`, [arbitrary], ([value]) => {
    const encoded = Schema.encodeSync(schema)(value)
    const overTheWire: unknown = JSON.parse(JSON.stringify(encoded))
    expect(overTheWire).toEqual(encoded)
    const decoded = Schema.decodeUnknownSync(schema)(overTheWire)
    expect(Schema.encodeSync(schema)(decoded)).toEqual(encoded)
  })

describe("accounts, entities, transactions", () => {
  roundTrips("Account", Account.Account, Arbitrary.make(Account.Account))
  roundTrips("CreateAccount", Account.CreateAccount, Arbitrary.make(Account.CreateAccount))
  roundTrips("BalanceLookup", Account.BalanceLookup, Arbitrary.make(Account.BalanceLookup))
  // Open payloads (`Schema.Unknown`) hold anything in memory; only their JSON values travel.
  roundTrips("Entity", Entity.Entity, Arbitraries.entityArbitrary)
  roundTrips("CreateEntity", Entity.CreateEntity, Arbitrary.make(Entity.CreateEntity))
  // Open payloads (`Schema.Unknown`) hold anything in memory; only their JSON values travel.
  roundTrips("Transaction", Transaction.Transaction, Arbitraries.transactionArbitrary)
  roundTrips(
    "SimulateInterestPayment",
    Transaction.SimulateInterestPayment,
    Arbitrary.make(Transaction.SimulateInterestPayment)
  )
})

describe("bookkeeping", () => {
  roundTrips("BookkeepingAccount", Bookkeeping.BookkeepingAccount, Arbitrary.make(Bookkeeping.BookkeepingAccount))
  roundTrips(
    "BookkeepingBalanceLookup",
    Bookkeeping.BookkeepingBalanceLookup,
    Arbitrary.make(Bookkeeping.BookkeepingBalanceLookup)
  )
  roundTrips("BookkeepingEntrySet", Bookkeeping.BookkeepingEntrySet, Arbitrary.make(Bookkeeping.BookkeepingEntrySet))
  roundTrips("BookkeepingEntry", Bookkeeping.BookkeepingEntry, Arbitrary.make(Bookkeeping.BookkeepingEntry))
  roundTrips(
    "CreateBookkeepingAccount",
    Bookkeeping.CreateBookkeepingAccount,
    Arbitrary.make(Bookkeeping.CreateBookkeepingAccount)
  )
  roundTrips(
    "UpdateBookkeepingAccount",
    Bookkeeping.UpdateBookkeepingAccount,
    Arbitrary.make(Bookkeeping.UpdateBookkeepingAccount)
  )
  roundTrips(
    "CreateBookkeepingEntrySet",
    Bookkeeping.CreateBookkeepingEntrySet,
    Arbitrary.make(Bookkeeping.CreateBookkeepingEntrySet)
  )
  roundTrips(
    "CreateBookkeepingEntrySet (balanced)",
    Bookkeeping.CreateBookkeepingEntrySet,
    Arbitraries.balancedEntrySetArbitrary
  )
})

describe("events", () => {
  roundTrips("Event", Event.Event, Arbitrary.make(Event.Event))
  roundTrips("EventCategory", EventCategory.EventCategory, Arbitraries.eventCategoryArbitrary)
  roundTrips(
    "EventSubscription",
    EventSubscription.EventSubscription,
    Arbitrary.make(EventSubscription.EventSubscription)
  )
  roundTrips(
    "EventSubscription (created)",
    EventSubscription.EventSubscription,
    Arbitraries.createdEventSubscriptionArbitrary
  )
  roundTrips(
    "CreateEventSubscription",
    EventSubscription.CreateEventSubscription,
    Arbitrary.make(EventSubscription.CreateEventSubscription)
  )
  roundTrips(
    "UpdateEventSubscription",
    EventSubscription.UpdateEventSubscription,
    Arbitrary.make(EventSubscription.UpdateEventSubscription)
  )
})

describe("supporting resources", () => {
  // Open payloads (`Schema.Unknown`) hold anything in memory; only their JSON values travel.
  roundTrips("PendingTransaction", PendingTransaction.PendingTransaction, Arbitraries.pendingTransactionArbitrary)
  roundTrips(
    "CreatePendingTransaction",
    PendingTransaction.CreatePendingTransaction,
    Arbitrary.make(PendingTransaction.CreatePendingTransaction)
  )
  roundTrips("ExternalAccount", ExternalAccount.ExternalAccount, Arbitrary.make(ExternalAccount.ExternalAccount))
  roundTrips(
    "CreateExternalAccount",
    ExternalAccount.CreateExternalAccount,
    Arbitrary.make(ExternalAccount.CreateExternalAccount)
  )
  roundTrips(
    "UpdateExternalAccount",
    ExternalAccount.UpdateExternalAccount,
    Arbitrary.make(ExternalAccount.UpdateExternalAccount)
  )
  roundTrips("AccountNumber", AccountNumber.AccountNumber, Arbitrary.make(AccountNumber.AccountNumber))
  roundTrips(
    "CreateAccountNumber",
    AccountNumber.CreateAccountNumber,
    Arbitrary.make(AccountNumber.CreateAccountNumber)
  )
  roundTrips(
    "UpdateAccountNumber",
    AccountNumber.UpdateAccountNumber,
    Arbitrary.make(AccountNumber.UpdateAccountNumber)
  )
  roundTrips("CheckDeposit", CheckDeposit.CheckDeposit, Arbitrary.make(CheckDeposit.CheckDeposit))
  roundTrips("CreateCheckDeposit", CheckDeposit.CreateCheckDeposit, Arbitrary.make(CheckDeposit.CreateCheckDeposit))
  roundTrips("File", File.File, Arbitrary.make(File.File))
  roundTrips("CreateFile", File.CreateFile, Arbitrary.make(File.CreateFile))
})

describe("wire transfers", () => {
  roundTrips("WireTransfer", WireTransfer.WireTransfer, Arbitrary.make(WireTransfer.WireTransfer))
  roundTrips("WireTransfer (created)", WireTransfer.WireTransfer, Arbitraries.createdWireTransferArbitrary)
  roundTrips("CreateWireTransfer", WireTransfer.CreateWireTransfer, Arbitraries.createWireTransferArbitrary)
})

describe("lockboxes and inbound mail", () => {
  roundTrips("LockboxAddress", LockboxAddress.LockboxAddress, Arbitrary.make(LockboxAddress.LockboxAddress))
  roundTrips(
    "CreateLockboxAddress",
    LockboxAddress.CreateLockboxAddress,
    Arbitrary.make(LockboxAddress.CreateLockboxAddress)
  )
  roundTrips(
    "UpdateLockboxAddress",
    LockboxAddress.UpdateLockboxAddress,
    Arbitrary.make(LockboxAddress.UpdateLockboxAddress)
  )
  roundTrips("LockboxRecipient", LockboxRecipient.LockboxRecipient, Arbitrary.make(LockboxRecipient.LockboxRecipient))
  roundTrips(
    "CreateLockboxRecipient",
    LockboxRecipient.CreateLockboxRecipient,
    Arbitrary.make(LockboxRecipient.CreateLockboxRecipient)
  )
  roundTrips(
    "UpdateLockboxRecipient",
    LockboxRecipient.UpdateLockboxRecipient,
    Arbitrary.make(LockboxRecipient.UpdateLockboxRecipient)
  )
  roundTrips("InboundMailItem", InboundMailItem.InboundMailItem, Arbitrary.make(InboundMailItem.InboundMailItem))
  roundTrips("InboundMailItem (pending)", InboundMailItem.InboundMailItem, Arbitraries.pendingInboundMailItemArbitrary)
  roundTrips("ActionInboundMailItem", InboundMailItem.ActionInboundMailItem, Arbitraries.actionInboundMailItemArbitrary)
  roundTrips(
    "SimulateInboundMailItem",
    Simulations.SimulateInboundMailItem,
    Arbitrary.make(Simulations.SimulateInboundMailItem)
  )
  roundTrips(
    "SimulateCheckDepositSubmission",
    Simulations.SimulateCheckDepositSubmission,
    Arbitrary.make(Simulations.SimulateCheckDepositSubmission)
  )
  roundTrips(
    "SimulateCheckDepositAdjustment",
    Simulations.SimulateCheckDepositAdjustment,
    Arbitrary.make(Simulations.SimulateCheckDepositAdjustment)
  )
})
