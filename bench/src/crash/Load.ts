/**
 * What the clients do, and what they were told. The setup (before any
 * fault): two subscriptions to the receiver (every event; card
 * authorization decisions), funded accounts each with a card and a lockbox
 * recipient, a lockbox address, two bookkeeping accounts. Then each worker
 * sends, until told to stop, a mix of idempotent operations: wire transfers
 * (with and without approval), their approvals and cancellations, interest
 * payments, entry sets, card authorizations (decided by the receiver), mail
 * to a recipient (deposited at once) and mail to the address (deposited by
 * an action). Each acknowledged change is written into the ledger the
 * checks compare the database with; a tenth of the acknowledged operations
 * are sent again at once with their key, and must name the same object.
 */
import { randomUUID } from "node:crypto"
import { type Client, identityOf, isRecord, type Outcome, required } from "./Client.js"
import type { Findings } from "./Findings.js"
import type { Random } from "./Random.js"
import type { Receiver } from "./Receiver.js"

export const decisionCategory = "real_time_decision.card_authorization_requested"

export interface Setup {
  readonly accounts: ReadonlyArray<string>
  readonly cards: ReadonlyMap<string, string>
  readonly recipients: ReadonlyMap<string, string>
  readonly lockboxAddress: string
  readonly books: readonly [string, string]
  /** When the subscription to every event was created: the events checked are the ones since. */
  readonly subscribedAt: string
  readonly subscriptions: ReadonlyArray<string>
}

export interface Wire {
  readonly accountId: string
  readonly amount: number
  readonly key: string
  readonly requiresApproval: boolean
}

export interface CardAuthorization {
  readonly accountId: string
  readonly amount: number
}

/** What the clients were told. */
export interface Ledger {
  /** Account → transaction category → Σ acknowledged credits (funding and interest payments, mail deposits). */
  readonly credits: Map<string, Map<string, number>>
  /** Transaction category → how many acknowledged credits of it. */
  readonly creditCounts: Map<string, number>
  readonly wires: Map<string, Wire>
  /** Bookkeeping account → Σ acknowledged entries. */
  readonly entries: Map<string, number>
  /** Idempotency key → the authorization asked (its answer is the key's final answer). */
  readonly cardAuthorizations: Map<string, CardAuthorization>
  /** Mail items acknowledged, and how many of them were deposited (directly or by an action). */
  mailItems: number
  mailDeposits: number
  /** Mail to the lockbox address awaiting its action. */
  readonly unactionedMail: Array<{ readonly itemId: string; readonly amount: number }>
}

export const emptyLedger = (): Ledger => ({
  credits: new Map(),
  creditCounts: new Map(),
  wires: new Map(),
  entries: new Map(),
  cardAuthorizations: new Map(),
  mailItems: 0,
  mailDeposits: 0,
  unactionedMail: []
})

const add = (map: Map<string, number>, key: string, amount: number) => map.set(key, (map.get(key) ?? 0) + amount)

/** Notes an acknowledged credit of `category` to the account. */
const credit = (ledger: Ledger, accountId: string, category: string, amount: number) => {
  const categories = ledger.credits.get(accountId) ?? new Map<string, number>()
  add(categories, category, amount)
  ledger.credits.set(accountId, categories)
  add(ledger.creditCounts, category, 1)
}

const idOf = (body: Record<string, unknown>, what: string): string => {
  if (typeof body.id !== "string") throw new Error(`${what} without an id: ${JSON.stringify(body)}`)
  return body.id
}

const fundingAmount = 100_000_000

