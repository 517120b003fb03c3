/**
 * The defaults and rules of the writes whose bank module only loads and
 * persists: accounts, account numbers, external accounts, bookkeeping,
 * entities, event subscription changes and single postings.
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Option, Result } from "effect"
import * as fc from "fast-check"
import * as Account from "../src/accounts/Account.js"
import * as AccountNumber from "../src/accounts/AccountNumber.js"
import * as EntityCreation from "../src/accounts/EntityCreation.js"
import * as ExternalAccount from "../src/accounts/ExternalAccount.js"
import { ObjectNotFoundError } from "../src/core/Errors.js"
import * as Ids from "../src/core/Ids.js"
import * as Event from "../src/events/Event.js"
import * as EventSubscription from "../src/events/EventSubscription.js"
import * as Bookkeeping from "../src/money/Bookkeeping.js"
import * as Ledger from "../src/money/Ledger.js"
import * as Transaction from "../src/money/Transaction.js"
import {
  balancedEntrySetArbitrary,
  createAccountArbitrary,
  createAccountNumberArbitrary,
  createBookkeepingAccountArbitrary,
  createEntityArbitrary,
  createExternalAccountArbitrary,
  eventSubscriptionArbitrary,
  externalAccountArbitrary,
  idempotencyKeyArbitrary,
  idOf,
  pendingTransactionArbitrary,
  timestampArbitrary,
  updateEventSubscriptionArbitrary,
  updateExternalAccountArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const entityId = idOf("entity", (text) => Ids.EntityId.make(text))
const programId = idOf("program", (text) => Ids.ProgramId.make(text))

describe("creating an account", () => {
  prop(
    "it is open, in USD, funded by deposits at no interest, owned by the named entity or else the group's",
    [
      createAccountArbitrary,
      timestampArbitrary,
      idempotencyKeyArbitrary,
      fc.constantFrom("sandbox" as const, "live" as const),
      fc.option(entityId, { nil: undefined })
    ],
    ([requested, createdAt, idempotencyKey, environment, groupEntity]) => {
      // a body naming no program, or the environment's own
      const body = { ...requested, program_id: Account.programIdOf(environment) }
      const id = Ids.AccountId.make("account_creation_test")
      const created = Account.create({
        id,
        createdAt,
        idempotencyKey,
        body,
        environment,
        groupEntity: Option.fromUndefinedOr(groupEntity)
      })
      if (Result.isFailure(created)) throw new Error("the environment's own program was refused")
      const { events, next } = created.success
      expect([next.status, next.currency, next.funding, next.interest_rate, next.account_revenue_rate]).toEqual([
        "open",
        "USD",
        "deposits",
        "0.0",
        null
      ])
      expect(next.program_id).toBe(Account.programIdOf(environment))
      expect(next.entity_id).toBe(body.entity_id ?? groupEntity ?? null)
      expect(Account.ownedByGroupEntity(body)).toBe(body.entity_id === undefined)
      expect(events).toEqual([{ category: "account.created", associatedObjectType: "account", associatedObjectId: id }])
    }
  )

  prop(
    "a program_id other than the environment's names nothing of the caller's (404)",
    [fc.constantFrom("sandbox" as const, "live" as const), programId],
    ([environment, requested]) => {
      const program = Account.programOf(environment, requested)
      expect(program).toEqual(Result.fail(new ObjectNotFoundError({ objectType: "program", id: requested })))
      expect(Account.programOf(environment, undefined)).toEqual(Result.succeed(Account.programIdOf(environment)))
    }
  )

  it("each environment has its own program", () => {
    expect(Account.programIdOf("sandbox")).not.toBe(Account.programIdOf("live"))
  })
})

describe("creating an account number", () => {
  const digits = fc.tuple(
    ...AccountNumber.accountNumberDigitRanges.map(([min, max]) => fc.integer({ min, max: max - 1 }))
  )

  prop("it is twelve digits, the first not zero", [digits], ([drawn]) => {
    expect(AccountNumber.accountNumberOf(drawn)).toMatch(/^[1-9]\d{11}$/)
  })

  prop(
    "it is active under the bank's routing number; ACH debits allowed, checks only for Check Transfers, unless given",
    [createAccountNumberArbitrary, timestampArbitrary, idempotencyKeyArbitrary],
    ([body, createdAt, idempotencyKey]) => {
      const id = Ids.AccountNumberId.make("account_number_creation_test")
      const { events, next } = AccountNumber.create({
        id,
        createdAt,
        idempotencyKey,
        body,
        accountNumber: "123456789012"
      })
      expect(next.status).toBe("active")
      expect(next.routing_number).toBe(AccountNumber.bankRoutingNumber)
      expect(next.inbound_ach).toEqual(body.inbound_ach ?? { debit_status: "allowed" })
      expect(next.inbound_checks).toEqual(body.inbound_checks ?? { status: "check_transfers_only" })
      expect(events.map((event) => event.category)).toEqual(["account_number.created"])
    }
  )
})

describe("external accounts", () => {
  prop(
    "a new one is active; its holder is unknown and its funding checking unless given",
    [createExternalAccountArbitrary, timestampArbitrary, idempotencyKeyArbitrary],
    ([body, createdAt, idempotencyKey]) => {
      const id = Ids.ExternalAccountId.make("external_account_creation_test")
      const { events, next } = ExternalAccount.create({ id, createdAt, idempotencyKey, body })
      expect(next.status).toBe("active")
      expect(next.account_holder).toBe(body.account_holder ?? "unknown")
      expect(next.funding).toBe(body.funding ?? "checking")
      expect(events.map((event) => event.category)).toEqual(["external_account.created"])
    }
  )

  prop(
    "an update replaces the fields it gives and keeps the others",
    [externalAccountArbitrary, updateExternalAccountArbitrary],
    ([current, body]) => {
      const { events, next } = ExternalAccount.update(current, body)
      expect(next).toEqual(
        new ExternalAccount.ExternalAccount({
          ...current,
          account_holder: body.account_holder ?? current.account_holder,
          description: body.description ?? current.description,
          funding: body.funding ?? current.funding,
          status: body.status ?? current.status
        })
      )
      expect([next.id, next.account_number, next.routing_number, next.created_at]).toEqual([
        current.id,
        current.account_number,
        current.routing_number,
        current.created_at
      ])
      expect(events).toEqual([
        {
          category: "external_account.updated",
          associatedObjectType: "external_account",
          associatedObjectId: current.id
        }
      ])
    }
  )
})

describe("bookkeeping", () => {
  prop(
    "an entry set is dated as given, else by its transaction, else by its creation",
    [
      fc.option(timestampArbitrary, { nil: undefined }),
      fc.option(timestampArbitrary, { nil: undefined }),
      timestampArbitrary
    ],
    ([given, transactionCreatedAt, createdAt]) => {
      const transaction = Option.map(Option.fromUndefinedOr(transactionCreatedAt), (at) => ({ created_at: at }))
      expect(Bookkeeping.entrySetDate(given, transaction, createdAt)).toEqual(
        given ?? transactionCreatedAt ?? createdAt
      )
    }
  )

  prop(
    "a new entry set names each entry by its id, in order, and emits bookkeeping_entry_set.updated",
    [balancedEntrySetArbitrary, timestampArbitrary],
    ([body, createdAt]) => {
      const id = Ids.BookkeepingEntrySetId.make("bookkeeping_entry_set_test")
      const entryIds = body.entries.map((_, index) => Ids.BookkeepingEntryId.make(`bookkeeping_entry_${index}`))
      const { events, next } = Bookkeeping.createEntrySet({
        id,
        createdAt,
        idempotencyKey: null,
        body,
        entryIds,
        transaction: Option.none()
      })
      expect(next.entries.map((entry) => [entry.id, entry.account_id, entry.amount])).toEqual(
        body.entries.map((entry, index) => [entryIds[index], entry.account_id, entry.amount])
      )
      expect(next.date).toEqual(Bookkeeping.entrySetDate(body.date, Option.none(), createdAt))
      expect(next.transaction_id).toBe(body.transaction_id ?? null)
      expect(events.map((event) => event.category)).toEqual(["bookkeeping_entry_set.updated"])
    }
  )

  prop(
    "touched accounts are locked in id order, each with the sum of its absolute amounts",
    [balancedEntrySetArbitrary],
    ([body]) => {
      const additions = Bookkeeping.absoluteAmountsInLockOrder(body.entries)
      const ids = additions.map(([id]) => id)
      expect(ids).toEqual([...new Set(body.entries.map((entry) => entry.account_id))].sort())
      for (const [id, total] of additions) {
        const amounts = body.entries.filter((entry) => entry.account_id === id).map((entry) =>
          BigInt(Math.abs(entry.amount))
        )
        expect(total).toBe(amounts.reduce((sum, amount) => sum + amount, 0n))
      }
    }
  )

  prop(
    "a bookkeeping account keeps what its body gives and null for the rest; a rename emits .updated",
    [createBookkeepingAccountArbitrary, fc.string({ minLength: 1, maxLength: 20 })],
    ([body, name]) => {
      const id = Ids.BookkeepingAccountId.make("bookkeeping_account_test")
      const created = Bookkeeping.createAccount({ id, idempotencyKey: null, body })
      expect([created.next.compliance_category, created.next.account_id, created.next.entity_id]).toEqual([
        body.compliance_category ?? null,
        body.account_id ?? null,
        body.entity_id ?? null
      ])
      expect(created.events.map((event) => event.category)).toEqual(["bookkeeping_account.created"])
      const renamed = Bookkeeping.updateAccount(created.next, { name })
      expect(renamed.next).toEqual(new Bookkeeping.BookkeepingAccount({ ...created.next, name }))
      expect(renamed.events.map((event) => event.category)).toEqual(["bookkeeping_account.updated"])
      // Only a commingled cash bookkeeping account lists an Account's unbookkept cash transactions.
      const cashAccount = Bookkeeping.unbookkeptCashAccount(created.next)
      if (body.compliance_category === "commingled_cash" && body.account_id !== undefined) {
        expect(cashAccount).toEqual(Result.succeed(body.account_id))
      } else {
        expect(Result.isFailure(cashAccount)).toBe(true)
      }
    }
  )
})

describe("simulated interest payments", () => {
  it("accrue on the paid account over the month before the request unless the body says otherwise", () => {
    const at = DateTime.makeUnsafe("2026-03-31T10:00:00.000Z")
    const accountId = Ids.AccountId.make("account_interest_test")
    expect(Transaction.interestPaymentSource({ account_id: accountId, amount: 5 }, at)).toEqual({
      category: "interest_payment",
      interest_payment: {
        accrued_on_account_id: accountId,
        amount: 5,
        currency: "USD",
        period_start: DateTime.makeUnsafe("2026-02-28T10:00:00.000Z"),
        period_end: at
      }
    })
  })
})

describe("entities", () => {
  prop(
    "a new entity is active and emits entity.created",
    [createEntityArbitrary, timestampArbitrary],
    ([request, createdAt]) => {
      const id = Ids.EntityId.make("entity_creation_test")
      const owners = EntityCreation.beneficialOwnersOf(request).map((owner, index) =>
        EntityCreation.beneficialOwnerObject(
          owner,
          Ids.EntityBeneficialOwnerId.make(`entity_beneficial_owner_${index}`)
        )
      )
      const { events, next } = EntityCreation.create(request, {
        id,
        createdAt,
        idempotencyKey: null,
        beneficialOwners: owners,
        authorizedPersonIds: Array.from(
          { length: EntityCreation.authorizedPersonCountOf(request) },
          (_, index) => Ids.EntityAuthorizedPersonId.make(`entity_authorized_person_${index}`)
        )
      })
      expect(next.status).toBe("active")
      expect(next.structure).toBe(request.structure)
      // exactly the detail object of its structure is filled in
      const details = ["natural_person", "corporation", "joint", "trust", "government_authority"] as const
      for (const structure of details) expect(next[structure] === null).toBe(structure !== request.structure)
      expect(events).toEqual([{ category: "entity.created", associatedObjectType: "entity", associatedObjectId: id }])
    }
  )
})

describe("event subscription changes", () => {
  prop(
    "a subscription that stops being active cancels its pending deliveries; other changes do not",
    [eventSubscriptionArbitrary, updateEventSubscriptionArbitrary],
    ([current, body]) => {
      const updated = EventSubscription.update(current, body)
      if (Result.isFailure(updated)) {
        expect(current.status).toBe("deleted")
        return
      }
      const { cancelsPendingDeliveries, next, statusChanged } = updated.success
      expect(statusChanged).toBe(next.status !== current.status)
      expect(cancelsPendingDeliveries).toBe(next.status !== current.status && next.status !== "active")
      expect(EventSubscription.joinsActiveSet(next)).toBe(next.status === "active")
    }
  )

  it("a replaced secret signs for 24 hours more; a heartbeat is the group's event", () => {
    const at = DateTime.makeUnsafe("2026-11-27T10:00:00.000Z")
    expect(EventSubscription.replacedSecretSignsUntil(at)).toEqual(DateTime.makeUnsafe("2026-11-28T10:00:00.000Z"))
    const groupId = Ids.GroupId.make("group_heartbeat_test")
    expect(EventSubscription.heartbeatEvent(groupId)).toEqual({
      category: "group.heartbeat",
      associatedObjectType: "group",
      associatedObjectId: groupId
    })
  })
})

describe("event retention", () => {
  it("events are served for 30 days after their creation", () => {
    expect(Event.retainedSinceAt(DateTime.makeUnsafe("2026-03-31T10:00:00.000Z"))).toEqual(
      DateTime.makeUnsafe("2026-03-01T10:00:00.000Z")
    )
  })
})

describe("single postings", () => {
  prop(
    "a debit needs the available balance, a credit does not",
    [fc.integer({ min: -1_000_000, max: 1_000_000 })],
    ([amount]) => {
      const accountId = Ids.AccountId.make("account_posting_test")
      const at = DateTime.makeUnsafe("2026-11-27T10:00:00.000Z")
      const effect = Ledger.posting({
        transactionId: Ids.TransactionId.make("transaction_posting_test"),
        accountId,
        amount,
        description: "test",
        source: {
          category: "interest_payment",
          interest_payment: {
            accrued_on_account_id: accountId,
            amount,
            currency: "USD",
            period_end: at,
            period_start: at
          }
        },
        route: undefined
      })
      expect(effect.kind).toBe("post_transaction")
      expect(effect.requiresAvailableBalance).toBe(amount < 0)
    }
  )

  prop(
    "the holds a step names are resolved from the ones the bank locked; a missing one is named",
    [pendingTransactionArbitrary],
    ([hold]) => {
      const complete = { kind: "complete_pending_transaction" as const, pendingTransactionId: hold.id }
      expect(Ledger.holdsNamed([complete])).toEqual([hold.id])
      expect(Ledger.resolve([complete], new Map([[hold.id, hold]]))).toEqual(Result.succeed([{ ...complete, hold }]))
      expect(Ledger.resolve([complete], new Map())).toEqual(Result.fail(hold.id))
    }
  )
})
