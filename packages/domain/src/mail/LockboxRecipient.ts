/**
 * Lockbox recipients: inboxes at a lockbox address, each with the account that
 * receives the checks mailed to it.
 *
 *   create ─▶ active ⇄ disabled ─▶ canceled (terminal: every update refused)
 *
 * Mail to a recipient that is not `active` is rejected (`lockbox_recipient_not_active`).
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { AccountId, LockboxAddressId, LockboxRecipientId } from "../core/Ids.js"
import { idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { LockboxAddressWrongStatus, LockboxRecipientCanceled } from "../core/Refusals.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { acceptsMail, type LockboxAddress } from "./LockboxAddress.js"

export const LockboxRecipientStatus = Schema.Literals(["active", "disabled", "canceled"])
export type LockboxRecipientStatus = typeof LockboxRecipientStatus.Type

const statusDescription =
  "`active`: checks mailed to it are deposited into its Account. `disabled`: they are rejected. `canceled`: they are rejected, and it can no longer change."

export class LockboxRecipient extends Schema.Class<LockboxRecipient>("LockboxRecipient")({
  id: described(LockboxRecipientId, "The Lockbox Recipient identifier."),
  account_id: described(
    AccountId,
    "The identifier of the Account the checks mailed to this Lockbox Recipient are deposited into."
  ),
  created_at: described(Timestamp, "When the Lockbox Recipient was created (ISO 8601, UTC)."),
  description: described(
    Schema.NullOr(Schema.String),
    "The description you chose for the Lockbox Recipient; null when none."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  lockbox_address_id: described(
    LockboxAddressId,
    "The identifier of the Lockbox Address where this Lockbox Recipient receives mail."
  ),
  mail_stop_code: described(
    Schema.String,
    "The code that identifies this Lockbox Recipient at its Lockbox Address: include it in the mailing address of mail meant for it."
  ),
  recipient_name: described(
    Schema.NullOr(Schema.String),
    "The name of the Lockbox Recipient, as mail is addressed to it; null when none was given."
  ),
  /** Nullable on the wire (SDK); this service always sets it. */
  status: described(
    Schema.NullOr(LockboxRecipientStatus),
    `The status of the Lockbox Recipient. ${statusDescription} Never null here (the SDK allows it).`
  ),
  type: described(Schema.tag("lockbox_recipient"), "Always `lockbox_recipient`: the type of this object.")
}) {}

/** `POST /lockbox_recipients`. */
export const CreateLockboxRecipient = Schema.Struct({
  account_id: described(
    AccountId,
    "The identifier of the Account to deposit the checks mailed to the Lockbox Recipient into."
  ),
  lockbox_address_id: described(
    LockboxAddressId,
    "The identifier of the Lockbox Address where the Lockbox Recipient receives mail; it must be `active`."
  ),
  description: Schema.optionalKey(
    described(ShortText, "The description you choose for the Lockbox Recipient, 1 to 200 characters.")
  ),
  recipient_name: Schema.optionalKey(
    described(ShortText, "The name mail is addressed to, 1 to 200 characters.")
  )
}).annotate({ identifier: "CreateLockboxRecipient" })
export type CreateLockboxRecipient = typeof CreateLockboxRecipient.Type

/** `PATCH /lockbox_recipients/{id}`. */
export const UpdateLockboxRecipient = Schema.Struct({
  description: Schema.optionalKey(
    described(ShortText, "The new description of the Lockbox Recipient, 1 to 200 characters.")
  ),
  recipient_name: Schema.optionalKey(described(ShortText, "The new name mail is addressed to, 1 to 200 characters.")),
  status: Schema.optionalKey(
    described(LockboxRecipientStatus, `The status to move the Lockbox Recipient to. ${statusDescription}`)
  )
}).annotate({ identifier: "UpdateLockboxRecipient" })
export type UpdateLockboxRecipient = typeof UpdateLockboxRecipient.Type