export const setUp = async (
  client: Client,
  receiver: Receiver,
  ledger: Ledger,
  accountCount: number
): Promise<Setup> => {
  const create = async (path: string, body: unknown) =>
    required(await client.send({ kind: "setup", method: "POST", path, body, key: `crash-setup-${randomUUID()}` }), path)
  const everything = await create("/event_subscriptions", {
    url: `${receiver.url}/webhooks`,
    shared_secret: receiver.secret
  })
  if (typeof everything.created_at !== "string") throw new Error("a subscription without created_at")
  const decisions = await create("/event_subscriptions", {
    url: `${receiver.url}/decisions`,
    shared_secret: receiver.secret,
    selected_event_categories: [{ event_category: decisionCategory }]
  })
  const lockboxAddress = idOf(await create("/lockbox_addresses", { description: "Crash lockbox" }), "lockbox address")
  const accounts: Array<string> = []
  const cards = new Map<string, string>()
  const recipients = new Map<string, string>()
  for (let index = 0; index < accountCount; index++) {
    const accountId = idOf(await create("/accounts", { name: `Crash account ${index + 1}` }), "account")
    await create("/simulations/interest_payments", { account_id: accountId, amount: fundingAmount })
    credit(ledger, accountId, "interest_payment", fundingAmount)
    cards.set(accountId, idOf(await create("/cards", { account_id: accountId }), "card"))
    recipients.set(
      accountId,
      idOf(
        await create("/lockbox_recipients", {
          account_id: accountId,
          lockbox_address_id: lockboxAddress,
          recipient_name: `Crash Receivables ${index + 1}`
        }),
        "lockbox recipient"
      )
    )
    accounts.push(accountId)
  }
  const assets = idOf(await create("/bookkeeping_accounts", { name: "Crash assets" }), "bookkeeping account")
  const liabilities = idOf(await create("/bookkeeping_accounts", { name: "Crash liabilities" }), "bookkeeping account")
  return {
    accounts,
    cards,
    recipients,
    lockboxAddress,
    books: [assets, liabilities],
    subscribedAt: everything.created_at,
    subscriptions: [idOf(everything, "subscription"), idOf(decisions, "subscription")]
  }
}

type Kind =
  | "wire transfer"
  | "wire approve"
  | "wire cancel"
  | "interest payment"
  | "entry set"
  | "card authorization"
  | "mail deposit"
  | "mail to lockbox"
  | "mail action"

const kinds: ReadonlyArray<readonly [number, Kind]> = [
  [3, "wire transfer"],
  [1, "wire approve"],
  [1, "wire cancel"],
  [1.5, "interest payment"],
  [2, "entry set"],
  [3, "card authorization"],
  [1.5, "mail deposit"],
  [0.5, "mail to lockbox"],
  [0.5, "mail action"]
]

const today = new Date().toISOString()

