/**
 * Wire transfers (decisions.md f and g). Each operation loads what it needs,
 * asks the domain (`WireTransfer.create` / `transition`) for the next state,
 * its events and its money movements, and writes all of it in one database
 * transaction; a refused step (409) writes nothing.
 *
 * Lock order: the transfer row, then the hold it ends, then the account row
 * (see `Ledger`). A new transfer locks only its account, with the statement
 * that reads the account's entity, before it writes anything: concurrent
 * wires from one account queue on that row.
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { ExternalAccount } from "@moneta/domain/ExternalAccount"
import { PendingTransactionId, TransactionId, WireTransferId } from "@moneta/domain/Ids"
import { wireCompletion, wireReversal, wireSubmission } from "@moneta/domain/Simulations"
import * as WireTransfer from "@moneta/domain/WireTransfer"
import { AccountNumbers as AccountNumberStore } from "@moneta/store/AccountNumbers"
import { ExternalAccounts as ExternalAccountStore } from "@moneta/store/ExternalAccounts"
import type { Balance } from "@moneta/store/Accounts"
import { makeId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { type EntityParty, WireTransfers as WireTransferStore } from "@moneta/store/WireTransfers"
import { type DateTime, Effect, Option, Random } from "effect"
import { idempotencyKey } from "./Caller.js"
import { Ledger } from "./Ledger.js"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

export type WireTransferListParameters = ListParameters & WireTransfer.WireTransferFilter


/** The debtor of a transfer whose body names none: the sending account's entity, address on unstructured lines. */
export const debtorOf = (party: EntityParty): WireTransfer.Party => {
  const { address } = party
  const cityLine = `${address.city}, ${address.state} ${address.zip}`
  const lines = address.line2 === null ? [address.line1, cityLine, null] : [address.line1, address.line2, cityLine]
  return {
    name: party.name,
    address: { unstructured: { line1: lines[0] ?? null, line2: lines[1] ?? null, line3: lines[2] ?? null } }
  }
}

const hex = (byte: number) => byte.toString(16).padStart(2, "0")

