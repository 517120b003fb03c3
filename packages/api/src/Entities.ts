/** Entities: create, retrieve, list. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CreateEntity, Entity, EntityFilter } from "@moneta/domain/Entity"
import { EntityId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

export class Entities extends HttpApiGroup.make("entities")
  .annotateContext(OpenApi.annotations({
    title: "Entities",
    description: "Entities are the legal entities that own accounts: a corporation, a natural person, a trust…"
  }))
  .add(
    HttpApiEndpoint.post("create", "/entities")
      .annotate(OpenApi.Summary, "Create an Entity")
      .annotate(OpenApi.Description, "Creates an entity: the legal owner of accounts.")
      .setPayload(body(CreateEntity))
      .addSuccess(Entity)
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/entities/:entity_id")
      .annotate(OpenApi.Summary, "Retrieve an Entity")
      .annotate(OpenApi.Description, "Returns the entity with this identifier.")
      .setPath(Schema.Struct({ entity_id: EntityId }))
      .addSuccess(Entity)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/entities")
      .annotate(OpenApi.Summary, "List Entities")
      .annotate(OpenApi.Description, "Lists your entities, newest first.")
      .setUrlParams(urlParams({ ...listFields, ...EntityFilter.fields }))
      .addSuccess(Page(Entity))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
