/** Cards: create, retrieve, update, list. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Card, CardFilter, CreateCard, UpdateCard } from "@moneta/domain/Card"
import { CardId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

const cardPath = Schema.Struct({ card_id: CardId })

export class Cards extends HttpApiGroup.make("cards")
  .annotateContext(OpenApi.annotations({
    title: "Cards",
    description: "Cards are commercial credit cards drawing on an account."
  }))
  .add(
    HttpApiEndpoint.post("create", "/cards")
      .annotate(OpenApi.Summary, "Create a Card")
      .annotate(OpenApi.Description, "Creates a card drawing on an account.")
      .setPayload(body(CreateCard))
      .addSuccess(Card)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/cards/:card_id")
      .annotate(OpenApi.Summary, "Retrieve a Card")
      .annotate(OpenApi.Description, "Returns the card with this identifier.")
      .setPath(cardPath)
      .addSuccess(Card)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("update", "/cards/:card_id")
      .annotate(OpenApi.Summary, "Update a Card")
      .annotate(
        OpenApi.Description,
        "Changes a card's description, status, entity, billing address, digital wallet settings or authorization controls."
      )
      .setPath(cardPath)
      .setPayload(body(UpdateCard))
      .addSuccess(Card)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/cards")
      .annotate(OpenApi.Summary, "List Cards")
      .annotate(OpenApi.Description, "Lists your cards, newest first, filtered by account, status or idempotency key.")
      .setUrlParams(urlParams({ ...listFields, ...CardFilter.fields }))
      .addSuccess(Page(Card))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
