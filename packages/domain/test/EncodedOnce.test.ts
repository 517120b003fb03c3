import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as fc from "fast-check"
import { Account } from "../src/accounts/Account.js"
import { AccountNumber } from "../src/accounts/AccountNumber.js"
import { Entity } from "../src/accounts/Entity.js"
import { ExternalAccount } from "../src/accounts/ExternalAccount.js"
import { Card } from "../src/cards/Card.js"
import { CardPayment } from "../src/cards/CardPayment.js"
import { DigitalWalletToken } from "../src/cards/DigitalWalletToken.js"
import * as EncodedOnce from "../src/core/EncodedOnce.js"
import { RealTimeDecision } from "../src/decisions/RealTimeDecisionResource.js"
import { Event } from "../src/events/Event.js"
import { EventSubscription } from "../src/events/EventSubscription.js"
import { WebhookAttempt } from "../src/events/WebhookAttempt.js"
import { CheckDeposit } from "../src/mail/CheckDepositObject.js"
import { File } from "../src/mail/File.js"
import { InboundMailItem } from "../src/mail/InboundMailItem.js"
import { LockboxAddress } from "../src/mail/LockboxAddress.js"
import { LockboxRecipient } from "../src/mail/LockboxRecipient.js"
import { BookkeepingAccount, BookkeepingEntry, BookkeepingEntrySet } from "../src/money/Bookkeeping.js"
import { DeclinedTransaction } from "../src/money/DeclinedTransaction.js"
import { PendingTransaction } from "../src/money/PendingTransaction.js"
import { Transaction } from "../src/money/Transaction.js"
import { fromSchema } from "../src/testing/FromSchema.js"
import { InboundWireDrawdownRequest } from "../src/wires/InboundWireDrawdownRequest.js"
import { WireTransfer } from "../src/wires/WireTransferObject.js"

/** A JSON round trip: what the database's jsonb gives back of a body. */
const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/**
 * The law the store relies on: a body the schema wrote, decoded, is kept as
 * the value's encoding and is what the value encodes to afresh.
 */
const storedBodyLaw = <S extends Schema.Codec<unknown, unknown> & Schema.Top>(name: string, schema: S) =>
  it(`${name}: a stored body read back is its value's encoding`, () => {
    const encode = Schema.encodeSync(schema)
    const decodeCanonical = EncodedOnce.decodeCanonicalEffect(schema)
    fc.assert(
      fc.property(fromSchema(schema, { size: 4 }), (value) => {
        const body = throughJson(encode(value))
        const decoded = Effect.runSync(decodeCanonical(body))
        expect(EncodedOnce.recall(schema, decoded)).toBe(body)
        expect(throughJson(encode(decoded))).toStrictEqual(body)
      }),
      { numRuns: 15 }
    )
  })

describe("EncodedOnce", () => {
  // Every schema the store keeps resources by (`store/ResourceTable`, and events' columns): their bodies are answered as kept.
  storedBodyLaw("Account", Account)
  storedBodyLaw("AccountNumber", AccountNumber)
  storedBodyLaw("BookkeepingAccount", BookkeepingAccount)
  storedBodyLaw("BookkeepingEntry", BookkeepingEntry)
  storedBodyLaw("BookkeepingEntrySet", BookkeepingEntrySet)
  storedBodyLaw("Card", Card)
  storedBodyLaw("CardPayment", CardPayment)
  storedBodyLaw("CheckDeposit", CheckDeposit)
  storedBodyLaw("DeclinedTransaction", DeclinedTransaction)
  storedBodyLaw("DigitalWalletToken", DigitalWalletToken)
  storedBodyLaw("Entity", Entity)
  storedBodyLaw("Event", Event)
  storedBodyLaw("EventSubscription", EventSubscription)
  storedBodyLaw("ExternalAccount", ExternalAccount)
  storedBodyLaw("File", File)
  storedBodyLaw("InboundMailItem", InboundMailItem)
  storedBodyLaw("InboundWireDrawdownRequest", InboundWireDrawdownRequest)
  storedBodyLaw("LockboxAddress", LockboxAddress)
  storedBodyLaw("LockboxRecipient", LockboxRecipient)
  storedBodyLaw("PendingTransaction", PendingTransaction)
  storedBodyLaw("RealTimeDecision", RealTimeDecision)
  storedBodyLaw("Transaction", Transaction)
  storedBodyLaw("WebhookAttempt", WebhookAttempt)
  storedBodyLaw("WireTransfer", WireTransfer)

  it("answers an encoding from the value it was made for, under the schema it was made by", () => {
    const encode = EncodedOnce.encodeEffect(Account)
    fc.assert(
      fc.property(fromSchema(Account, { size: 4 }), fromSchema(Account, { size: 4 }), (value, other) => {
        const first = Effect.runSync(encode(value))
        expect(first).toStrictEqual(Schema.encodeSync(Account)(value))
        // Kept: the same object again.
        expect(Effect.runSync(encode(value))).toBe(first)
        expect(EncodedOnce.recall(Account, value)).toBe(first)
        // Another value, even an equal copy, and another schema know nothing of it.
        expect(EncodedOnce.recall(Account, new Account(value))).toBeUndefined()
        expect(EncodedOnce.recall(Schema.Unknown, value)).toBeUndefined()
        expect(EncodedOnce.recall(Account, other === value ? new Account(other) : other)).toBeUndefined()
      }),
      { numRuns: 30 }
    )
  })

  it("keeps nothing for a body that does not decode", () => {
    const result = Effect.runSync(Effect.result(EncodedOnce.decodeCanonicalEffect(Account)({ id: 1 })))
    expect(result._tag).toBe("Failure")
  })
})
