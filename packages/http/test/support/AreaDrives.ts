/**
 * The calls the "fields never set" measure of every area but cards makes
 * through the official SDK (0.583; 0.405 for bookkeeping): each resource
 * created with full bodies and moved through the states the sandbox reaches,
 * then read back. Every object a call returns goes to `add`.
 */
import type Increase from "increase"
import { toFile } from "increase"
import type Increase405 from "increase-405"

const address = { line1: "33 Liberty Street", line2: "Floor 4", city: "New York", state: "NY", zip: "10045" }

const individual = (name: string) => ({
  name,
  date_of_birth: "1970-01-31",
  address: { ...address, country: "US" },
  identification: { method: "social_security_number" as const, number: "078051120" },
  confirmed_no_us_tax_id: false
})

const foreignIndividual = (name: string) => ({
  name,
  date_of_birth: "1980-05-05",
  address: { line1: "1 Main St", city: "Springfield", state: "IL", zip: "62701", country: "US" },
  identification: {
    method: "passport" as const,
    number: "123456789",
    passport: { country: "GB", expiration_date: "2030-01-01", file_id: "" }
  }
})

const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9])

const upload = (sdk: Increase, purpose: Increase.FileCreateParams["purpose"], name: string) =>
  toFile(image, name, { type: "image/png" }).then((file) => sdk.files.create({ file, purpose, description: name }))

/** Entities of all five structures, with every optional field the SDK's create takes, then updated and archived. */
const driveEntities = async (sdk: Increase, add: <A>(value: A) => A) => {
  add(await upload(sdk, "entity_supplemental_document", "document.png"))
  const formation = add(await upload(sdk, "trust_formation_document", "formation.png"))
  const passport = add(await upload(sdk, "identity_document", "passport.png"))
  const terms = [{ agreed_at: "2026-11-01T00:00:00.000Z", ip_address: "192.0.2.1", terms_url: "https://x.test/t" }]
  const common = {
    description: "Coverage entity",
    risk_rating: { rated_at: "2026-11-01T00:00:00.000Z", rating: "low" as const },
    terms_agreements: terms,
    third_party_verification: { reference: "ver_1", vendor: "alloy" as const }
  }
  const foreign = foreignIndividual("Ada Lovelace")
  const foreignPassport = {
    ...foreign,
    identification: {
      ...foreign.identification,
      passport: { ...foreign.identification.passport, file_id: passport.id }
    }
  }
  const person = add(
    await sdk.entities.create({ ...common, structure: "natural_person", natural_person: individual("Ian Crease") })
  )
  add(await sdk.entities.create({ structure: "natural_person", natural_person: foreignPassport }))
  const corporation = add(
    await sdk.entities.create({
      ...common,
      structure: "corporation",
      corporation: {
        name: "Analytical Engines Inc.",
        address: { ...address, country: "US" },
        legal_identifier: { value: "602214076", category: "us_employer_identification_number" },
        beneficial_owners: [
          { individual: individual("Ian Crease"), prongs: ["ownership", "control"], company_title: "CEO" },
          { individual: foreignPassport, prongs: ["ownership"] }
        ],
        incorporation_state: "NY",
        industry_code: "5132",
        email: "treasury@example.com",
        website: "https://example.com"
      }
    })
  )
  add(
    await sdk.entities.create({
      structure: "corporation",
      corporation: {
        name: "Exempt Corp",
        address: { ...address, country: "US" },
        legal_identifier: { value: "GB123456789", category: "other" },
        beneficial_ownership_exemption_reason: "publicly_traded_company",
        beneficial_owners: []
      }
    })
  )
  add(
    await sdk.entities.create({
      ...common,
      structure: "joint",
      joint: { individuals: [individual("Ian Crease"), individual("Ada Crease")] }
    })
  )
  const trust = add(
    await sdk.entities.create({
      ...common,
      structure: "trust",
      trust: {
        name: "Crease Revocable Trust",
        category: "revocable",
        formation_document_file_id: formation.id,
        formation_state: "NY",
        address,
        grantor: individual("Ada Crease"),
        trustees: [{ structure: "individual", individual: individual("Ian Crease") }]
      }
    })
  )
  add(
    await sdk.entities.create({
      structure: "trust",
      trust: {
        name: "Crease Irrevocable Trust",
        category: "irrevocable",
        tax_identifier: "602214076",
        address,
        trustees: [{ structure: "individual", individual: individual("Ian Crease") }]
      }
    })
  )
  const authority = add(
    await sdk.entities.create({
      ...common,
      structure: "government_authority",
      government_authority: {
        name: "City of Springfield",
        category: "municipality",
        tax_identifier: "602214076",
        website: "https://springfield.example.gov",
        address,
        authorized_persons: [{ name: "Ian Crease" }]
      }
    })
  )
  add(await sdk.entities.update(person.id, { details_confirmed_at: "2026-11-02T00:00:00.000Z" }))
  add(await sdk.entities.update(trust.id, { trust: { name: "Crease Trust" } }))
  add(await sdk.entities.update(corporation.id, { corporation: { name: "Analytical Engines Corp." } }))
  add(await sdk.entities.archive(authority.id))
  return person.id
}

