/** Digital wallet tokens: cards added to a wallet (`wallet_a`, `wallet_b`, `wallet_c`). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { DigitalWalletToken, DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import { DigitalWalletTokenId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page, urlParams } from "./Parameters.js"

const ListDigitalWalletTokens = urlParams({ ...listFields, ...DigitalWalletTokenFilter.fields })

export class DigitalWalletTokens extends HttpApiGroup.make("digitalWalletTokens")
  .add(
    HttpApiEndpoint.get("list", "/digital_wallet_tokens")
      .setUrlParams(ListDigitalWalletTokens)
      .addSuccess(Page(DigitalWalletToken))
      .annotateContext(OpenApi.annotations({
        summary: "List Digital Wallet Tokens",
        description: "Digital wallet tokens, newest first, filtered by card and creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/digital_wallet_tokens/:digital_wallet_token_id")
      .setPath(Schema.Struct({ digital_wallet_token_id: DigitalWalletTokenId }))
      .addSuccess(DigitalWalletToken)
      .addError(ObjectNotFoundError)
      .annotateContext(OpenApi.annotations({
        summary: "Retrieve a Digital Wallet Token",
        description:
          "A card provisioned to a wallet: its status (`active`, or `declined` with the reason) and its history of updates."
      }))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
  .annotateContext(OpenApi.annotations({ title: "Digital Wallet Tokens" }))
{}
