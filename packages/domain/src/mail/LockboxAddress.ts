/**
 * Lockbox addresses: mailing addresses where the service receives checks.
 *
 *   create ─▶ pending ─activate (the service assigns the address)─▶ active ⇄ disabled
 *   pending | active | disabled ─PATCH status=canceled─▶ canceled (terminal: every update refused)
 *
 * Only an `active` address accepts mail and new recipients.
 */
import { Data, Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { LockboxAddressId } from "../core/Ids.js"
import { LockboxAddressWrongStatus } from "../core/Refusals.js"
import { idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"

export const LockboxAddressStatus = Schema.Literals(["pending", "active", "disabled", "canceled"])
export type LockboxAddressStatus = typeof LockboxAddressStatus.Type

export const MailingAddress = Schema.Struct({
  city: described(Schema.String, "The city of the address."),
  line1: described(Schema.String, "The first line of the address."),
  line2: described(Schema.String, "The second line of the address."),
  postal_code: described(Schema.String, "The postal code (ZIP code) of the address."),
  state: described(Schema.String, "The two-letter USPS abbreviation of the state of the address.")
})
export type MailingAddress = typeof MailingAddress.Type

const requestableStatusDescription =
  "`active`: it receives mail. `disabled`: it does not, until made active again. `canceled`: permanently disabled; it can no longer change. A `pending` address can only be canceled."

export class LockboxAddress extends Schema.Class<LockboxAddress>("LockboxAddress")({
  id: described(LockboxAddressId, "The Lockbox Address identifier."),
  /** Null while `pending`: the address is generated shortly after creation. */
  address: described(
    Schema.NullOr(MailingAddress),
    "The mailing address to send checks to; null while the address is `pending` (it is generated shortly after creation)."
  ),
  created_at: described(Timestamp, "When the Lockbox Address was created (ISO 8601, UTC)."),
  description: described(
    Schema.NullOr(Schema.String),
    "The description you chose for the Lockbox Address; null when none."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  status: described(
    LockboxAddressStatus,
    "The status of the Lockbox Address. `pending`: its mailing address is being generated. `active`: it receives mail and takes new Lockbox Recipients. `disabled`: it does not. `canceled`: permanently disabled."
  ),
  type: described(Schema.tag("lockbox_address"), "Always `lockbox_address`: the type of this object.")
}) {}

/** `POST /lockbox_addresses`. */
export const CreateLockboxAddress = Schema.Struct({
  description: Schema.optionalKey(
    described(ShortText, "The description you choose for the Lockbox Address, 1 to 200 characters.")
  )
}).annotate({ identifier: "CreateLockboxAddress" })
export type CreateLockboxAddress = typeof CreateLockboxAddress.Type

/** The statuses a client may ask for. */
export const RequestedLockboxAddressStatus = Schema.Literals(["active", "disabled", "canceled"])
export type RequestedLockboxAddressStatus = typeof RequestedLockboxAddressStatus.Type

/** `PATCH /lockbox_addresses/{id}`. */
export const UpdateLockboxAddress = Schema.Struct({
  description: Schema.optionalKey(
    described(ShortText, "The new description of the Lockbox Address, 1 to 200 characters.")
  ),
  status: Schema.optionalKey(
    described(
      RequestedLockboxAddressStatus,
      `The status to move the Lockbox Address to. ${requestableStatusDescription}`
    )
  )
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
  Result.fail(new LockboxAddressWrongStatus({ detail: `lockbox address ${address.id} ${detail}` }))

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
): Result.Result<Transition, LockboxAddressWrongStatus> => {
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

/**
 * A new address as the sandbox makes it: created `pending`, then assigned its
 * mailing address (`sandboxMailingAddress`) at once, so it is `active`; both
 * moves' events are emitted.
 */
export const createInSandbox = (input: CreateInput): Result.Result<Transition, LockboxAddressWrongStatus> => {
  const created = create(input)
  return Result.map(
    transition(created.next, Command.Activate({ address: sandboxMailingAddress(input.id) })),
    (activated) => ({ next: activated.next, events: [...created.events, ...activated.events] })
  )
}
