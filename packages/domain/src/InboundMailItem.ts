/**
 * Inbound mail items: physical mail (checks) received at a lockbox address.
 *
 *   received for an active recipient ─▶ processed (its checks deposited into the recipient's account)
 *   received at an active address ─▶ pending ─action─▶ processed (each check deposited or ignored)
 *   received where the address or recipient is not active ─▶ rejected (nothing deposited)
 *
 * The action body lists one entry per check, in the item's order
 * (`checks[i]` acts on the item's `checks[i]`, decisions.md h).
 */
import { Result, Schema } from "effect"
import { FieldError, InvalidOperationError, InvalidParametersError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { AccountId, CheckDepositId, FileId, InboundMailItemId, LockboxAddressId, LockboxRecipientId } from "./Ids.js"
import { acceptsMail, type LockboxAddress } from "./LockboxAddress.js"
import { acceptsMailFor, type LockboxRecipient } from "./LockboxRecipient.js"
import { Amount } from "./Money.js"
import { Timestamp } from "./Timestamp.js"

export const InboundMailItemStatus = Schema.Literals(["pending", "processed", "rejected"])
export type InboundMailItemStatus = typeof InboundMailItemStatus.Type

export const RejectionReason = Schema.Literals([
  "no_matching_lockbox",
  "no_check",
  "lockbox_not_active",
  "lockbox_address_not_active",
  "lockbox_recipient_not_active"
])
export type RejectionReason = typeof RejectionReason.Type

export const CheckStatus = Schema.Literals(["pending", "deposited", "ignored"])
export type CheckStatus = typeof CheckStatus.Type

export const Check = Schema.Struct({
  amount: Amount,
  back_file_id: Schema.NullOr(FileId),
  /** Set only once the check is deposited. */
  check_deposit_id: Schema.NullOr(CheckDepositId),
  front_file_id: Schema.NullOr(FileId),
  /** Null on rejected items: their checks were never processed. */
  status: Schema.NullOr(CheckStatus)
})
export type Check = typeof Check.Type

export class InboundMailItem extends Schema.Class<InboundMailItem>("InboundMailItem")({
  id: InboundMailItemId,
  checks: Schema.Array(Check),
  created_at: Timestamp,
  file_id: FileId,
  lockbox_address_id: LockboxAddressId,
  lockbox_recipient_id: Schema.NullOr(LockboxRecipientId),
  recipient_name: Schema.NullOr(Schema.String),
  rejection_reason: Schema.NullOr(RejectionReason),
  status: InboundMailItemStatus,
  type: Schema.tag("inbound_mail_item")
}) {}

export const CheckActionKind = Schema.Literals(["deposit", "ignore"])
export type CheckActionKind = typeof CheckActionKind.Type

/** One check's fate: `deposit` names the account to credit, `ignore` names none. */
export const CheckAction = Schema.Struct({
  action: CheckActionKind,
  account_id: Schema.optionalKey(AccountId)
}).check(
  Schema.makeFilter((check) => {
    if (check.action === "deposit" && check.account_id === undefined) {
      return { path: ["account_id"], issue: "is required when action is deposit" }
    }
    if (check.action === "ignore" && check.account_id !== undefined) {
      return { path: ["account_id"], issue: "must be absent when action is ignore" }
    }
    return undefined
  })
)
export type CheckAction = typeof CheckAction.Type

/** `POST /inbound_mail_items/{id}/action`. */
export const ActionInboundMailItem = Schema.Struct({
  checks: Schema.Array(CheckAction).check(Schema.isMinLength(1, { message: "must list at least one check" }))
}).annotate({ identifier: "ActionInboundMailItem" })
export type ActionInboundMailItem = typeof ActionInboundMailItem.Type

/** Create a Check Deposit for one check (`CheckDeposit.depositFromMail`), crediting `accountId`. */
export interface DepositCheck {
  readonly kind: "deposit_check"
  readonly checkDepositId: CheckDepositId
  readonly accountId: AccountId
  readonly amount: number
  /** The check's front image, or the scan of the whole item when the check has none. */
  readonly frontImageFileId: FileId
  readonly backImageFileId: FileId | null
  readonly inboundMailItemId: InboundMailItemId
  readonly lockboxRecipientId: LockboxRecipientId | null
}

export interface Transition {
  readonly next: InboundMailItem
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<DepositCheck>
}

const event = (item: InboundMailItem, change: "created" | "updated"): PendingEvent =>
  pendingEvent(`inbound_mail_item.${change}`, "inbound_mail_item", item.id)

const depositOf = (
  item: InboundMailItem,
  check: Check,
  checkDepositId: CheckDepositId,
  accountId: AccountId
): DepositCheck => ({
  kind: "deposit_check",
  checkDepositId,
  accountId,
  amount: check.amount,
  frontImageFileId: check.front_file_id ?? item.file_id,
  backImageFileId: check.back_file_id,
  inboundMailItemId: item.id,
  lockboxRecipientId: item.lockbox_recipient_id
})

// ---------------------------------------------------------------------------
// Receiving mail (the sandbox simulation)
// ---------------------------------------------------------------------------

export interface ReceivedCheck {
  readonly amount: number
  readonly frontFileId: FileId | null
  readonly backFileId: FileId | null
  /** Reserved by the bank; used only if the check is deposited on arrival. */
  readonly checkDepositId: CheckDepositId
}

export interface ReceiveInput {
  readonly id: InboundMailItemId
  readonly createdAt: Timestamp
  /** The scan of the whole envelope. */
  readonly fileId: FileId
  readonly checks: ReadonlyArray<ReceivedCheck>
  /** The address the mail came to (a recipient's own address when a recipient is named). */
  readonly address: LockboxAddress
  readonly recipient: LockboxRecipient | null
}

const rejectionReason = (input: ReceiveInput): RejectionReason | null => {
  if (input.checks.length === 0) return "no_check"
  if (!acceptsMail(input.address)) return "lockbox_address_not_active"
  if (input.recipient !== null && !acceptsMailFor(input.recipient)) return "lockbox_recipient_not_active"
  return null
}

/**
 * Mail arrives. For an active recipient its checks are deposited at once into
 * the recipient's account; at an address it waits, `pending`, for an action;
 * where the address or recipient is not active it is rejected.
 */
export const receive = (input: ReceiveInput): Transition => {
  const reason = rejectionReason(input)
  const depositsAtOnce = reason === null && input.recipient !== null
  const checkStatus: CheckStatus | null = reason !== null ? null : depositsAtOnce ? "deposited" : "pending"
  const next = new InboundMailItem({
    id: input.id,
    checks: input.checks.map((check) => ({
      amount: check.amount,
      back_file_id: check.backFileId,
      check_deposit_id: depositsAtOnce ? check.checkDepositId : null,
      front_file_id: check.frontFileId,
      status: checkStatus
    })),
    created_at: input.createdAt,
    file_id: input.fileId,
    lockbox_address_id: input.address.id,
    lockbox_recipient_id: input.recipient?.id ?? null,
    recipient_name: input.recipient?.recipient_name ?? null,
    rejection_reason: reason,
    status: reason !== null ? "rejected" : depositsAtOnce ? "processed" : "pending"
  })
  const recipient = input.recipient
  const effects = depositsAtOnce && recipient !== null
    ? next.checks.flatMap((check, index) => {
      const reserved = input.checks[index]
      return reserved === undefined ? [] : [depositOf(next, check, reserved.checkDepositId, recipient.account_id)]
    })
    : []
  return { next, events: [event(next, "created")], effects }
}

// ---------------------------------------------------------------------------
// Actioning a pending item
// ---------------------------------------------------------------------------

export interface ActionCommand {
  readonly body: ActionInboundMailItem
  /** One id per check of the item, reserved by the bank; those of ignored checks are discarded. */
  readonly checkDepositIds: ReadonlyArray<CheckDepositId>
}

const invalidOperation = (item: InboundMailItem, detail: string) =>
  Result.fail(new InvalidOperationError({ detail: `inbound mail item ${item.id} ${detail}` }))

/**
 * Deposits or ignores each check of a pending item; the item becomes
 * `processed`. Refused with 409 unless the item and its checks are pending, and
 * with 400 (`checks`) when the body does not list exactly one entry per check.
 */
export const action = (
  item: InboundMailItem,
  command: ActionCommand
): Result.Result<Transition, InvalidOperationError | InvalidParametersError> => {
  if (item.status !== "pending") return invalidOperation(item, `is ${item.status}, only pending items can be actioned`)
  const pendingIndex = item.checks.findIndex((check) => check.status !== "pending")
  if (pendingIndex !== -1) return invalidOperation(item, `has check ${pendingIndex} that is no longer pending`)
  if (command.body.checks.length !== item.checks.length) {
    const message =
      `must list one action per check of the mail item (it has ${item.checks.length}, got ${command.body.checks.length})`
    return Result.fail(
      new InvalidParametersError({
        detail: `checks: ${message}`,
        errors: [new FieldError({ field: "checks", message })]
      })
    )
  }
  if (command.checkDepositIds.length < item.checks.length) {
    return invalidOperation(item, "was actioned without a check deposit id per check")
  }
  const decided = item.checks.map((check, index) => {
    const requested = command.body.checks[index]
    const checkDepositId = command.checkDepositIds[index]
    return requested?.action === "deposit" && requested.account_id !== undefined && checkDepositId !== undefined
      ? {
        check: { ...check, status: "deposited" as const, check_deposit_id: checkDepositId },
        accountId: requested.account_id
      }
      : { check: { ...check, status: "ignored" as const }, accountId: null }
  })
  const next = new InboundMailItem({ ...item, status: "processed", checks: decided.map(({ check }) => check) })
  const effects = decided.flatMap(({ accountId, check }) =>
    accountId !== null && check.check_deposit_id !== null
      ? [depositOf(next, check, check.check_deposit_id, accountId)]
      : []
  )
  return Result.succeed({ next, events: [event(next, "updated")], effects })
}

/** `GET /inbound_mail_items` filters (beside the paging of `ListParameters`). */
export const InboundMailItemFilter = Schema.Struct({
  lockbox_address_id: Schema.optional(LockboxAddressId),
  lockbox_recipient_id: Schema.optional(LockboxRecipientId)
})
export type InboundMailItemFilter = typeof InboundMailItemFilter.Type
