/**
 * Account numbers route money into an account from outside (ACH, wires,
 * checks). An account can have many; each can be disabled or canceled on its own.
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { AccountId, AccountNumberId } from "../core/Ids.js"
import { CommaSeparated, idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { type AccountClosed, AccountNumberWrongStatus } from "../core/Refusals.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { type Account, requireOpen } from "./Account.js"

/** A US account number as typed in a request: digits only, at most 17 of them. */
export const AccountNumberDigits = Schema.String.check(
  Schema.isPattern(/^\d{1,17}$/u, { message: "must be 1 to 17 digits" })
).annotate({ identifier: "AccountNumberDigits", description: "A US bank account number: 1 to 17 digits." })

/** The routing number of the accounts this service holds (valid ABA check digit). */
export const bankRoutingNumber = "101050001"

export const AccountNumberStatus = Schema.Literals(["active", "disabled", "canceled"])
export type AccountNumberStatus = typeof AccountNumberStatus.Type

const statusDescription =
  "Whether payments can be made to the Account Number. `active`: they can. `disabled`: temporarily not. `canceled`: permanently not."

const DebitStatus = Schema.Literals(["allowed", "blocked"])

const debitStatusDescription =
  "Whether ACH debits are allowed against this Account Number (they are still declined while it is not active). `allowed`: ACH debits are allowed. `blocked`: they are blocked."

const CheckStatus = Schema.Literals(["allowed", "check_transfers_only"])

const checkStatusDescription =
  "How checks with this Account Number printed on them are processed. `allowed`: even when they match no Check Transfer. `check_transfers_only`: only when they match an existing Check Transfer."

export const InboundAch = Schema.Struct({
  debit_status: described(DebitStatus, debitStatusDescription)
})

export const InboundChecks = Schema.Struct({
  status: described(CheckStatus, checkStatusDescription)
})

export class AccountNumber extends Schema.Class<AccountNumber>("AccountNumber")({
  id: described(AccountNumberId, "The Account Number identifier."),
  account_id: described(AccountId, "The identifier of the Account this Account Number routes money into."),
  account_number: described(Schema.String, "The account number: share it with whoever sends you money."),
  created_at: described(Timestamp, "When the Account Number was created (ISO 8601, UTC)."),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  inbound_ach: described(InboundAch, "How this Account Number handles inbound ACH transfers."),
  inbound_checks: described(InboundChecks, "How this Account Number handles inbound check withdrawals."),
  name: described(Schema.String, "The name you chose for the Account Number."),
  routing_number: described(
    Schema.String,
    "The American Bankers' Association (ABA) routing transit number to give with the account number."
  ),
  status: described(AccountNumberStatus, statusDescription),
  type: described(Schema.tag("account_number"), "Always `account_number`: the type of this object.")
}) {}

/** `POST /account_numbers`. */
export const CreateAccountNumber = Schema.Struct({
  account_id: described(AccountId, "The identifier of the Account the Account Number routes money into."),
  name: described(ShortText, "The name you choose for the Account Number, 1 to 200 characters."),
  inbound_ach: Schema.optionalKey(
    described(
      InboundAch,
      "How the Account Number handles inbound ACH transfers; ACH debits are `allowed` when omitted."
    )
  ),
  inbound_checks: Schema.optionalKey(
    described(
      InboundChecks,
      "How the Account Number handles inbound check withdrawals; `check_transfers_only` when omitted."
    )
  )
}).annotate({ identifier: "CreateAccountNumber" })
export type CreateAccountNumber = typeof CreateAccountNumber.Type

/**
 * The digits of a new account number, each drawn by the bank in its half-open
 * range: twelve digits, the first not zero (so that the number keeps its
 * length wherever it is parsed). `accountNumberOf` joins the draws.
 */
export const accountNumberDigitRanges: ReadonlyArray<readonly [number, number]> = Array.from(
  { length: 12 },
  (_, index) => index === 0 ? [1, 10] as const : [0, 10] as const
)

/** The account number of the drawn digits (one per `accountNumberDigitRanges` range). */
export const accountNumberOf = (digits: ReadonlyArray<number>): string => digits.join("")

export interface CreateInput {
  readonly id: AccountNumberId
  readonly createdAt: Timestamp
  readonly idempotencyKey: string | null
  readonly body: CreateAccountNumber
  /** The new number (`accountNumberOf`), unique across the database. */
  readonly accountNumber: string
}

