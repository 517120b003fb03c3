/** Digital wallet token handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { DigitalWalletTokens } from "@moneta/bank/DigitalWalletTokens"
import { Effect } from "effect"

export const DigitalWalletTokensLive = HttpApiBuilder.group(
  MonetaApi,
  "digitalWalletTokens",
  (handlers) =>
    Effect.gen(function*() {
      const digitalWalletTokens = yield* DigitalWalletTokens
      return handlers
        .handle("list", ({ urlParams }) => digitalWalletTokens.list(urlParams))
        .handle("retrieve", ({ path }) => digitalWalletTokens.retrieve(path.digital_wallet_token_id))
    })
)
