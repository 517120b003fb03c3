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
import type { ExternalAccount } from "@moneta/domain/ExternalAccount"
import type { AccountId, WireTransferId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import * as WireTransfer from "@moneta/domain/WireTransfer"
import { AccountNumberStore } from "@moneta/store/AccountNumbers"
import type { LockedBalance } from "@moneta/store/Accounts"
import { ExternalAccountStore } from "@moneta/store/ExternalAccounts"
import { newId } from "@moneta/store/IdGenerator"
import { InboundWireDrawdownRequestStore } from "@moneta/store/InboundWireDrawdownRequests"
import { type EntityParty, WireTransferStore } from "@moneta/store/WireTransfers"
import type { Write } from "@moneta/store/Writes"
import { Context, type DateTime, Effect, Layer, Option, Result } from "effect"
import { idempotencyKey } from "./IdempotencyKey.js"
import { Ledger } from "./Ledger.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export type WireTransferListParameters = ListParameters & WireTransfer.WireTransferFilter

/** The debtor of a transfer whose body names none: the sending account's entity, address on unstructured lines. */
const debtorOf = (party: EntityParty): WireTransfer.Party => {
  const { address } = party
  const cityLine = `${address.city}, ${address.state} ${address.zip}`
  const lines = address.line2 === null ? [address.line1, cityLine, null] : [address.line1, address.line2, cityLine]
  return {
    name: party.name,
    address: { unstructured: { line1: lines[0] ?? null, line2: lines[1] ?? null, line3: lines[2] ?? null } }
  }
}

/** The id of the Transaction a step may post, reserved before the step is planned. */
export const transactionId = newId("transaction")

export class WireTransfers extends Context.Service<WireTransfers>()("@moneta/bank/WireTransfers", {
  make: Effect.gen(function*() {
    const store = yield* WireTransferStore
    const externalAccounts = yield* ExternalAccountStore
    const accountNumbers = yield* AccountNumberStore
    const drawdownRequests = yield* InboundWireDrawdownRequestStore
    const ledger = yield* Ledger

    const externalAccountOf = (body: WireTransfer.CreateWireTransfer) =>
      Effect.gen(function*() {
        if (body.external_account_id === undefined) return null
        return yield* findOwn("external_account", body.external_account_id, externalAccounts.find)
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
      write: Effect.Effect<Write>,
      locked: ReadonlyMap<AccountId, LockedBalance> = new Map()
    ) =>
      Effect.gen(function*() {
        // The transfer's row is written by its events' statement.
        yield* ledger.apply(step.effects, at, locked, { writes: [yield* write], events: step.events })
        return step.next
      })

    const create = (body: WireTransfer.CreateWireTransfer) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const externalAccount: ExternalAccount | null = yield* externalAccountOf(body)
          const sourceAccountNumber = body.source_account_number_id === undefined
            ? null
            : yield* findOwn("account_number", body.source_account_number_id, accountNumbers.find)
          if (body.inbound_wire_drawdown_request_id !== undefined) {
            yield* findOwn(
              "inbound_wire_drawdown_request",
              body.inbound_wire_drawdown_request_id,
              drawdownRequests.find
            )
          }
          // One statement locks the account (before anything referencing it is written) and reads its entity.
          const sender = yield* findOwn("account", body.account_id, store.lockSender)
          const input: WireTransfer.CreateInput = {
            id: yield* newId("wire_transfer"),
            createdAt: yield* now,
            body,
            externalAccount,
            createdBy: WireTransfer.createdByApiKey(tenant.apiKeyDescription),
            idempotencyKey: yield* idempotencyKey,
            defaultDebtor: Option.getOrNull(Option.map(sender.party, debtorOf)),
            transactionId: yield* transactionId,
            pendingTransactionId: yield* newId("pending_transaction"),
            environment: tenant.environment
          }
          return { tenant, sender, sourceAccountNumber, input }
        }),
        decide: ({ input, sourceAccountNumber }) =>
          Result.flatMap(
            sourceAccountNumber === null
              ? Result.void
              : WireTransfer.checkSourceAccountNumber(input.body, sourceAccountNumber),
            () => WireTransfer.create(input)
          ),
        persist: (step, { input, sender, tenant }) =>
          persist(
            step,
            input.createdAt,
            store.insertWrite(tenant, step.next),
            new Map([[body.account_id, sender.balance]])
          )
      })

    /**
     * Locks the transfer and applies the `commands` made for it in turn (the
     * sandbox's submit is up to three steps, `WireTransfer.transitionAll`);
     * the first refused one fails the whole call with 409. The transfer's one
     * write path: `WireTransferSimulations` acts through it too.
     */
    const act = <R>(
      id: WireTransferId,
      commands: (
        at: DateTime.Utc,
        transfer: WireTransfer.WireTransfer
      ) => Effect.Effect<ReadonlyArray<WireTransfer.Command>, never, R>
    ) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const transfer = yield* findOwn("wire_transfer", id, store.lock)
          const at = yield* now
          return { tenant, transfer, at, commands: yield* commands(at, transfer) }
        }),
        decide: ({ commands, transfer }) => WireTransfer.transitionAll(transfer, commands),
        persist: (step, { at, tenant }) => persist(step, at, store.updateWrite(tenant, step.next))
      })

    const approve = (id: WireTransferId) =>
      act(id, (at, transfer) =>
        Effect.gen(function*() {
          const { environment } = yield* Tenant
          return [
            WireTransfer.Command.Approve({
              at,
              approvedBy: null,
              transactionId: yield* transactionId,
              review: WireTransfer.reviewedOnApproval(transfer, environment)
            })
          ]
        }))

    const cancel = (id: WireTransferId) =>
      act(id, (at) => Effect.succeed([WireTransfer.Command.Cancel({ at, canceledBy: null })]))

    const retrieve = (id: WireTransferId) =>
      Effect.gen(function*() {
        return yield* findOwn("wire_transfer", id, store.find)
      })

    const list = (parameters: WireTransferListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned(
        "bank.WireTransfers.create",
        create,
        (body) => ({ "moneta.account_id": body.account_id, "moneta.amount": body.amount })
      ),
      act: <R>(...args: Parameters<typeof act<R>>) =>
        withOperationSpan(act(...args), "bank.WireTransfers.act", { "moneta.wire_transfer_id": args[0] }),
      approve: spanned("bank.WireTransfers.approve", approve, (id) => ({ "moneta.wire_transfer_id": id })),
      cancel: spanned("bank.WireTransfers.cancel", cancel, (id) => ({ "moneta.wire_transfer_id": id })),
      retrieve: spanned("bank.WireTransfers.retrieve", retrieve, (id) => ({ "moneta.wire_transfer_id": id })),
      list: spanned("bank.WireTransfers.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      WireTransferStore.Default,
      ExternalAccountStore.Default,
      AccountNumberStore.Default,
      InboundWireDrawdownRequestStore.Default,
      Ledger.Default
    ])
  )
}