/** A random (version 4) UUID: the unique end-to-end transaction reference of a submitted transfer. */
const uuid: Effect.Effect<string> = Effect.gen(function*() {
  const bytes: Array<number> = []
  for (let index = 0; index < 16; index++) bytes.push(yield* Random.nextIntBetween(0, 256))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const text = bytes.map(hex).join("")
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`
})

const transactionId = Effect.map(makeId("transaction"), TransactionId.make)

export class WireTransfers extends Effect.Service<WireTransfers>()("@moneta/bank/WireTransfers", {
  effect: Effect.gen(function*() {
    const store = yield* WireTransferStore
    const externalAccounts = yield* ExternalAccountStore
    const accountNumbers = yield* AccountNumberStore
    const ledger = yield* Ledger

    const externalAccountOf = (body: WireTransfer.CreateWireTransfer) =>
      Effect.gen(function*() {
        if (body.external_account_id === undefined) return null
        return yield* externalAccounts.find(yield* Tenant, body.external_account_id).pipe(orNotFound("external_account", body.external_account_id))
      })

    /** Loads the account number a transfer sends from, for the domain to judge. */
    const checkSourceAccountNumber = (body: WireTransfer.CreateWireTransfer) =>
      Effect.gen(function*() {
        const id = body.source_account_number_id
        if (id === undefined) return
        const accountNumber = yield* accountNumbers.find(yield* Tenant, id).pipe(orNotFound("account_number", id))
        yield* WireTransfer.checkSourceAccountNumber(body, accountNumber)
      })

    /**
     * Writes a step: first its money movements, which lock the account (a
     * 409 here leaves nothing written), then the transfer and its events.
     * The account is locked before any row that references it is written:
     * such a row takes a key-share lock on the account, and two transactions
     * holding one each would deadlock upgrading to the row lock.
     */
    const persist = (
      step: WireTransfer.Transition,
      at: DateTime.Utc,
      write: Effect.Effect<void, never, Tenant>,
      locked: ReadonlyMap<string, Balance> = new Map()
    ) =>
      Effect.gen(function*() {
        yield* ledger.apply(step.effects, at, locked, { write, events: step.events })
        return step.next
      })

    const create = (body: WireTransfer.CreateWireTransfer) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const externalAccount: ExternalAccount | null = yield* externalAccountOf(body)
        yield* checkSourceAccountNumber(body)
        // One statement locks the account (before anything referencing it is written) and reads its entity.
        const sender = yield* store.lockSender(tenant, body.account_id).pipe(orNotFound("account", body.account_id))
        const createdAt = yield* now
        const step = yield* WireTransfer.create({
          id: WireTransferId.make(yield* makeId("wire_transfer")),
          createdAt,
          body,
          externalAccount,
          createdBy: WireTransfer.createdByApiKey(tenant.apiKeyDescription),
          idempotencyKey: yield* idempotencyKey,
          defaultDebtor: Option.getOrNull(Option.map(sender.party, debtorOf)),
          transactionId: yield* transactionId,
          pendingTransactionId: PendingTransactionId.make(yield* makeId("pending_transaction"))
        })
        return yield* persist(step, createdAt, store.insert(tenant, step.next), new Map([[body.account_id, sender.balance]]))
      }))

    /**
     * Locks the transfer and applies `commands` in turn (the sandbox's submit
     * is two steps); the first refused one fails the whole call with 409.
     */
    const act = <R>(
      id: string,
      commands: (at: DateTime.Utc) => Effect.Effect<ReadonlyArray<WireTransfer.Command>, never, R>
    ) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const transfer = yield* store.lock(tenant, id).pipe(orNotFound("wire_transfer", id))
        const at = yield* now
        let step: WireTransfer.Transition = { next: transfer, events: [], effects: [] }
        for (const command of yield* commands(at)) {
          const next = yield* WireTransfer.transition(step.next, command)
          step = { next: next.next, events: [...step.events, ...next.events], effects: [...step.effects, ...next.effects] }
        }
        return yield* persist(step, at, store.update(tenant, step.next))
      }))

    const approve = (id: string) =>
      act(id, (at) =>
        Effect.map(transactionId, (reserved) => [
          WireTransfer.Command.Approve({ at, approvedBy: null, transactionId: reserved })
        ]))

    const cancel = (id: string) =>
      act(id, (at) => Effect.succeed([WireTransfer.Command.Cancel({ at, canceledBy: null })]))

    /** Sandbox: the transfer is submitted to the network, which acknowledges it at once (`complete`). */
    const simulateSubmission = (id: string) =>
      act(id, (at) =>
        Effect.gen(function*() {
          const sequence = yield* store.nextMessageSequence
          return [
            wireSubmission({
              at,
              transactionId: yield* transactionId,
              inputMessageAccountabilityData: WireTransfer.inputMessageAccountabilityData(at, sequence),
              uniqueEndToEndTransactionReference: yield* uuid
            }),
            wireCompletion(at)
          ]
        }))

    /** Sandbox: the receiving bank returns the money; a Transaction credits it back. */
    const simulateReversal = (id: string) =>
      act(id, (at) =>
        Effect.gen(function*() {
          const sequence = yield* store.nextMessageSequence
          return [wireReversal({ at, transactionId: yield* transactionId, inputSequenceNumber: sequence.padStart(6, "0").slice(-6) })]
        }))

    const retrieve = (id: string) =>
      Effect.gen(function*() {
        return yield* store.find(yield* Tenant, id).pipe(orNotFound("wire_transfer", id))
      })

    const list = (parameters: WireTransferListParameters) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, {
          accountId: parameters.account_id,
          externalAccountId: parameters.external_account_id,
          idempotencyKey: parameters.idempotency_key,
          statuses: parameters["status.in"]
        }))
      })

    return traced("WireTransfers", { create, approve, cancel, simulateSubmission, simulateReversal, retrieve, list } as const)
  }),
  dependencies: [
    WireTransferStore.Default,
    ExternalAccountStore.Default,
    AccountNumberStore.Default,
    Ledger.Default
  ]
}) {}
