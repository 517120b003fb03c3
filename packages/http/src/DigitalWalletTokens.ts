/** Digital wallet token handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { DigitalWalletTokens } from "@moneta/bank/DigitalWalletTokens"
import { Effect } from "effect"
import * as Group from "./Group.js"

export const DigitalWalletTokensLive = Group.make(
  MonetaApi,
  "digitalWalletTokens",
  (handlers) =>
    Effect.gen(function*() {
      const digitalWalletTokens = yield* DigitalWalletTokens
      return handlers
        .handle("list", ({ query }) => digitalWalletTokens.list(query))
        .handle("retrieve", ({ params }) => digitalWalletTokens.retrieve(params.digital_wallet_token_id))
    })
)
