/**
 * The sandbox's wire network (decisions.md g): the network acknowledges a
 * submitted transfer at once, or the receiving bank returns the money; the
 * destinations of domain `WireTransferSandbox` take other ways
 * (`WireTransfer.sandboxSubmitSteps`, decisions.md "Sandbox wire outcomes"). The
 * network's answers (message sequence numbers, the end-to-end reference) are
 * drawn here; the transfer's steps are written by `WireTransfers.act`, in one
 * transaction, so the transfer's write path stays in one module.
 */
import type { WireTransferId } from "@moneta/domain/Ids"
import { uuidByteCount, uuidOf, wireReversal, wireReversalSequenceNumber } from "@moneta/domain/Simulations"
import { Tenant } from "@moneta/domain/Tenant"
import * as WireTransfer from "@moneta/domain/WireTransfer"
import { WireTransferStore } from "@moneta/store/WireTransfers"
import { Context, Effect, Layer, Random } from "effect"
import { spanned } from "./OperationSpan.js"
import { transactionId, WireTransfers } from "./WireTransfers.js"

/** A random (version 4) UUID: the unique end-to-end transaction reference of a submitted transfer. */
const uuid: Effect.Effect<string> = Effect.map(
  Effect.forEach(
    Array.from({ length: uuidByteCount }),
    () => Random.nextIntBetween(0, 256, { halfOpen: true })
  ),
  uuidOf
)

export class WireTransferSimulations
  extends Context.Service<WireTransferSimulations>()("@moneta/bank/WireTransferSimulations", {
    make: Effect.gen(function*() {
      const wireTransfers = yield* WireTransfers
      const store = yield* WireTransferStore

      /** The transfer is submitted to the network, which acknowledges it at once (`complete`), unless its destination says otherwise. */
      const submit = (id: WireTransferId) =>
        wireTransfers.act(id, (at, transfer) =>
          Effect.gen(function*() {
            const sequence = yield* store.nextMessageSequence
            return WireTransfer.sandboxSubmitSteps(transfer, {
              at,
              environment: (yield* Tenant).environment,
              transactionId: yield* transactionId,
              inputMessageAccountabilityData: WireTransfer.inputMessageAccountabilityData(at, sequence),
              uniqueEndToEndTransactionReference: yield* uuid
            })
          }))

      /** The receiving bank returns the money; a Transaction credits it back. */
      const reverse = (id: WireTransferId) =>
        wireTransfers.act(id, (at) =>
          Effect.gen(function*() {
            const sequence = yield* store.nextMessageSequence
            return [
              wireReversal({
                at,
                transactionId: yield* transactionId,
                inputSequenceNumber: wireReversalSequenceNumber(sequence)
              })
            ]
          }))

      return {
        submit: spanned("bank.WireTransferSimulations.submit", submit, (id) => ({ "moneta.wire_transfer_id": id })),
        reverse: spanned("bank.WireTransferSimulations.reverse", reverse, (id) => ({ "moneta.wire_transfer_id": id }))
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([WireTransfers.Default, WireTransferStore.Default])
  )
}
