/** Digital wallet token handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { DigitalWalletTokens } from "@moneta/bank/DigitalWalletTokens"
import { DigitalWalletToken } from "@moneta/domain/DigitalWalletToken"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"

export const DigitalWalletTokensLive = Group.make(
  MonetaApi,
  "digitalWalletTokens",
  (handlers) =>
    Effect.gen(function*() {
      const digitalWalletTokens = yield* DigitalWalletTokens
      return handlers
        .handle("list", ({ query }) => answerEncodedPage(DigitalWalletToken, digitalWalletTokens.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(DigitalWalletToken, digitalWalletTokens.retrieve(params.digital_wallet_token_id)))
    })
)
