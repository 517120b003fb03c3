import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import * as Card from "../src/cards/Card.js"
import * as Ids from "../src/core/Ids.js"
import { idempotencyKeyArbitrary, idOf, timestampArbitrary } from "../src/testing/Arbitraries.js"
import { createCardArbitrary } from "../src/testing/CardSchemas.js"
import { prop } from "./support/Property.js"

const cardId = Ids.CardId.make("card_creation_test")

const entityIdArbitrary = idOf("entity", (text) => Ids.EntityId.make(text))

const draw = fc.integer({ min: 0, max: Card.last4Choices - 1 })

describe("creating a card", () => {
  it("a card created on February 29 expires in February three years on", () => {
    expect(Card.expirationOf(DateTime.makeUnsafe("2024-02-29T23:59:59.999Z"))).toEqual({ month: 2, year: 2027 })
  })

  prop(
    "it expires in the month of its creation, three years on",
    [timestampArbitrary],
    ([createdAt]) => {
      const expiration = Card.expirationOf(createdAt)
      const issued = DateTime.toDateUtc(createdAt)
      expect(expiration).toEqual({ month: issued.getUTCMonth() + 1, year: issued.getUTCFullYear() + 3 })
    }
  )

  prop(
    "its last four digits are the bank's draw, four digits with leading zeros",
    [draw],
    ([drawn]) => {
      const last4 = Card.last4Of(drawn)
      expect(last4).toMatch(/^\d{4}$/)
      expect(Number(last4)).toBe(drawn)
    }
  )

  prop(
    "a new card is active, carries the sandbox BIN, defaults what the body leaves out and emits card.created",
    [
      createCardArbitrary,
      timestampArbitrary,
      idempotencyKeyArbitrary,
      fc.option(entityIdArbitrary, { nil: null }),
      draw
    ],
    ([body, createdAt, idempotencyKey, accountEntityId, last4Draw]) => {
      const { events, next } = Card.create({ id: cardId, createdAt, idempotencyKey, body, accountEntityId, last4Draw })
      expect(next.status).toBe("active")
      expect(next.bin).toBe(Card.sandboxBin)
      expect(next.created_at).toEqual(createdAt)
      expect([next.expiration_month, next.expiration_year]).toEqual([
        Card.expirationOf(createdAt).month,
        Card.expirationOf(createdAt).year
      ])
      expect(next.last4).toBe(Card.last4Of(last4Draw))
      expect(next.entity_id).toBe(body.entity_id ?? accountEntityId)
      if (body.billing_address === undefined) expect(next.billing_address).toEqual(Card.emptyBillingAddress)
      if (body.authorization_controls === undefined) expect(next.authorization_controls).toBeNull()
      if (body.digital_wallet === undefined) expect(next.digital_wallet).toBeNull()
      expect(next.description).toBe(body.description ?? null)
      expect(events).toEqual([{ category: "card.created", associatedObjectType: "card", associatedObjectId: cardId }])
    }
  )

  it("a card is issued only on an open account", () => {
    const accountId = Ids.AccountId.make("account_card_creation_test")
    expect(Result.isSuccess(Card.requireIssuableOn({ id: accountId, status: "open" }))).toBe(true)
    const refused = Card.requireIssuableOn({ id: accountId, status: "closed" })
    expect(Result.isFailure(refused) && refused.failure._tag).toBe("AccountClosed")
    expect(Result.isFailure(refused) && refused.failure.detail).toContain("no card can be issued")
  })
})
