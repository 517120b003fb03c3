/** Cards: create, retrieve, update, list. */
import { Card, CardFilter, CreateCard, UpdateCard } from "@moneta/domain/Card"
import { CardId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as CardExamples from "./CardExamples.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const cardPath = Schema.Struct({ card_id: CardId })

export class Cards extends HttpApiGroup.make("cards")
  .annotateMerge(OpenApi.annotations({
    title: "Cards",
    description: "Cards are commercial credit cards drawing on an account."
  }))
  .add(
    HttpApiEndpoint.post("create", "/cards", { payload: CreateCard, success: Card, error: ObjectNotFoundError })
      .annotate(OpenApi.Summary, "Create a Card")
      .annotate(OpenApi.Description, "Creates a card drawing on an account.")
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            account_id: "account_01m8dhwzq94dz9wgv2x7",
            description: "Office supplies",
            billing_address: { line1: "33 Liberty Street", city: "New York", state: "NY", postal_code: "10045" },
            digital_wallet: { email: "jane@example.com", phone: "+12125550123" }
          },
          response: CardExamples.card
        })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/cards/:card_id", { params: cardPath, success: Card, error: ObjectNotFoundError })
      .annotate(OpenApi.Summary, "Retrieve a Card")
      .annotate(OpenApi.Description, "Returns the card with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: CardExamples.card }))
  )
  .add(
    HttpApiEndpoint.patch("update", "/cards/:card_id", {
      params: cardPath,
      payload: UpdateCard,
      success: Card,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update a Card")
      .annotate(
        OpenApi.Description,
        "Changes a card's description, status, entity, billing address, digital wallet settings or authorization controls. Its wallet tokens follow a new status: `disabled` suspends the active ones, `active` reactivates the suspended ones, `canceled` deactivates them all (each with `digital_wallet_token.updated`)."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { description: "Office supplies (team)" },
          response: CardExamples.updatedCard
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/cards", { query: { ...listFields, ...CardFilter.fields }, success: Page(Card) })
      .annotate(OpenApi.Summary, "List Cards")
      .annotate(OpenApi.Description, "Lists your cards, newest first, filtered by account, status or idempotency key.")
      .pipe((endpoint) =>
        Examples.exchange(endpoint, { response: { data: [CardExamples.updatedCard], next_cursor: null } })
      )
  )
  .middleware(Authorization)
{}
