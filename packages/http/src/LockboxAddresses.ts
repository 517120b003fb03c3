/** Lockbox addresses handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { LockboxAddresses } from "@moneta/bank/LockboxAddresses"
import { LockboxAddress } from "@moneta/domain/LockboxAddress"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const LockboxAddressesLive = Group.make(
  MonetaApi,
  "lockboxAddresses",
  (handlers) =>
    Effect.gen(function*() {
      const addresses = yield* LockboxAddresses
      return handlers
        .handle("create", ({ payload }) => idempotent(LockboxAddress, addresses.create(payload)))
        .handle(
          "retrieve",
          ({ params }) => answerEncoded(LockboxAddress, addresses.retrieve(params.lockbox_address_id))
        )
        .handle("update", ({ params, payload }) => answerRefusals(addresses.update(params.lockbox_address_id, payload)))
        .handle("list", ({ query }) => answerEncodedPage(LockboxAddress, addresses.list(query)))
    })
)
