/** Entities: create, retrieve, list. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CreateEntity, Entity } from "@moneta/domain/Entity"
import { EntityId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

export class Entities extends HttpApiGroup.make("entities")
  .add(HttpApiEndpoint.post("create", "/entities").setPayload(body(CreateEntity)).addSuccess(Entity))
  .add(
    HttpApiEndpoint.get("retrieve", "/entities/:entity_id")
      .setPath(Schema.Struct({ entity_id: EntityId }))
      .addSuccess(Entity)
      .addError(ObjectNotFoundError)
  )
  .add(HttpApiEndpoint.get("list", "/entities").setUrlParams(urlParams(listFields)).addSuccess(Page(Entity)))
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
