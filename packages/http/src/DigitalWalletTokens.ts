/** Digital wallet token handlers. */
import { DigitalWalletTokens } from "@moneta/bank/DigitalWalletTokens"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { ServedApi } from "./ServedApi.js"

export const DigitalWalletTokensLive = HttpApiBuilder.group(
  ServedApi,
  "digitalWalletTokens",
  (handlers) =>
    Effect.gen(function*() {
      const digitalWalletTokens = yield* DigitalWalletTokens
      return handlers
        .handle("list", ({ query }) => digitalWalletTokens.list(query))
        .handle("retrieve", ({ params }) => digitalWalletTokens.retrieve(params.digital_wallet_token_id))
    })
)
