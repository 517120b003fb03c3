/** Entities: create, retrieve, list. */
import { CreateEntity, Entity, EntityFilter } from "@moneta/domain/Entity"
import { EntityId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const entity = {
  id: "entity_n8y8tnk2p9339ti393yi",
  structure: "natural_person",
  status: "active",
  description: null,
  natural_person: {
    name: "Ian Crease",
    date_of_birth: "1970-01-31",
    address: {
      line1: "33 Liberty Street",
      line2: null,
      city: "New York",
      state: "NY",
      zip: "10045",
      country: "US"
    },
    identification: { method: "social_security_number", number_last4: "1120" }
  },
  corporation: null,
  joint: null,
  trust: null,
  government_authority: null,
  idempotency_key: null,
  created_at: "2026-11-21T22:41:05.123Z",
  details_confirmed_at: null,
  creating_entity_onboarding_session_id: null,
  risk_rating: null,
  third_party_verification: null,
  validation: null,
  supplemental_documents: [],
  terms_agreements: [],
  type: "entity"
} satisfies typeof Entity.Encoded

export class Entities extends HttpApiGroup.make("entities")
  .annotateMerge(OpenApi.annotations({
    title: "Entities",
    description: "Entities are the legal entities that own accounts: a corporation, a natural person, a trust…"
  }))
  .add(
    HttpApiEndpoint.post("create", "/entities", { payload: CreateEntity, success: Entity, error: ObjectNotFoundError })
      .annotate(OpenApi.Summary, "Create an Entity")
      .annotate(
        OpenApi.Description,
        "Creates an entity: the legal owner of accounts. Identity documents (`file_id`, `back_file_id`) name files " +
          "you uploaded (`POST /files`); any other id is 404."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            structure: "natural_person",
            natural_person: {
              name: "Ian Crease",
              date_of_birth: "1970-01-31",
              address: { line1: "33 Liberty Street", city: "New York", state: "NY", zip: "10045" },
              identification: { method: "social_security_number", number: "078051120" }
            }
          },
          response: entity
        })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/entities/:entity_id", {
      params: Schema.Struct({ entity_id: EntityId }),
      success: Entity,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Entity")
      .annotate(OpenApi.Description, "Returns the entity with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: entity }))
  )
  .add(
    HttpApiEndpoint.get("list", "/entities", {
      query: { ...listFields, ...EntityFilter.fields },
      success: Page(Entity)
    })
      .annotate(OpenApi.Summary, "List Entities")
      .annotate(OpenApi.Description, "Lists your entities, newest first.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [entity], next_cursor: null } }))
  )
  .middleware(Authorization)
{}