/**
 * A new account number: active, under this bank's routing number; ACH debits
 * allowed and only checks matching a Check Transfer accepted unless the body
 * says otherwise. Emits `account_number.created`.
 */
export const create = (
  input: CreateInput
): { readonly next: AccountNumber; readonly events: ReadonlyArray<PendingEvent> } => {
  const next = new AccountNumber({
    id: input.id,
    account_id: input.body.account_id,
    account_number: input.accountNumber,
    created_at: input.createdAt,
    idempotency_key: input.idempotencyKey,
    inbound_ach: input.body.inbound_ach ?? { debit_status: "allowed" },
    inbound_checks: input.body.inbound_checks ?? { status: "check_transfers_only" },
    name: input.body.name,
    routing_number: bankRoutingNumber,
    status: "active"
  })
  return { next, events: [pendingEvent("account_number.created", "account_number", next.id)] }
}

/** `PATCH /account_numbers/{id}`: the fields the SDK 0.583's `account_numbers.update` takes. */
export const UpdateAccountNumber = Schema.Struct({
  name: Schema.optionalKey(described(ShortText, "The new name of the Account Number, 1 to 200 characters.")),
  status: Schema.optionalKey(described(AccountNumberStatus, statusDescription)),
  inbound_ach: Schema.optionalKey(
    described(
      Schema.Struct({ debit_status: Schema.optionalKey(described(DebitStatus, debitStatusDescription)) }),
      "How the Account Number handles inbound ACH transfers."
    )
  ),
  inbound_checks: Schema.optionalKey(
    described(InboundChecks, "How the Account Number handles inbound check withdrawals.")
  )
}).annotate({ identifier: "UpdateAccountNumber" })
export type UpdateAccountNumber = typeof UpdateAccountNumber.Type

export interface Transition {
  readonly next: AccountNumber
  readonly events: ReadonlyArray<PendingEvent>
}

/**
 * Whether an account number may go from one status to another: `active` and
 * `disabled` into each other or into `canceled` (and stay as they are);
 * `canceled` is final.
 */
const nextStatuses: { readonly [From in AccountNumberStatus]: ReadonlyArray<AccountNumberStatus> } = {
  active: ["active", "disabled", "canceled"],
  disabled: ["active", "disabled", "canceled"],
  canceled: []
}

export const statusMayChange = (from: AccountNumberStatus, to: AccountNumberStatus): boolean =>
  nextStatuses[from].includes(to)

/** A new account number routes into an open account only (409 for a closed one). */
export const creatableOn = (account: Account): Result.Result<Account, AccountClosed> => requireOpen(account)

/**
 * `PATCH`: each field the body gives replaces the number's (`inbound_ach`
 * field by field). A canceled number takes no change, and one routing into a
 * closed account cannot be made `active` again (409). Emits `account_number.updated`.
 */
export const update = (
  current: AccountNumber,
  account: Account,
  body: UpdateAccountNumber
): Result.Result<Transition, AccountNumberWrongStatus | AccountClosed> => {
  const status = body.status ?? current.status
  if (!statusMayChange(current.status, status)) {
    return Result.fail(
      new AccountNumberWrongStatus({
        detail: `Account Number ${current.id} is canceled: it can no longer be changed.`
      })
    )
  }
  if (status === "active" && current.status !== "active") {
    const open = requireOpen(account)
    if (Result.isFailure(open)) return Result.fail(open.failure)
  }
  const next = new AccountNumber({
    ...current,
    name: body.name ?? current.name,
    status,
    inbound_ach: { debit_status: body.inbound_ach?.debit_status ?? current.inbound_ach.debit_status },
    inbound_checks: body.inbound_checks ?? current.inbound_checks
  })
  return Result.succeed({ next, events: [pendingEvent("account_number.updated", "account_number", next.id)] })
}

/** `GET /account_numbers` filters (beside the paging of `ListParameters`). */
export const AccountNumberFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Account Numbers of this Account."
  }),
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription }),
  "status.in": Schema.optional(CommaSeparated(AccountNumberStatus)).annotateKey({
    description:
      "Return only Account Numbers with one of these statuses, comma-separated: `active`, `disabled`, `canceled`."
  }),
  "ach_debit_status.in": Schema.optional(CommaSeparated(DebitStatus)).annotateKey({
    description:
      "Return only Account Numbers whose ACH debit status is one of these, comma-separated: `allowed`, `blocked`."
  })
})
export type AccountNumberFilter = typeof AccountNumberFilter.Type
