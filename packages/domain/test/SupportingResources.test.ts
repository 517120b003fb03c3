import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as fc from "fast-check"
import * as AccountNumber from "../src/accounts/AccountNumber.js"
import * as ExternalAccount from "../src/accounts/ExternalAccount.js"
import * as RoutingNumber from "../src/accounts/RoutingNumber.js"
import * as CheckDeposit from "../src/mail/CheckDeposit.js"
import * as InboundMailItem from "../src/mail/InboundMailItem.js"
import * as PendingTransaction from "../src/money/PendingTransaction.js"
import {
  actionInboundMailItemArbitraryFor,
  checkDepositIdArbitrary,
  createExternalAccountArbitrary,
  pendingInboundMailItemArbitrary,
  pendingTransactionArbitrary,
  timestampArbitrary,
  transactionIdArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"
import { errorPaths, toJsonObject } from "./support/Violations.js"

const emptyOrTooLong = fc.oneof(fc.constant(""), fc.integer({ min: 201, max: 300 }).map((length) => "z".repeat(length)))

describe("pending transactions", () => {
  prop("complete only a pending one, once, emitting pending_transaction.updated", [
    pendingTransactionArbitrary,
    timestampArbitrary
  ], ([pendingTransaction, at]) => {
    const result = PendingTransaction.complete(pendingTransaction, at)
    if (pendingTransaction.status === "complete") {
      expect(Result.isFailure(result)).toBe(true)
      return
    }
    const { events, next } = Result.getOrThrow(result)
    expect(next.status).toBe("complete")
    expect(next.completed_at).toEqual(at)
    expect(next.amount).toBe(pendingTransaction.amount)
    expect(events).toEqual([{
      category: "pending_transaction.updated",
      associatedObjectType: "pending_transaction",
      associatedObjectId: next.id
    }])
    expect(Result.isFailure(PendingTransaction.complete(next, at))).toBe(true)
  })

  prop(
    "only the client's own holds can be released",
    [pendingTransactionArbitrary, timestampArbitrary],
    ([pendingTransaction, at]) => {
      const released = PendingTransaction.release(pendingTransaction, at)
      expect(Result.isSuccess(released)).toBe(
        pendingTransaction.source.category === "user_initiated_hold" && pendingTransaction.status === "pending"
      )
    }
  )

  prop(
    "a client hold's amount is a negative integer",
    [fc.oneof(fc.nat(), fc.constant(-1.5), fc.constant("-5"))],
    ([amount]) => {
      expect(errorPaths(PendingTransaction.CreatePendingTransaction, { account_id: "account_1", amount })).toContain(
        "amount"
      )
    }
  )
})

describe("external accounts and account numbers", () => {
  prop(
    "create bodies report routing number, account number and description at their fields",
    [
      createExternalAccountArbitrary,
      fc.oneof(
        fc.stringMatching(/^\d{9}$/).filter((digits) => !RoutingNumber.isValid(digits)).map((value) =>
          ["routing_number", value] as const
        ),
        fc.string().filter((text) => !/^\d{1,17}$/.test(text)).map((value) => ["account_number", value] as const),
        emptyOrTooLong.map((value) => ["description", value] as const)
      )
    ],
    ([body, [field, value]]) => {
      const broken = { ...toJsonObject(Schema.encodeSync(ExternalAccount.CreateExternalAccount)(body)), [field]: value }
      expect(errorPaths(ExternalAccount.CreateExternalAccount, broken)).toContain(field)
    }
  )

  prop("an account number's name is 1 to 200 characters", [emptyOrTooLong], ([name]) => {
    expect(errorPaths(AccountNumber.CreateAccountNumber, { account_id: "account_1", name })).toContain("name")
    expect(errorPaths(AccountNumber.UpdateAccountNumber, { name })).toContain("name")
  })

  it("the bank's routing number is a valid ABA number", () => {
    expect(RoutingNumber.isValid(AccountNumber.bankRoutingNumber)).toBe(true)
  })
})

describe("check deposits", () => {
  prop("amount is a positive integer", [fc.integer({ max: 0 })], ([amount]) => {
    const body = { account_id: "account_1", amount, front_image_file_id: "file_1", back_image_file_id: "file_2" }
    expect(errorPaths(CheckDeposit.CreateCheckDeposit, body)).toContain("amount")
  })

  prop(
    "a check deposited from the mail is accepted at once and credits its account",
    [
      pendingInboundMailItemArbitrary.chain((item) =>
        fc.tuple(fc.constant(item), actionInboundMailItemArbitraryFor(item.checks.length))
      ),
      fc.array(checkDepositIdArbitrary, { minLength: 4, maxLength: 4 }),
      timestampArbitrary,
      transactionIdArbitrary
    ],
    ([[item, body], checkDepositIds, createdAt, transactionId]) => {
      const { effects } = Result.getOrThrow(InboundMailItem.action(item, { body, checkDepositIds }))
      for (const deposit of effects) {
        const { effects: money, events, next } = CheckDeposit.depositFromMail({ deposit, createdAt, transactionId })
        expect(next.status).toBe("submitted")
        expect(next.inbound_mail_item_id).toBe(item.id)
        expect(next.transaction_id).toBe(transactionId)
        expect(events).toEqual([{
          category: "check_deposit.created",
          associatedObjectType: "check_deposit",
          associatedObjectId: deposit.checkDepositId
        }])
        expect(money).toMatchObject([
          {
            kind: "post_transaction",
            accountId: deposit.accountId,
            amount: deposit.amount,
            source: { category: "check_deposit_acceptance" }
          }
        ])
      }
    }
  )
})
