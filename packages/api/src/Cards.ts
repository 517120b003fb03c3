/** Cards: create, retrieve, update, list. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Card, CreateCard, Status, UpdateCard } from "@moneta/domain/Card"
import { AccountId, CardId } from "@moneta/domain/Ids"
import { IdempotencyKey } from "@moneta/domain/Text"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

const cardPath = Schema.Struct({ card_id: CardId })

export class Cards extends HttpApiGroup.make("cards")
  .add(
    HttpApiEndpoint.post("create", "/cards")
      .setPayload(body(CreateCard))
      .addSuccess(Card)
      .addError(ObjectNotFoundError)
  )
  .add(HttpApiEndpoint.get("retrieve", "/cards/:card_id").setPath(cardPath).addSuccess(Card).addError(ObjectNotFoundError))
  .add(
    HttpApiEndpoint.patch("update", "/cards/:card_id")
      .setPath(cardPath)
      .setPayload(body(UpdateCard))
      .addSuccess(Card)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/cards")
      .setUrlParams(urlParams({
        ...listFields,
        account_id: Schema.optional(AccountId),
        idempotency_key: Schema.optional(IdempotencyKey),
        "status.in": Schema.optional(CommaSeparated(Status))
      }))
      .addSuccess(Page(Card))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