export interface Transition {
  readonly next: LockboxRecipient
  readonly events: ReadonlyArray<PendingEvent>
}

const event = (recipient: LockboxRecipient, change: "created" | "updated"): PendingEvent =>
  pendingEvent(`lockbox.${change}`, "lockbox_recipient", recipient.id)

/** Mail stop codes are short and unambiguous when read aloud or handwritten. */
export const mailStopCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
export const mailStopCodeLength = 6

/** The draws a new mail stop code is made of: one index into `mailStopCodeAlphabet` (each `[min, max)`) per character. */
export const mailStopCodeDraws: ReadonlyArray<readonly [number, number]> = Array.from(
  { length: mailStopCodeLength },
  () => [0, mailStopCodeAlphabet.length] as const
)

/** The mail stop code of the drawn indices (one per `mailStopCodeDraws` range). */
export const mailStopCodeOf = (draws: ReadonlyArray<number>): string =>
  draws.map((index) => mailStopCodeAlphabet[index] ?? "").join("")

export interface CreateInput {
  readonly id: LockboxRecipientId
  readonly createdAt: Timestamp
  readonly body: CreateLockboxRecipient
  /** The address named by the body, loaded by the bank. */
  readonly address: LockboxAddress
  /** Unique at the address; the bank draws it (see `mailStopCodeAlphabet`). */
  readonly mailStopCode: string
  readonly idempotencyKey: string | null
}

/** A new recipient is `active`; its address must be active too. */
export const create = (input: CreateInput): Result.Result<Transition, LockboxAddressWrongStatus> => {
  if (!acceptsMail(input.address)) {
    return Result.fail(
      new LockboxAddressWrongStatus({
        detail: `lockbox address ${input.address.id} is ${input.address.status}: recipients need an active address`
      })
    )
  }
  const next = new LockboxRecipient({
    id: input.id,
    account_id: input.body.account_id,
    created_at: input.createdAt,
    description: input.body.description ?? null,
    idempotency_key: input.idempotencyKey,
    lockbox_address_id: input.address.id,
    mail_stop_code: input.mailStopCode,
    recipient_name: input.body.recipient_name ?? null,
    status: "active"
  })
  return Result.succeed({ next, events: [event(next, "created")] })
}

export const isTerminal = (status: LockboxRecipientStatus | null): boolean => status === "canceled"

/** Whether mail for this recipient is deposited (otherwise it is rejected). */
export const acceptsMailFor = (recipient: LockboxRecipient): boolean => recipient.status === "active"

/**
 * `PATCH /lockbox_recipients/{id}`: any field of a recipient that is not
 * canceled. An update that changes something emits `lockbox.updated`.
 */
export const update = (
  recipient: LockboxRecipient,
  body: UpdateLockboxRecipient
): Result.Result<Transition, LockboxRecipientCanceled> => {
  if (isTerminal(recipient.status)) {
    return Result.fail(
      new LockboxRecipientCanceled({
        detail: `lockbox recipient ${recipient.id} is canceled and can no longer be changed`
      })
    )
  }
  const next = new LockboxRecipient({
    ...recipient,
    description: body.description ?? recipient.description,
    recipient_name: body.recipient_name ?? recipient.recipient_name,
    status: body.status ?? recipient.status
  })
  const changed = next.description !== recipient.description ||
    next.recipient_name !== recipient.recipient_name ||
    next.status !== recipient.status
  return Result.succeed({ next, events: changed ? [event(next, "updated")] : [] })
}

/** `GET /lockbox_recipients` filters (beside the paging of `ListParameters`). */
export const LockboxRecipientFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Lockbox Recipients whose checks are deposited into this Account."
  }),
  lockbox_address_id: Schema.optional(LockboxAddressId).annotateKey({
    description: "Return only the Lockbox Recipients at this Lockbox Address."
  }),
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription })
})
export type LockboxRecipientFilter = typeof LockboxRecipientFilter.Type
