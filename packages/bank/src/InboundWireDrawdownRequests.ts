/**
 * Inbound wire drawdown requests: received through the sandbox simulation
 * (the recipient account number must be the caller's: 404 otherwise),
 * retrieved and listed.
 */
import type { InboundWireDrawdownRequestId } from "@moneta/domain/Ids"
import {
  create as createInboundWireDrawdownRequest,
  type SimulateInboundWireDrawdownRequest
} from "@moneta/domain/InboundWireDrawdownRequest"
import { Tenant } from "@moneta/domain/Tenant"
import { inputMessageAccountabilityData } from "@moneta/domain/WireTransfer"
import { AccountNumberStore } from "@moneta/store/AccountNumbers"
import { newId } from "@moneta/store/IdGenerator"
import { InboundWireDrawdownRequestStore } from "@moneta/store/InboundWireDrawdownRequests"
import { WireTransferStore } from "@moneta/store/WireTransfers"
import { Context, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

export class InboundWireDrawdownRequests
  extends Context.Service<InboundWireDrawdownRequests>()("@moneta/bank/InboundWireDrawdownRequests", {
    make: Effect.gen(function*() {
      const store = yield* InboundWireDrawdownRequestStore
      const accountNumbers = yield* AccountNumberStore
      const wires = yield* WireTransferStore
      const events = yield* Events

      /** The simulation: a request received for one of the caller's account numbers. */
      const simulate = (request: SimulateInboundWireDrawdownRequest) =>
        runStep({
          load: Effect.gen(function*() {
            const tenant = yield* Tenant
            yield* findOwn("account_number", request.recipient_account_number_id, accountNumbers.find)
            const createdAt = yield* now
            const input = {
              id: yield* newId("inbound_wire_drawdown_request"),
              createdAt,
              body: request,
              inputMessageAccountabilityData: inputMessageAccountabilityData(
                createdAt,
                yield* wires.nextMessageSequence
              )
            }
            return { tenant, input }
          }),
          decide: ({ input }) => always(createInboundWireDrawdownRequest(input)),
          persist: ({ events: emitted, next: received }, { input, tenant }) =>
            Effect.gen(function*() {
              yield* store.insert(tenant, received)
              yield* events.record(emitted, input.createdAt)
              return received
            })
        })

      const retrieve = (id: InboundWireDrawdownRequestId) => findOwn("inbound_wire_drawdown_request", id, store.find)

      const list = (parameters: ListParameters) => listOwn(parameters, store.list)

      return {
        simulate: spanned("bank.InboundWireDrawdownRequests.simulate", simulate),
        retrieve: spanned(
          "bank.InboundWireDrawdownRequests.retrieve",
          retrieve,
          (id) => ({ "moneta.inbound_wire_drawdown_request_id": id })
        ),
        list: spanned("bank.InboundWireDrawdownRequests.list", list)
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      InboundWireDrawdownRequestStore.Default,
      AccountNumberStore.Default,
      WireTransferStore.Default,
      Events.Default
    ])
  )
}
