/**
 * Inbound mail items (decisions.md h) and the sandbox's simulated mail
 * (decisions.md d). Each operation asks the domain (`InboundMailItem.receive`
 * / `action`) for the item's next state and the checks to deposit; the
 * deposits (`CheckDeposit.depositFromMail`), their crediting Transactions,
 * the item and every event commit in one database transaction, and a refused
 * step writes nothing.
 *
 * Lock order: the mail item row, then the credited accounts in id order (the
 * Ledger), before any row that references an account is written.
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import * as CheckDeposit from "@moneta/domain/CheckDeposit"
import * as CheckImage from "@moneta/domain/CheckImage"
import { CheckDepositId, InboundMailItemId, TransactionId } from "@moneta/domain/Ids"
import * as InboundMailItem from "@moneta/domain/InboundMailItem"
import type { LockboxAddress } from "@moneta/domain/LockboxAddress"
import type { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import type { SimulateInboundMailItem } from "@moneta/domain/Simulations"
import { CheckDeposits as CheckDepositStore } from "@moneta/store/CheckDeposits"
import { makeId } from "@moneta/store/IdGenerator"
import { InboundMailItems as InboundMailItemStore } from "@moneta/store/InboundMailItems"
import { LockboxAddresses as LockboxAddressStore } from "@moneta/store/LockboxAddresses"
import { LockboxRecipients as LockboxRecipientStore } from "@moneta/store/LockboxRecipients"
import { transactionally } from "@moneta/store/UnitOfWork"
import { type DateTime, Effect } from "effect"
import { Events } from "./Events.js"
import { Files } from "./Files.js"
import { Ledger } from "./Ledger.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

export type InboundMailItemListParameters = ListParameters & InboundMailItem.InboundMailItemFilter

const checkDepositId = Effect.map(makeId("check_deposit"), CheckDepositId.make)
const transactionId = Effect.map(makeId("transaction"), TransactionId.make)

/** The line a simulated envelope is addressed to. */
const mailedTo = (address: LockboxAddress, recipient: LockboxRecipient | null): string => {
  const street = address.address === null ? address.id : `${address.address.line1}, ${address.address.line2}`
  return recipient === null ? street : `${street}, mail stop ${recipient.mail_stop_code}`
}

export class InboundMailItems extends Effect.Service<InboundMailItems>()("@moneta/bank/InboundMailItems", {
  effect: Effect.gen(function*() {
    const store = yield* InboundMailItemStore
    const addresses = yield* LockboxAddressStore
    const recipients = yield* LockboxRecipientStore
    const checkDeposits = yield* CheckDepositStore
    const files = yield* Files
    const ledger = yield* Ledger
    const events = yield* Events

    /**
     * Writes a step: the deposits' credits first (they lock the accounts; an
     * account that is not the caller's is a 404 with nothing written), then
     * the item, the deposits and all events.
     */
    const persist = (step: InboundMailItem.Transition, at: DateTime.Utc, write: Effect.Effect<void, never, Tenant>) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const deposits: Array<CheckDeposit.Transition> = []
        for (const deposit of step.effects) {
          deposits.push(CheckDeposit.depositFromMail({ deposit, createdAt: at, transactionId: yield* transactionId }))
        }
        yield* ledger.apply(deposits.flatMap((deposit) => deposit.effects), at)
        yield* write
        for (const deposit of deposits) yield* checkDeposits.insert(tenant, deposit.next)
        yield* events.record([...step.events, ...deposits.flatMap((deposit) => deposit.events)], at)
        return step.next
      })

    const action = (id: InboundMailItemId, body: InboundMailItem.ActionInboundMailItem) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const item = yield* store.lock(tenant, id).pipe(orNotFound("inbound_mail_item", id))
        const at = yield* now
        const checkDepositIds: Array<CheckDepositId> = []
        for (const _check of item.checks) checkDepositIds.push(yield* checkDepositId)
        const step = yield* InboundMailItem.action(item, { body, checkDepositIds })
        return yield* persist(step, at, store.update(tenant, step.next))
      }))

    /** The recipient and address simulated mail goes to (a recipient's mail goes to its own address). */
    const destinationOf = (body: SimulateInboundMailItem) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const recipientId = body.lockbox_recipient_id
        const recipient = recipientId === undefined
          ? null
          : yield* recipients.find(tenant, recipientId).pipe(orNotFound("lockbox_recipient", recipientId))
        const addressId = recipient?.lockbox_address_id ?? body.lockbox_address_id
        if (addressId === undefined) return yield* Effect.dieMessage("the simulation body names neither lockbox id")
        const address = yield* addresses.find(tenant, addressId).pipe(orNotFound("lockbox_address", addressId))
        return { address, recipient }
      })

    /**
     * Sandbox: one envelope with one check of `amount` arrives. Its images are
     * drawn from the check; the scan of the item is `contents_file_id` when
     * given (404 unless it is one of the caller's files).
     */
    const simulate = (body: SimulateInboundMailItem) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const { address, recipient } = yield* destinationOf(body)
        const contentsFileId = body.contents_file_id
        const contents = contentsFileId === undefined ? null : yield* files.retrieve(contentsFileId)
        const at = yield* now
        const mailed: CheckImage.MailedCheck = {
          amount: body.amount,
          payee: recipient?.recipient_name ?? null,
          mailedTo: mailedTo(address, recipient)
        }
        const image = (purpose: "check_image_front" | "check_image_back" | "inbound_mail_item", svg: string) =>
          files.produce({
            purpose,
            filename: `${purpose}.svg`,
            mimeType: CheckImage.mimeType,
            description: "Sandbox simulated mail",
            contents: svg
          }, at)
        const scan = contents ?? (yield* image("inbound_mail_item", CheckImage.mailScan(mailed)))
        const front = yield* image("check_image_front", CheckImage.front(mailed))
        const back = yield* image("check_image_back", CheckImage.back())
        const step = InboundMailItem.receive({
          id: InboundMailItemId.make(yield* makeId("inbound_mail_item")),
          createdAt: at,
          fileId: scan.id,
          checks: [{ amount: body.amount, frontFileId: front.id, backFileId: back.id, checkDepositId: yield* checkDepositId }],
          address,
          recipient
        })
        return yield* persist(step, at, store.insert(tenant, step.next))
      }))

    const retrieve = (id: InboundMailItemId) => findOwn("inbound_mail_item", id, store.find)

    const list = (parameters: InboundMailItemListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, {
        lockboxAddressId: parameters.lockbox_address_id,
        lockboxRecipientId: parameters.lockbox_recipient_id
      }))

    return traced("InboundMailItems", { action, simulate, retrieve, list } as const)
  }),
  dependencies: [
    InboundMailItemStore.Default,
    LockboxAddressStore.Default,
    LockboxRecipientStore.Default,
    CheckDepositStore.Default,
    Files.Default,
    Ledger.Default,
    Events.Default
  ]
}) {}