/** Wires through every status the sandbox reaches: approval, cancel, the four outcome numbers, a reversal. */
const driveWires = async (sdk: Increase, add: <A>(value: A) => A, accountId: string, numberId: string) => {
  const external = add(
    await sdk.externalAccounts.create({
      account_number: "987654321",
      routing_number: "021000021",
      description: "Supplier",
      account_holder: "business",
      funding: "checking"
    })
  )
  add(await sdk.externalAccounts.update(external.id, { description: "Supplier (renamed)" }))
  const archived = add(
    await sdk.externalAccounts.create({ account_number: "11223344", routing_number: "101050001", description: "Old" })
  )
  add(await sdk.externalAccounts.update(archived.id, { status: "archived", account_holder: "individual" }))
  const drawdown = add(
    await sdk.simulations.inboundWireDrawdownRequests.create({
      amount: 1_000,
      creditor_account_number: "987654321",
      creditor_routing_number: "021000021",
      currency: "USD",
      recipient_account_number_id: numberId,
      creditor_address_line1: "1 Main St",
      creditor_address_line2: "Suite 2",
      creditor_address_line3: "Springfield IL",
      creditor_name: "Creditor Inc",
      debtor_account_number: "123456789",
      debtor_address_line1: "33 Liberty Street",
      debtor_address_line2: "Floor 4",
      debtor_address_line3: "New York NY",
      debtor_name: "Debtor Inc",
      debtor_routing_number: "101050001",
      end_to_end_identification: "E2E-1",
      instruction_identification: "INSTR-1",
      unique_end_to_end_transaction_reference: "UETR-1",
      unstructured_remittance_information: "Invoice 7"
    })
  )
  const body = (account_number: string, require_approval: boolean): Increase.WireTransferCreateParams => ({
    account_id: accountId,
    amount: 1_000,
    creditor: {
      name: "Supplier Inc",
      address: { unstructured: { line1: "1 Main St", line2: "Springfield", line3: "IL 62701" } }
    },
    debtor: { name: "Coverage Debtor", address: { unstructured: { line1: "33 Liberty St", line2: "NY" } } },
    remittance: { category: "unstructured", unstructured: { message: "Invoice 42" } },
    account_number,
    routing_number: "021000021",
    source_account_number_id: numberId,
    require_approval
  })
  const complete = add(await sdk.wireTransfers.create(body("123456789", true)))
  add(await sdk.wireTransfers.approve(complete.id))
  add(await sdk.simulations.wireTransfers.submit(complete.id))
  add(await sdk.simulations.wireTransfers.reverse(complete.id))
  const canceled = add(await sdk.wireTransfers.create(body("123456789", true)))
  add(await sdk.wireTransfers.cancel(canceled.id))
  add(
    await sdk.wireTransfers.create({
      account_id: accountId,
      amount: 500,
      creditor: { name: "Tax Office" },
      remittance: {
        category: "tax",
        tax: { date: "2026-11-01", identification_number: "602214076", type_code: "09455" }
      },
      external_account_id: external.id,
      inbound_wire_drawdown_request_id: drawdown.id
    })
  )
  for (const outcome of ["100000000001", "100000000002", "100000000003", "100000000004"]) {
    const transfer = add(await sdk.wireTransfers.create(body(outcome, false)))
    add(await sdk.simulations.wireTransfers.submit(transfer.id))
    if (outcome >= "100000000003") add(await sdk.simulations.wireTransfers.submit(transfer.id))
  }
}

/**
 * Check deposits through the API (submit with and without a scan, reject,
 * return, a hold released, adjustments) and through mail (with the sandbox's
 * rejection amounts).
 */