/** One worker's operation: sends it, notes what it was told, replays a tenth of what was acknowledged. */
export const operate = async (
  client: Client,
  ledger: Ledger,
  setup: Setup,
  random: Random,
  findings: Findings
): Promise<void> => {
  const key = `crash-${randomUUID()}`
  const kind = random.weighted(kinds)
  const accountId = random.pick(setup.accounts)
  const post = (path: string, body?: unknown) =>
    client.send({ kind, method: "POST", path, key, ...(body === undefined ? {} : { body }) })
  /** The body of a 2xx answer; a final refusal the harness did not expect is a violation. */
  const acknowledged = (outcome: Outcome, refusals: ReadonlyArray<number> = []) => {
    if (outcome._tag === "Unanswered") return undefined
    const { answer } = outcome
    findings.checked("expected")
    if (answer.status < 300) return answer.body
    if (!refusals.includes(answer.status)) {
      findings.violation(
        "expected",
        `${kind} (key ${key}): ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`
      )
    }
    return undefined
  }

  let body: Record<string, unknown> | undefined
  if (kind === "interest payment") {
    const amount = random.between(1, 1_000)
    body = acknowledged(await post("/simulations/interest_payments", { account_id: accountId, amount }))
    if (body !== undefined) credit(ledger, accountId, "interest_payment", amount)
  } else if (kind === "wire transfer") {
    const amount = random.between(1, 500)
    const requiresApproval = random.chance(0.5)
    body = acknowledged(
      await post("/wire_transfers", {
        account_id: accountId,
        amount,
        creditor: { name: "Crash Creditor" },
        remittance: { category: "unstructured", unstructured: { message: `crash ${key}` } },
        account_number: "987654321",
        routing_number: "021000021",
        require_approval: requiresApproval
      })
    )
    if (body !== undefined) ledger.wires.set(idOf(body, "wire transfer"), { accountId, amount, key, requiresApproval })
  } else if (kind === "wire approve" || kind === "wire cancel") {
    const awaiting = [...ledger.wires].filter(([, wire]) => wire.requiresApproval).map(([id]) => id)
    if (awaiting.length === 0) return
    // 409: not pending approval (any more); the wire checks judge its state either way.
    body = acknowledged(
      await post(`/wire_transfers/${random.pick(awaiting)}/${kind === "wire approve" ? "approve" : "cancel"}`),
      [409]
    )
  } else if (kind === "entry set") {
    const amount = random.between(1, 1_000)
    const [debit, credit] = setup.books
    body = acknowledged(
      await post("/bookkeeping_entry_sets", {
        date: today,
        entries: [{ account_id: debit, amount }, { account_id: credit, amount: -amount }]
      })
    )
    if (body !== undefined) {
      add(ledger.entries, debit, amount)
      add(ledger.entries, credit, -amount)
    }
  } else if (kind === "card authorization") {
    const cardId = setup.cards.get(accountId)
    if (cardId === undefined) throw new Error(`no card for ${accountId}`)
    const amount = random.between(1, 20_000)
    ledger.cardAuthorizations.set(key, { accountId, amount })
    body = acknowledged(await post("/simulations/card_authorizations", { amount, card_id: cardId }))
  } else if (kind === "mail deposit") {
    const amount = random.between(1, 5_000)
    body = acknowledged(
      await post("/simulations/inbound_mail_items", { amount, lockbox_recipient_id: setup.recipients.get(accountId) })
    )
    if (body !== undefined) {
      ledger.mailItems++
      ledger.mailDeposits++
      credit(ledger, accountId, "check_deposit_acceptance", amount)
    }
  } else if (kind === "mail to lockbox") {
    const amount = random.between(1, 5_000)
    body = acknowledged(
      await post("/simulations/inbound_mail_items", { amount, lockbox_address_id: setup.lockboxAddress })
    )
    if (body !== undefined) {
      ledger.mailItems++
      ledger.unactionedMail.push({ itemId: idOf(body, "inbound mail item"), amount })
    }
  } else {
    const item = ledger.unactionedMail.shift()
    if (item === undefined) return
    body = acknowledged(
      await post(`/inbound_mail_items/${item.itemId}/action`, {
        checks: [{ action: "deposit", account_id: accountId }]
      })
    )
    if (body !== undefined) {
      ledger.mailDeposits++
      credit(ledger, accountId, "check_deposit_acceptance", item.amount)
    }
  }
  const record = client.keys.get(key)
  if (body !== undefined && record !== undefined && random.chance(0.1)) await replayed(client, findings, key)
}

/** Sends `key`'s request again: a 2xx naming the same object as its first answer, or a violation. */
export const replayed = async (client: Client, findings: Findings, key: string): Promise<void> => {
  const record = client.keys.get(key)
  if (record?.final === undefined) return
  const first = record.final
  const outcome = await client.replay(record)
  findings.checked("sameAnswer")
  if (outcome._tag === "Unanswered") {
    findings.violation("answered", `replay of ${record.kind} (key ${key}): unanswered (last: ${outcome.last})`)
    return
  }
  const again = outcome.answer
  if (again.status !== first.status || identityOf(again.body) !== identityOf(first.body)) {
    findings.violation(
      "sameAnswer",
      `${record.kind} (key ${key}): answered ${first.status} ${identityOf(first.body)}, replayed ${again.status} ${
        identityOf(again.body)
      } ${isRecord(again.body) && typeof again.body.detail === "string" ? again.body.detail : ""}`
    )
  }
}
