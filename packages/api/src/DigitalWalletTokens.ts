/** Digital wallet tokens: cards added to a wallet (`wallet_a`, `wallet_b`, `wallet_c`). */
import { DigitalWalletToken, DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import { DigitalWalletTokenId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as CardExamples from "./CardExamples.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const ListDigitalWalletTokens = { ...listFields, ...DigitalWalletTokenFilter.fields }

export class DigitalWalletTokens extends HttpApiGroup.make("digitalWalletTokens")
  .add(
    HttpApiEndpoint.get("list", "/digital_wallet_tokens", {
      query: ListDigitalWalletTokens,
      success: Page(DigitalWalletToken)
    })
      .annotateMerge(OpenApi.annotations({
        summary: "List Digital Wallet Tokens",
        description: "Digital wallet tokens, newest first, filtered by card and creation time."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, { response: { data: [CardExamples.digitalWalletToken], next_cursor: null } })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/digital_wallet_tokens/:digital_wallet_token_id", {
      params: Schema.Struct({ digital_wallet_token_id: DigitalWalletTokenId }),
      success: DigitalWalletToken,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Retrieve a Digital Wallet Token",
        description:
          "A card provisioned to a wallet: its status (`active`, or `declined` with the reason) and its history of updates."
      }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: CardExamples.digitalWalletToken }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({
    title: "Digital Wallet Tokens",
    description:
      "A digital wallet token is a card added to a digital wallet (`wallet_a`, `wallet_b`, `wallet_c`); purchases through it draw on the card's account."
  }))
{}
