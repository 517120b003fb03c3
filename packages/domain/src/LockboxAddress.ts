/**
 * Lockbox addresses: mailing addresses where the service receives checks.
 *
 *   create ─▶ pending ─activate (the service assigns the address)─▶ active ⇄ disabled
 *   pending | active | disabled ─PATCH status=canceled─▶ canceled (terminal: every update refused)
 *
 * Only an `active` address accepts mail and new recipients.
 */
import { Data, Result, Schema } from "effect"
import { InvalidOperationError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { LockboxAddressId } from "./Ids.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const LockboxAddressStatus = Schema.Literals(["pending", "active", "disabled", "canceled"])
export type LockboxAddressStatus = typeof LockboxAddressStatus.Type

export const MailingAddress = Schema.Struct({
  city: Schema.String,
  line1: Schema.String,
  line2: Schema.String,
  postal_code: Schema.String,
  state: Schema.String
})
export type MailingAddress = typeof MailingAddress.Type

export class LockboxAddress extends Schema.Class<LockboxAddress>("LockboxAddress")({
  id: LockboxAddressId,
  /** Null while `pending`: the address is generated shortly after creation. */
  address: Schema.NullOr(MailingAddress),
  created_at: Timestamp,
  description: Schema.NullOr(Schema.String),
  idempotency_key: Schema.NullOr(Schema.String),
  status: LockboxAddressStatus,
  type: Schema.tag("lockbox_address")
}) {}

/** `POST /lockbox_addresses`. */
export const CreateLockboxAddress = Schema.Struct({
  description: Schema.optionalKey(ShortText)
}).annotate({ identifier: "CreateLockboxAddress" })
export type CreateLockboxAddress = typeof CreateLockboxAddress.Type

/** The statuses a client may ask for. */
export const RequestedLockboxAddressStatus = Schema.Literals(["active", "disabled", "canceled"])
export type RequestedLockboxAddressStatus = typeof RequestedLockboxAddressStatus.Type

/** `PATCH /lockbox_addresses/{id}`. */
export const UpdateLockboxAddress = Schema.Struct({
  description: Schema.optionalKey(ShortText),
  status: Schema.optionalKey(RequestedLockboxAddressStatus)
}).annotate({ identifier: "UpdateLockboxAddress" })
export type UpdateLockboxAddress = typeof UpdateLockboxAddress.Type

export interface Transition {
  readonly next: LockboxAddress
  readonly events: ReadonlyArray<PendingEvent>
}

/** Lockbox addresses share the `lockbox.*` categories with lockbox recipients. */
const event = (address: LockboxAddress, change: "created" | "updated"): PendingEvent =>
  pendingEvent(`lockbox.${change}`, "lockbox_address", address.id)

export interface CreateInput {
  readonly id: LockboxAddressId
  readonly createdAt: Timestamp
  readonly body: CreateLockboxAddress
  readonly idempotencyKey: string | null
}

/** A new address starts `pending`, without its mailing address. */
export const create = (input: CreateInput): Transition => {
  const next = new LockboxAddress({
    id: input.id,
    address: null,
    created_at: input.createdAt,
    description: input.body.description ?? null,
    idempotency_key: input.idempotencyKey,
    status: "pending"
  })
  return { next, events: [event(next, "created")] }
}

/**
 * The mailing address the sandbox assigns on activation: one street address,
 * told apart by a lockbox number derived from the id.
 */
export const sandboxMailingAddress = (id: LockboxAddressId): MailingAddress => ({
  line1: "1 Lockbox Plaza",
  line2: `Lockbox ${id.slice(-8).toUpperCase()}`,
  city: "San Francisco",
  state: "CA",
  postal_code: "94105"
})

export type Command = Data.TaggedEnum<{
  /** The service assigned the mailing address: the address starts receiving mail. */
  Activate: { readonly address: MailingAddress }
  /** `PATCH /lockbox_addresses/{id}`. */
  Update: { readonly body: UpdateLockboxAddress }
}>
export const Command = Data.taggedEnum<Command>()

/** Moves a client may ask for; staying in the same status is always allowed. */
const requestableMoves: { readonly [From in LockboxAddressStatus]: ReadonlyArray<RequestedLockboxAddressStatus> } = {
  // A pending address has no mailing address yet: it can only be given up.
  pending: ["canceled"],
  active: ["disabled", "canceled"],
  disabled: ["active", "canceled"],
  canceled: []
}

export const isTerminal = (status: LockboxAddressStatus): boolean => status === "canceled"

/** Whether mail sent to this address is accepted. */
export const acceptsMail = (address: LockboxAddress): boolean => address.status === "active"

const refuse = (address: LockboxAddress, detail: string) =>
  Result.fail(new InvalidOperationError({ detail: `lockbox address ${address.id} ${detail}` }))

const changed = (before: LockboxAddress, after: LockboxAddress): boolean =>
  before.status !== after.status ||
  before.description !== after.description ||
  JSON.stringify(before.address) !== JSON.stringify(after.address)

const accept = (before: LockboxAddress, after: LockboxAddress): Transition => ({
  next: after,
  events: changed(before, after) ? [event(after, "updated")] : []
})

/** An accepted step emits `lockbox.updated` when it changed the address, and nothing otherwise. */
export const transition = (
  address: LockboxAddress,
  command: Command
): Result.Result<Transition, InvalidOperationError> => {
  if (isTerminal(address.status)) return refuse(address, "is canceled and can no longer be changed")
  return Command.$match(command, {
    Activate: ({ address: mailingAddress }) =>
      address.status === "pending"
        ? Result.succeed(accept(address, new LockboxAddress({ ...address, address: mailingAddress, status: "active" })))
        : refuse(address, `is ${address.status}, only a pending address can be activated`),
    Update: ({ body }) => {
      const status = body.status ?? address.status
      if (status !== address.status && !requestableMoves[address.status].some((allowed) => allowed === status)) {
        return refuse(address, `cannot go from ${address.status} to ${status}`)
      }
      const description = body.description ?? address.description
      return Result.succeed(accept(address, new LockboxAddress({ ...address, status, description })))
    }
  })
}
