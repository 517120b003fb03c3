/** Helpers of the mail tests: lockbox addresses, recipients and simulated mail through the typed client. */
import { AccountId, type InboundMailItemId, type LockboxAddressId, type LockboxRecipientId } from "@moneta/domain/Ids"
import type { CheckAction } from "@moneta/domain/InboundMailItem"
import { Effect } from "effect"
import type { Client } from "./TestServer.js"

/** A new lockbox address of the test group (the sandbox activates it at once). */
export const activeAddress = (client: Client) =>
  Effect.map(client.lockboxAddresses.create({ payload: { description: "Mail test lockbox" } }), (address) => address.id)

export const recipientAt = (
  client: Client,
  accountId: string,
  lockboxAddressId: LockboxAddressId,
  recipientName = "Acme Receivables"
) =>
  client.lockboxRecipients.create({
    payload: {
      account_id: AccountId.make(accountId),
      lockbox_address_id: lockboxAddressId,
      recipient_name: recipientName
    }
  })

export const mailToRecipient = (client: Client, lockboxRecipientId: LockboxRecipientId, amount: number) =>
  client.inboundMailItemSimulations.create({ payload: { amount, lockbox_recipient_id: lockboxRecipientId } })

export const mailToAddress = (client: Client, lockboxAddressId: LockboxAddressId, amount: number) =>
  client.inboundMailItemSimulations.create({ payload: { amount, lockbox_address_id: lockboxAddressId } })

export const deposit = (accountId: string): CheckAction => ({
  action: "deposit",
  account_id: AccountId.make(accountId)
})
export const ignore: CheckAction = { action: "ignore" }

export const actionItem = (client: Client, id: InboundMailItemId, checks: ReadonlyArray<CheckAction>) =>
  client.inboundMailItems.action({ params: { inbound_mail_item_id: id }, payload: { checks } })
