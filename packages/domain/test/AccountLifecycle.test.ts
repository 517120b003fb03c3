/**
 * The lifecycle rules of accounts, account numbers and entities after
 * creation: closing (only at a zero balance), updates, account number status
 * transitions, entity updates per structure and archiving.
 */
import { describe, expect, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import * as fc from "fast-check"
import * as Account from "../src/accounts/Account.js"
import * as AccountNumber from "../src/accounts/AccountNumber.js"
import * as Entity from "../src/accounts/Entity.js"
import * as EntityUpdate from "../src/accounts/EntityUpdate.js"
import {
  accountArbitrary,
  accountNumberArbitrary,
  entityArbitrary,
  timestampArbitrary,
  updateAccountNumberArbitrary,
  wireSafe
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const updateAccountArbitrary = wireSafe(Account.UpdateAccount)
const updateEntityArbitrary = wireSafe(EntityUpdate.UpdateEntity)
const balanceArbitrary = fc.record({
  current: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  held: fc.integer({ min: 0, max: 1_000_000 })
})
const tagOf = <A, E extends { readonly _tag: string }>(result: Result.Result<A, E>) =>
  Result.isFailure(result) ? result.failure._tag : "success"

describe("closing an account", () => {
  prop(
    "an open account closes exactly when its current balance and holds are zero; a closed one never",
    [accountArbitrary, balanceArbitrary, timestampArbitrary],
    ([account, balance, at]) => {
      const result = Account.close(account, balance, at)
      if (account.status === "closed") {
        expect(tagOf(result)).toBe("AccountClosed")
      } else if (balance.current !== 0 || balance.held !== 0) {
        expect(tagOf(result)).toBe("AccountBalanceNotZero")
      } else {
        const { events, next } = Result.getOrThrow(result)
        expect(next).toMatchObject({ id: account.id, status: "closed", closed_at: at, name: account.name })
        expect(events).toEqual([
          { category: "account.updated", associatedObjectType: "account", associatedObjectId: account.id }
        ])
      }
    }
  )

  it("says why in the refusal: the balance and the holds", () => {
    const account = fc.sample(accountArbitrary.filter((each) => each.status === "open"), 1)[0]
    if (account === undefined) throw new Error("sampled an account")
    const refused = Account.close(account, { current: 150, held: 0 }, account.created_at)
    expect(Result.isFailure(refused) && refused.failure.detail).toContain("current balance 150")
  })

  it("only an open account moves money", () => {
    expect(Account.movesMoney("open")).toBe(true)
    expect(Account.movesMoney("closed")).toBe(false)
  })
})

describe("updating an account", () => {
  prop(
    "renames an open account and emits account.updated; loan terms and closed accounts are refused",
    [accountArbitrary, updateAccountArbitrary],
    ([account, body]) => {
      const result = Account.update(account, body)
      if (account.status === "closed") {
        expect(tagOf(result)).toBe("AccountClosed")
        return
      }
      if (body.loan !== undefined && account.funding !== "loan") {
        expect(tagOf(result)).toBe("AccountNotALoan")
        expect(Result.isFailure(result) && "errors" in result.failure && result.failure.errors[0]?.field).toBe("loan")
        return
      }
      const { events, next } = Result.getOrThrow(result)
      expect(next).toEqual(new Account.Account({ ...account, name: body.name ?? account.name }))
      expect(events.map((event) => event.category)).toEqual(["account.updated"])
    }
  )
})

describe("account number status transitions", () => {
  const statuses = fc.constantFrom<AccountNumber.AccountNumberStatus>("active", "disabled", "canceled")

  prop("canceled is final; active and disabled reach every status", [statuses, statuses], ([from, to]) => {
    expect(AccountNumber.statusMayChange(from, to)).toBe(from !== "canceled")
  })

  prop(
    "an update applies the fields given, keeps the others, and follows the transitions",
    [accountNumberArbitrary, accountArbitrary, updateAccountNumberArbitrary],
    ([current, account, body]) => {
      const result = AccountNumber.update(current, account, body)
      const status = body.status ?? current.status
      if (current.status === "canceled") {
        expect(tagOf(result)).toBe("AccountNumberWrongStatus")
        return
      }
      if (status === "active" && current.status !== "active" && account.status === "closed") {
        {
          expect(tagOf(result)).toBe("AccountClosed")
          return
        }
      }
      const { events, next } = Result.getOrThrow(result)
      expect(next).toMatchObject({
        id: current.id,
        account_number: current.account_number,
        name: body.name ?? current.name,
        status,
        inbound_ach: { debit_status: body.inbound_ach?.debit_status ?? current.inbound_ach.debit_status },
        inbound_checks: body.inbound_checks ?? current.inbound_checks
      })
      expect(events.map((event) => event.category)).toEqual(["account_number.updated"])
    }
  )

  prop("no new account number routes into a closed account", [accountArbitrary], ([account]) => {
    expect(tagOf(AccountNumber.creatableOn(account))).toBe(account.status === "open" ? "success" : "AccountClosed")
  })
})

describe("updating an entity", () => {
  prop(
    "another structure's details are refused (400, naming them); an archived entity takes no change",
    [entityArbitrary, updateEntityArbitrary],
    ([entity, body]) => {
      const result = EntityUpdate.update(entity, body)
      const mismatched = EntityUpdate.mismatchedDetails(entity.structure, body)
      if (entity.status === "archived") {
        expect(tagOf(result)).toBe("EntityArchived")
        return
      }
      if (mismatched.length > 0) {
        expect(tagOf(result)).toBe("EntityStructureMismatch")
        for (const error of mismatched) expect(error.field).not.toBe(entity.structure)
        return
      }
      const { events, next } = Result.getOrThrow(result)
      expect(next.id).toBe(entity.id)
      expect(next.structure).toBe(entity.structure)
      expect(next.status).toBe(entity.status)
      expect(next.terms_agreements).toEqual([...entity.terms_agreements, ...(body.terms_agreements ?? [])])
      expect(events.map((event) => event.category)).toEqual(["entity.updated"])
    }
  )

  it("changes a natural person's address, keeping its other details", () => {
    const entity = sampleEntity("natural_person")
    const address = { line1: "1 Liberty Plaza", city: "New York", state: "NY", zip: "10006" }
    const { next } = Result.getOrThrow(EntityUpdate.update(entity, { natural_person: { address } }))
    expect(next.natural_person).toEqual({
      ...entity.natural_person,
      address: { ...address, line2: null, country: "US" }
    })
  })

  it("a corporation's new legal identifier sets its tax identifier (null for a non-EIN)", () => {
    const entity = sampleEntity("corporation")
    const ein = Result.getOrThrow(
      EntityUpdate.update(entity, { corporation: { legal_identifier: { value: "602214076" } } })
    )
    expect(ein.next.corporation).toMatchObject({
      tax_identifier: "602214076",
      legal_identifier: { category: "us_employer_identification_number", value: "602214076" }
    })
    const other = Result.getOrThrow(
      EntityUpdate.update(entity, { corporation: { legal_identifier: { value: "GB1", category: "other" } } })
    )
    expect(other.next.corporation?.tax_identifier).toBeNull()
  })
})

describe("archiving an entity", () => {
  prop(
    "an active entity without open accounts is archived; otherwise refused",
    [entityArbitrary, fc.boolean()],
    ([entity, ownsOpenAccount]) => {
      const result = EntityUpdate.archive(entity, ownsOpenAccount)
      if (entity.status === "archived") {
        expect(tagOf(result)).toBe("EntityArchived")
        return
      }
      if (ownsOpenAccount) {
        expect(tagOf(result)).toBe("EntityOwnsOpenAccounts")
        return
      }
      const { events, next } = Result.getOrThrow(result)
      expect(next).toEqual(new Entity.Entity({ ...entity, status: "archived" }))
      expect(events.map((event) => event.category)).toEqual(["entity.updated"])
      expect(tagOf(EntityUpdate.requireUnarchived(next))).toBe("EntityArchived")
    }
  )
})

describe("required fields per structure", () => {
  const decode = (request: unknown) => Option.isSome(Schema.decodeUnknownOption(Entity.CreateEntity)(request))
  const person = {
    name: "Ian Crease",
    date_of_birth: "1970-01-31",
    address: { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045" },
    identification: { method: "social_security_number", number: "078051120" }
  }
  const address = { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045" }
  const trust = {
    name: "Crease Family Trust",
    address,
    trustees: [{ structure: "individual", individual: person }]
  }

  it("a joint entity names exactly two individuals", () => {
    expect(decode({ structure: "joint", joint: { individuals: [person, person] } })).toBe(true)
    expect(decode({ structure: "joint", joint: { individuals: [person] } })).toBe(false)
    expect(decode({ structure: "joint", joint: { individuals: [person, person, person] } })).toBe(false)
  })

  it("a revocable trust needs its grantor, an irrevocable one its EIN, every trust a trustee", () => {
    expect(decode({ structure: "trust", trust: { ...trust, category: "revocable", grantor: person } })).toBe(true)
    expect(decode({ structure: "trust", trust: { ...trust, category: "revocable" } })).toBe(false)
    expect(decode({ structure: "trust", trust: { ...trust, category: "irrevocable", tax_identifier: "602214076" } }))
      .toBe(true)
    expect(decode({ structure: "trust", trust: { ...trust, category: "irrevocable" } })).toBe(false)
    expect(decode({ structure: "trust", trust: { ...trust, category: "irrevocable", tax_identifier: "12-3" } }))
      .toBe(false)
    expect(decode({ structure: "trust", trust: { ...trust, trustees: [], category: "revocable", grantor: person } }))
      .toBe(false)
    expect(
      decode({
        structure: "trust",
        trust: { ...trust, trustees: [{ structure: "individual" }], category: "revocable", grantor: person }
      })
    ).toBe(false)
  })

  it("a government authority needs its EIN and at least one authorized person", () => {
    const authority = {
      name: "City of Springfield",
      category: "municipality",
      address,
      tax_identifier: "602214076",
      authorized_persons: [{ name: "Ian Crease" }]
    }
    expect(decode({ structure: "government_authority", government_authority: authority })).toBe(true)
    expect(
      decode({ structure: "government_authority", government_authority: { ...authority, authorized_persons: [] } })
    ).toBe(false)
    const { tax_identifier: _, ...withoutEin } = authority
    expect(decode({ structure: "government_authority", government_authority: withoutEin })).toBe(false)
  })
})

const sampleEntity = (structure: Entity.EntityStructure): Entity.Entity => {
  const [entity] = fc.sample(
    entityArbitrary.filter((each) =>
      each.structure === structure && each.status !== "archived" && each[structure] !== null
    ),
    1
  )
  if (entity === undefined) throw new Error(`sampled a ${structure}`)
  return entity
}
