/**
 * Inbound mail items: physical mail (checks) received at a lockbox address.
 *
 *   received for an active recipient ─▶ processed (its checks deposited into the recipient's account)
 *   received at an active address ─▶ pending ─action─▶ processed (each check deposited or ignored)
 *   received where the address or recipient is not active ─▶ rejected (nothing deposited)
 *   received in the sandbox with one of its rejection amounts ─▶ rejected for that amount's reason
 *
 * The action body lists one entry per check, in the item's order
 * (`checks[i]` acts on the item's `checks[i]`, decisions.md h).
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { FieldError } from "../core/Errors.js"
import {
  AccountId,
  CheckDepositId,
  FileId,
  InboundMailItemId,
  LockboxAddressId,
  LockboxRecipientId
} from "../core/Ids.js"
import { InboundMailItemChecksMismatch, InboundMailItemNotPending, namingFields } from "../core/Refusals.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { Amount } from "../money/Money.js"
import { acceptsMail, type LockboxAddress } from "./LockboxAddress.js"
import { acceptsMailFor, type LockboxRecipient } from "./LockboxRecipient.js"

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

/**
 * The rejection reasons the sandbox cannot reach from its lockboxes' state,
 * reached instead by simulated mail of a magic amount (decisions.md, "Sandbox
 * mail outcomes"): Increase's simulation takes no reason.
 */
export const SandboxRejectionReason = Schema.Literals(["no_check", "no_matching_lockbox", "lockbox_not_active"])
export type SandboxRejectionReason = typeof SandboxRejectionReason.Type

/** The magic amount (cents; $999,999.01 to .03) of each reason: amounts no test or client sends by chance. */
export const sandboxRejectionAmounts: { readonly [Reason in SandboxRejectionReason]: number } = {
  no_check: 99_999_901,
  no_matching_lockbox: 99_999_902,
  lockbox_not_active: 99_999_903
}

/** The reason simulated mail of `amount` is rejected for in the sandbox; null for any other amount. */
export const sandboxRejectionOf = (amount: number): SandboxRejectionReason | null => {
  for (const reason of SandboxRejectionReason.literals) {
    if (sandboxRejectionAmounts[reason] === amount) return reason
  }
  return null
}

export const CheckStatus = Schema.Literals(["pending", "deposited", "ignored"])
export type CheckStatus = typeof CheckStatus.Type

export const Check = Schema.Struct({
  amount: described(Amount, "The amount of the check, in the minor unit of the currency (cents for USD)."),
  back_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with the image of the back of the check; null when there is none."
  ),
  /** Set only once the check is deposited. */
  check_deposit_id: described(
    Schema.NullOr(CheckDepositId),
    "The identifier of the Check Deposit the check became; null unless it was deposited."
  ),
  front_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with the image of the front of the check; null when there is none (the item's scan shows it)."
  ),
  /** Null on rejected items: their checks were never processed. */
  status: described(
    Schema.NullOr(CheckStatus),
    "What became of the check. `pending`: awaiting an action. `deposited`: deposited (see `check_deposit_id`). `ignored`: ignored. Null on a rejected mail item, whose checks were never processed."
  )
})
export type Check = typeof Check.Type

export class InboundMailItem extends Schema.Class<InboundMailItem>("InboundMailItem")({
  id: described(InboundMailItemId, "The Inbound Mail Item identifier."),
  checks: described(
    Schema.Array(Check),
    "The checks in the mail item, in order: an action's `checks[i]` acts on `checks[i]`."
  ),
  created_at: described(Timestamp, "When the mail item was received (ISO 8601, UTC)."),
  file_id: described(FileId, "The identifier of the File with the scanned contents of the mail item."),
  lockbox_address_id: described(LockboxAddressId, "The identifier of the Lockbox Address that received the mail item."),
  lockbox_recipient_id: described(
    Schema.NullOr(LockboxRecipientId),
    "The identifier of the Lockbox Recipient the mail item was for; null when it could not be routed to one (mail to the address itself)."
  ),
  recipient_name: described(
    Schema.NullOr(Schema.String),
    "The recipient's name as written on the mail item; null when none could be read."
  ),
  rejection_reason: described(
    Schema.NullOr(RejectionReason),
    "Why the mail item was rejected. `no_matching_lockbox`: it matches no lockbox. `no_check`: it holds no check. `lockbox_not_active`: the lockbox or its Account is not active. `lockbox_address_not_active`: the Lockbox Address is not active. `lockbox_recipient_not_active`: the Lockbox Recipient or its Account is not active. Null unless it was rejected."
  ),
  status: described(
    InboundMailItemStatus,
    "Whether the mail item has been processed. `pending`: awaiting an action on its checks. `processed`: each check was deposited or ignored. `rejected`: it was refused (see `rejection_reason`); nothing was deposited."
  ),
  type: described(Schema.tag("inbound_mail_item"), "Always `inbound_mail_item`: the type of this object.")
}) {}