const driveChecks = async (sdk: Increase, add: <A>(value: A) => A, accountId: string) => {
  const front = add(await upload(sdk, "check_image_front", "front.png"))
  const back = add(await upload(sdk, "check_image_back", "back.png"))
  const deposit = () =>
    sdk.checkDeposits.create({
      account_id: accountId,
      amount: 2_500,
      front_image_file_id: front.id,
      back_image_file_id: back.id,
      description: "Coverage deposit"
    })
  const returned = add(await deposit())
  add(
    await sdk.simulations.checkDeposits.submit(returned.id, {
      scan: { account_number: "123456789", routing_number: "101050001", auxiliary_on_us: "101", serial_number: "1042" }
    })
  )
  add(await sdk.simulations.checkDeposits.return(returned.id))
  const accepted = add(await deposit())
  const submitted = add(await sdk.simulations.checkDeposits.submit(accepted.id, {}))
  add(
    await sdk.simulations.pendingTransactions.releaseInboundFundsHold(
      submitted.inbound_funds_hold?.pending_transaction_id ?? ""
    )
  )
  add(await sdk.simulations.checkDeposits.adjustment(accepted.id, { amount: -500, reason: "adjusted_amount" }))
  add(await sdk.simulations.checkDeposits.adjustment(accepted.id, {}))
  const rejected = add(await deposit())
  add(await sdk.simulations.checkDeposits.reject(rejected.id))

  const seeded = (await sdk.lockboxAddresses.list()).data
  for (const item of seeded) add(item)
  const lockbox = add(await sdk.lockboxAddresses.create({ description: "Coverage lockbox" }))
  add(await sdk.lockboxAddresses.update(lockbox.id, { description: "Coverage lockbox (renamed)" }))
  const activeAddress = seeded.find((each) => each.status === "active")?.id ?? lockbox.id
  const recipient = add(
    await sdk.lockboxRecipients.create({
      account_id: accountId,
      lockbox_address_id: activeAddress,
      recipient_name: "Ada Lovelace",
      description: "Rent"
    })
  )
  const contents = add(await upload(sdk, "mailed_check_image", "mail.png"))
  add(
    await sdk.simulations.inboundMailItems.create({
      amount: 2_000,
      lockbox_recipient_id: recipient.id,
      contents_file_id: contents.id
    })
  )
  const pending = add(
    await sdk.simulations.inboundMailItems.create({ amount: 1_000, lockbox_address_id: activeAddress })
  )
  add(await sdk.inboundMailItems.action(pending.id, { checks: [{ action: "deposit", account_id: accountId }] }))
  const ignored = add(await sdk.simulations.inboundMailItems.create({ amount: 300, lockbox_address_id: activeAddress }))
  add(await sdk.inboundMailItems.action(ignored.id, { checks: [{ action: "ignore" }] }))
  add(await sdk.lockboxRecipients.update(recipient.id, { status: "disabled", description: "Old rent" }))
  add(await sdk.simulations.inboundMailItems.create({ amount: 100, lockbox_recipient_id: recipient.id }))
  // The sandbox's rejection amounts (decisions.md, "Sandbox mail outcomes").
  for (const amount of [99_999_901, 99_999_902, 99_999_903]) {
    add(await sdk.simulations.inboundMailItems.create({ amount, lockbox_recipient_id: recipient.id }))
  }
}

/** Bookkeeping through the 0.405 SDK (0.583 has none). */
const driveBookkeeping = async (
  sdk: Increase,
  old: Increase405,
  add: <A>(value: A) => A,
  accountId: string,
  entityId: string
) => {
  const cash = add(
    await old.bookkeepingAccounts.create({
      name: "Cash",
      compliance_category: "commingled_cash",
      account_id: accountId
    })
  )
  const customers = add(
    await old.bookkeepingAccounts.create({
      name: "Customers",
      compliance_category: "customer_balance",
      entity_id: entityId
    })
  )
  add(await old.bookkeepingAccounts.update(customers.id, { name: "Customer balances" }))
  const payment = add(await sdk.simulations.interestPayments.create({ account_id: accountId, amount: 900 }))
  add(
    await old.bookkeepingEntrySets.create({
      transaction_id: payment.id,
      entries: [{ account_id: cash.id, amount: 900 }, { account_id: customers.id, amount: -900 }]
    })
  )
  add(
    await old.bookkeepingEntrySets.create({
      date: "2030-06-30T00:00:00Z",
      entries: [{ account_id: customers.id, amount: 100 }, { account_id: cash.id, amount: -100 }]
    })
  )
  add(await old.bookkeepingAccounts.balance(cash.id))
  add(await old.bookkeepingEntries.list({ account_id: cash.id, limit: 100 }))
  add(await old.bookkeepingEntrySets.list({ limit: 100 }))
  add(await old.bookkeepingAccounts.list({ limit: 100 }))
}

