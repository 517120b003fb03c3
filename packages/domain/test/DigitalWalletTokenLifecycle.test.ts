import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import * as fc from "fast-check"
import type { Status as CardStatus } from "../src/cards/Card.js"
import { DigitalWalletToken } from "../src/cards/DigitalWalletToken.js"
import * as Lifecycle from "../src/cards/DigitalWalletTokenLifecycle.js"
import { CardId, DigitalWalletTokenId } from "../src/core/Ids.js"
import { prop } from "./support/Property.js"

const at = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")

const tokenWith = (status: "active" | "inactive") =>
  new DigitalWalletToken({
    id: DigitalWalletTokenId.make("digital_wallet_token_test0001"),
    card_id: CardId.make("card_test0001"),
    cardholder: { name: null },
    created_at: at,
    decline: null,
    device: Lifecycle.deviceFor("wallet_a", CardId.make("card_test0001"), 0),
    dynamic_primary_account_number: { first6: "400000", last4: "1234" },
    status,
    token_requestor: "wallet_a",
    type: "digital_wallet_token",
    updates: [{ status, timestamp: at }]
  })

/** The card's status changes as `Card.update` allows them: `canceled` is final. */
const cardStatuses = fc.array(fc.constantFrom<CardStatus>("active", "disabled", "canceled"), { maxLength: 12 }).map(
  (statuses) => {
    const canceledAt = statuses.indexOf("canceled")
    return canceledAt === -1 ? statuses : statuses.slice(0, canceledAt + 1)
  }
)

describe("a wallet token follows its card", () => {
  prop(
    "usable only while the card is active and was never canceled; one update and one event per change",
    [fc.constantFrom<"active" | "inactive">("active", "inactive"), cardStatuses],
    ([initial, statuses]) => {
      let token = tokenWith(initial)
      let changes = 0
      for (const [index, cardStatus] of statuses.entries()) {
        const followed = Lifecycle.followCard(token, cardStatus, at)
        if (followed !== null) {
          expect(followed.events).toEqual([{
            category: "digital_wallet_token.updated",
            associatedObjectType: "digital_wallet_token",
            associatedObjectId: token.id
          }])
          expect(followed.next.status).not.toBe(token.status)
          token = followed.next
          changes++
        }
        const canceled = statuses.slice(0, index + 1).includes("canceled")
        const expected = canceled
          ? "deactivated"
          : initial === "inactive"
          ? "inactive"
          : cardStatus === "disabled"
          ? "suspended"
          : "active"
        expect(token.status).toBe(expected)
      }
      expect(token.updates.length).toBe(1 + changes)
      expect(token.updates.at(-1)?.status).toBe(token.status)
    }
  )

  prop(
    "a card's status change carries each token that changes along; an unchanged status carries none",
    [
      fc.constantFrom<"active" | "inactive">("active", "inactive"),
      fc.constantFrom<CardStatus>("active", "disabled", "canceled"),
      fc.constantFrom<CardStatus>("active", "disabled", "canceled")
    ],
    ([initial, previous, next]) => {
      const tokens = [tokenWith(initial)]
      const followed = Lifecycle.followCardChange(tokens, { previous, next }, at)
      if (previous === next) expect(followed).toEqual([])
      else {
        expect(followed).toEqual(
          tokens.flatMap((token) => {
            const one = Lifecycle.followCard(token, next, at)
            return one === null ? [] : [one]
          })
        )
      }
    }
  )

  it("a deactivated token never comes back", () => {
    for (const cardStatus of ["active", "disabled", "canceled"] as const) {
      expect(Lifecycle.statusForCard("deactivated", cardStatus)).toBe("deactivated")
    }
  })

  it("the wallets are taken in turn", () => {
    expect([0, 1, 2, 3].map(Lifecycle.walletFor)).toEqual(["wallet_a", "wallet_b", "wallet_c", "wallet_a"])
  })
})
