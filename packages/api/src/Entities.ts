/** Entities: create, retrieve, list. */
import { CreateEntity, Entity, EntityFilter } from "@moneta/domain/Entity"
import { EntityId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

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
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/entities/:entity_id", {
      params: Schema.Struct({ entity_id: EntityId }),
      success: Entity,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Entity")
      .annotate(OpenApi.Description, "Returns the entity with this identifier.")
  )
  .add(
    HttpApiEndpoint.get("list", "/entities", {
      query: { ...listFields, ...EntityFilter.fields },
      success: Page(Entity)
    })
      .annotate(OpenApi.Summary, "List Entities")
      .annotate(OpenApi.Description, "Lists your entities, newest first.")
  )
  .middleware(Authorization)
{}