/** Drives every area but cards; returns the accounts it used, for the read-back. */
export const driveAreas = async (sdk: Increase, old: Increase405, add: <A>(value: A) => A) => {
  add(
    await sdk.eventSubscriptions.create({
      url: "https://hooks.example.com/all",
      shared_secret: "coverage-secret-0123456789"
    })
  )
  const subscription = add(
    await sdk.eventSubscriptions.create({
      url: "https://hooks.example.com/one",
      selected_event_categories: [{ event_category: "account.created" }]
    })
  )
  add(await sdk.eventSubscriptions.update(subscription.id, { status: "disabled" }))
  const entityId = await driveEntities(sdk, add)
  const account = add(
    await sdk.accounts.create({ name: "Coverage areas", entity_id: entityId, informational_entity_id: entityId })
  )
  add(await sdk.accounts.update(account.id, { name: "Coverage areas (renamed)" }))
  add(
    await sdk.simulations.interestPayments.create({
      account_id: account.id,
      amount: 1_000_000,
      accrued_on_account_id: account.id,
      period_start: "2026-10-01T00:00:00Z",
      period_end: "2026-10-31T00:00:00Z"
    })
  )
  add(await sdk.accounts.balance(account.id))
  add(await sdk.accounts.balance(account.id, { at_time: "2026-01-01T00:00:00Z" }))
  const number = add(
    await sdk.accountNumbers.create({
      account_id: account.id,
      name: "Coverage number",
      inbound_ach: { debit_status: "blocked" },
      inbound_checks: { status: "check_transfers_only" }
    })
  )
  const spare = add(await sdk.accountNumbers.create({ account_id: account.id, name: "Spare" }))
  add(await sdk.accountNumbers.update(spare.id, { status: "disabled" }))
  add(await sdk.accountNumbers.update(spare.id, { status: "canceled" }))
  await driveWires(sdk, add, account.id, number.id)
  await driveChecks(sdk, add, account.id)
  await driveBookkeeping(sdk, old, add, account.id, entityId)
  // transactions, holds and declines are shared with the card area, whose money moves through a card route:
  // one authorization, settled, and a decline stand for it (their card objects are the card measure's)
  const card = await sdk.cards.create({ account_id: account.id })
  const hold = await sdk.simulations.cardAuthorizations.create({ amount: 100, card_id: card.id })
  await sdk.simulations.cardAuthorizations.create({ amount: 100, card_id: card.id, decline_reason: "card_not_active" })
  if (hold.pending_transaction !== null) {
    await sdk.simulations.cardSettlements.create({
      card_id: card.id,
      pending_transaction_id: hold.pending_transaction.id
    })
  }
  const empty = add(await sdk.accounts.create({ name: "Coverage closed" }))
  add(await sdk.accounts.close(empty.id))
  return [account.id, empty.id]
}

/** Reads back every list the drive filled. */
export const readBackAreas = async (
  sdk: Increase,
  add: (value: unknown) => void,
  accountIds: ReadonlyArray<string>
) => {
  for (const account_id of accountIds) {
    for await (const transaction of sdk.transactions.list({ account_id, limit: 100 })) add(transaction)
    add(await sdk.pendingTransactions.list({ account_id, limit: 100 }))
    add(await sdk.declinedTransactions.list({ account_id, limit: 100 }))
    add(await sdk.checkDeposits.list({ account_id, limit: 100 }))
    add(await sdk.wireTransfers.list({ account_id, limit: 100 }))
    add(await sdk.accountNumbers.list({ account_id, limit: 100 }))
  }
  add(await sdk.accounts.list({ limit: 100 }))
  add(await sdk.entities.list({ limit: 100 }))
  add(await sdk.externalAccounts.list({ limit: 100 }))
  add(await sdk.inboundMailItems.list({ limit: 100 }))
  add(await sdk.lockboxRecipients.list({ limit: 100 }))
  add(await sdk.files.list({ limit: 100 }))
  for await (const event of sdk.events.list({ limit: 100 })) add(event)
  add(await sdk.eventSubscriptions.list({ limit: 100 }))
  add(await sdk.inboundWireDrawdownRequests.list({ limit: 100 }))
}
