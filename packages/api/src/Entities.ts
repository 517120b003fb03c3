/** Entities: create, retrieve, list, update, archive. */
import { CreateEntity, Entity, EntityFilter } from "@moneta/domain/Entity"
import { UpdateEntity } from "@moneta/domain/EntityUpdate"
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
  .add(
    HttpApiEndpoint.patch("update", "/entities/:entity_id", {
      params: Schema.Struct({ entity_id: EntityId }),
      payload: UpdateEntity,
      success: Entity,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update an Entity")
      .annotate(
        OpenApi.Description,
        "Changes an entity: the details of its own structure (`natural_person`, `corporation`, `trust` or " +
          "`government_authority`; another structure's is 400), when its details were confirmed, its risk rating, " +
          "third-party verification, and new terms agreed to (added to the earlier ones). An archived entity is 409. " +
          "Emits `entity.updated`."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            natural_person: {
              address: { line1: "1 Liberty Plaza", city: "New York", state: "NY", zip: "10006" }
            }
          },
          response: {
            ...entity,
            natural_person: {
              ...entity.natural_person,
              address: {
                line1: "1 Liberty Plaza",
                line2: null,
                city: "New York",
                state: "NY",
                zip: "10006",
                country: "US"
              }
            }
          }
        })
      )
  )
  .add(
    HttpApiEndpoint.post("archive", "/entities/:entity_id/archive", {
      params: Schema.Struct({ entity_id: EntityId }),
      success: Entity,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Archive an Entity")
      .annotate(
        OpenApi.Description,
        "Archives an entity: its status becomes `archived` and it can no longer own new accounts or be changed. " +
          "Refused with 409 `invalid_operation_error` while it owns an open account, and when it is already archived. " +
          "Emits `entity.updated`."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { ...entity, status: "archived" } }))
  )
  .middleware(Authorization)
{}
