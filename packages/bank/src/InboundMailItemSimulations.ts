/**
 * The sandbox's simulated mail (decisions.md d): one envelope with one check
 * arrives at a lockbox address or recipient, unless its amount is one of the
 * sandbox's rejection amounts (`InboundMailItem.sandboxRejectionOf`). A
 * `runStep`: the load finds the lockbox and draws the envelope's images (the
 * sandbox's stand-in for the scanner, as files of their own), the domain
 * decides the arrival (`InboundMailItem.receive`), and `InboundMailItems`
 * writes it with its deposits, all in one transaction.
 */
import * as CheckImage from "@moneta/domain/CheckImage"
import * as InboundMailItem from "@moneta/domain/InboundMailItem"
import type { LockboxAddress } from "@moneta/domain/LockboxAddress"
import type { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import type { SimulateInboundMailItem } from "@moneta/domain/Simulations"
import { newId } from "@moneta/store/IdGenerator"
import { LockboxAddressStore } from "@moneta/store/LockboxAddresses"
import { LockboxRecipientStore } from "@moneta/store/LockboxRecipients"
import { Context, Effect, Layer } from "effect"
import { Files } from "./Files.js"
import { checkDepositId, InboundMailItems } from "./InboundMailItems.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

/** The line a simulated envelope is addressed to. */
const mailedTo = (address: LockboxAddress, recipient: LockboxRecipient | null): string => {
  const street = address.address === null ? address.id : `${address.address.line1}, ${address.address.line2}`
  return recipient === null ? street : `${street}, mail stop ${recipient.mail_stop_code}`
}

export class InboundMailItemSimulations
  extends Context.Service<InboundMailItemSimulations>()("@moneta/bank/InboundMailItemSimulations", {
    make: Effect.gen(function*() {
      const items = yield* InboundMailItems
      const addresses = yield* LockboxAddressStore
      const recipients = yield* LockboxRecipientStore
      const files = yield* Files

      /** The recipient and address simulated mail goes to (a recipient's mail goes to its own address). */
      const destinationOf = (body: SimulateInboundMailItem) =>
        Effect.gen(function*() {
          const recipientId = body.lockbox_recipient_id
          const recipient = recipientId === undefined
            ? null
            : yield* findOwn("lockbox_recipient", recipientId, recipients.find)
          const addressId = recipient?.lockbox_address_id ?? body.lockbox_address_id
          if (addressId === undefined) {
            return yield* Effect.die(new Error("the simulation body names neither lockbox id"))
          }
          const address = yield* findOwn("lockbox_address", addressId, addresses.find)
          return { address, recipient }
        })

      /** What arrived: the lockbox, the envelope's scan and the check's images, and the ids the arrival needs. */
      const arrival = (body: SimulateInboundMailItem) =>
        Effect.gen(function*() {
          const { address, recipient } = yield* destinationOf(body)
          const contentsFileId = body.contents_file_id
          const contents = contentsFileId === undefined ? null : yield* files.retrieve(contentsFileId)
          const sandboxRejection = InboundMailItem.sandboxRejectionOf(body.amount)
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
          const scan = contents ?? (yield* image(
            "inbound_mail_item",
            sandboxRejection === "no_check" ? CheckImage.emptyMailScan(mailed.mailedTo) : CheckImage.mailScan(mailed)
          ))
          // An envelope without a check has no check to draw.
          const checks: Array<InboundMailItem.ReceivedCheck> = []
          if (sandboxRejection !== "no_check") {
            const front = yield* image("check_image_front", CheckImage.front(mailed))
            const back = yield* image("check_image_back", CheckImage.back())
            checks.push({
              amount: body.amount,
              frontFileId: front.id,
              backFileId: back.id,
              checkDepositId: yield* checkDepositId
            })
          }
          return {
            id: yield* newId("inbound_mail_item"),
            createdAt: at,
            fileId: scan.id,
            checks,
            address,
            recipient,
            sandboxRejection
          } satisfies InboundMailItem.ReceiveInput
        })

      /**
       * Sandbox: one envelope with one check of `amount` arrives (none for the
       * `no_check` amount). Its images are drawn from the check; the scan of
       * the item is `contents_file_id` when given (404 unless it is one of the
       * caller's files).
       */
      const create = (body: SimulateInboundMailItem) =>
        runStep({
          load: arrival(body),
          decide: (input) => always(InboundMailItem.receive(input)),
          persist: (step, input) => items.receive(step, input.createdAt)
        })

      return {
        create: spanned("bank.InboundMailItemSimulations.create", create, (body) => ({ "moneta.amount": body.amount }))
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([InboundMailItems.Default, LockboxAddressStore.Default, LockboxRecipientStore.Default, Files.Default])
  )
}
