/** Lockbox addresses handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { LockboxAddresses } from "@moneta/bank/LockboxAddresses"
import { LockboxAddress } from "@moneta/domain/LockboxAddress"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const LockboxAddressesLive = HttpApiBuilder.group(
  MonetaApi,
  "lockboxAddresses",
  (handlers) =>
    Effect.gen(function*() {
      const addresses = yield* LockboxAddresses
      return handlers
        .handle("create", ({ payload }) => idempotent(LockboxAddress, addresses.create(payload)))
        .handle("retrieve", ({ path }) => addresses.retrieve(path.lockbox_address_id))
        .handle("update", ({ path, payload }) => addresses.update(path.lockbox_address_id, payload))
        .handle("list", ({ urlParams }) => addresses.list(urlParams))
    })
)