export const CheckActionKind = Schema.Literals(["deposit", "ignore"])
export type CheckActionKind = typeof CheckActionKind.Type

/** One check's fate: `deposit` names the account to credit, `ignore` names none. */
export const CheckAction = Schema.Struct({
  action: described(
    CheckActionKind,
    "What to do with the check. `deposit`: deposit it into `account_id` (a Check Deposit is created). `ignore`: leave it undeposited."
  ),
  account_id: Schema.optionalKey(
    described(
      AccountId,
      "The identifier of the Account to deposit the check into: required to deposit, absent to ignore."
    )
  )
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
  checks: described(
    Schema.Array(CheckAction).check(Schema.isMinLength(1, { message: "must list at least one check" })),
    "One action per check of the mail item, in the item's order: `checks[i]` acts on the item's `checks[i]`."
  )
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
  /** The sandbox's magic-amount rejection (`sandboxRejectionOf`): it wins over every other reason. */
  readonly sandboxRejection?: SandboxRejectionReason | null | undefined
}

const rejectionReason = (input: ReceiveInput): RejectionReason | null => {
  if (input.sandboxRejection !== undefined && input.sandboxRejection !== null) return input.sandboxRejection
  if (input.checks.length === 0) return "no_check"
  if (!acceptsMail(input.address)) return "lockbox_address_not_active"
  if (input.recipient !== null && !acceptsMailFor(input.recipient)) return "lockbox_recipient_not_active"
  return null
}

/**
 * Mail arrives. For an active recipient its checks are deposited at once into
 * the recipient's account; at an address it waits, `pending`, for an action;
 * where the address or recipient is not active it is rejected. Mail rejected
 * with `no_check` holds no check; with `no_matching_lockbox` it names no
 * recipient (it reached the address, but none could be read off it).
 */
export const receive = (input: ReceiveInput): Transition => {
  const reason = rejectionReason(input)
  const depositsAtOnce = reason === null && input.recipient !== null
  const checkStatus: CheckStatus | null = reason !== null ? null : depositsAtOnce ? "deposited" : "pending"
  const checks = reason === "no_check" ? [] : input.checks
  const recipient = reason === "no_matching_lockbox" ? null : input.recipient
  const next = new InboundMailItem({
    id: input.id,
    checks: checks.map((check) => ({
      amount: check.amount,
      back_file_id: check.backFileId,
      check_deposit_id: depositsAtOnce ? check.checkDepositId : null,
      front_file_id: check.frontFileId,
      status: checkStatus
    })),
    created_at: input.createdAt,
    file_id: input.fileId,
    lockbox_address_id: input.address.id,
    lockbox_recipient_id: recipient?.id ?? null,
    recipient_name: recipient?.recipient_name ?? null,
    rejection_reason: reason,
    status: reason !== null ? "rejected" : depositsAtOnce ? "processed" : "pending"
  })
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
  Result.fail(new InboundMailItemNotPending({ detail: `inbound mail item ${item.id} ${detail}` }))

/**
 * Deposits or ignores each check of a pending item; the item becomes
 * `processed`. Refused with 409 unless the item and its checks are pending, and
 * with 400 (`checks`) when the body does not list exactly one entry per check.
 */
export const action = (
  item: InboundMailItem,
  command: ActionCommand
): Result.Result<Transition, InboundMailItemNotPending | InboundMailItemChecksMismatch> => {
  if (item.status !== "pending") return invalidOperation(item, `is ${item.status}, only pending items can be actioned`)
  const pendingIndex = item.checks.findIndex((check) => check.status !== "pending")
  if (pendingIndex !== -1) return invalidOperation(item, `has check ${pendingIndex} that is no longer pending`)
  if (command.body.checks.length !== item.checks.length) {
    const message =
      `must list one action per check of the mail item (it has ${item.checks.length}, got ${command.body.checks.length})`
    return Result.fail(
      new InboundMailItemChecksMismatch(namingFields([new FieldError({ field: "checks", message })]))
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
  lockbox_address_id: Schema.optional(LockboxAddressId).annotateKey({
    description: "Return only the mail items received at this Lockbox Address."
  }),
  lockbox_recipient_id: Schema.optional(LockboxRecipientId).annotateKey({
    description: "Return only the mail items for this Lockbox Recipient."
  })
})
export type InboundMailItemFilter = typeof InboundMailItemFilter.Type
