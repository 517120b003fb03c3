/** Inbound wire drawdown request handlers; the simulation answers 404 on a live server, as if it did not exist. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { InboundWireDrawdownRequests } from "@moneta/bank/InboundWireDrawdownRequests"
import { InboundWireDrawdownRequest } from "@moneta/domain/InboundWireDrawdownRequest"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"
import { sandboxOnly } from "./Simulations.js"

export const InboundWireDrawdownRequestsLive = Group.make(
  MonetaApi,
  "inboundWireDrawdownRequests",
  (handlers) =>
    Effect.gen(function*() {
      const requests = yield* InboundWireDrawdownRequests
      return handlers
        .handle("list", ({ query }) => answerEncodedPage(InboundWireDrawdownRequest, requests.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(InboundWireDrawdownRequest, requests.retrieve(params.inbound_wire_drawdown_request_id)))
    })
)

export const InboundWireDrawdownRequestSimulationsLive = Group.make(
  MonetaApi,
  "inboundWireDrawdownRequestSimulations",
  (handlers) =>
    Effect.gen(function*() {
      const requests = yield* InboundWireDrawdownRequests
      const inSandbox = yield* sandboxOnly
      return handlers.handle(
        "create",
        ({ payload }) => inSandbox(idempotent(InboundWireDrawdownRequest, requests.simulate(payload)))
      )
    })
)
