/** Entities: create, retrieve, list. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CreateEntity, Entity, EntityStatus } from "@moneta/domain/Entity"
import { IdempotencyKey } from "@moneta/domain/Text"
import { EntityId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export class Entities extends HttpApiGroup.make("entities")
  .add(HttpApiEndpoint.post("create", "/entities").setPayload(body(CreateEntity)).addSuccess(Entity))
  .add(
    HttpApiEndpoint.get("retrieve", "/entities/:entity_id")
      .setPath(Schema.Struct({ entity_id: EntityId }))
      .addSuccess(Entity)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/entities")
      .setUrlParams(urlParams({
        ...listFields,
        idempotency_key: Schema.optional(IdempotencyKey),
        "status.in": Schema.optional(CommaSeparated(EntityStatus)),
        "validation_status.in": Schema.optional(CommaSeparated(Schema.Literal("pending", "valid", "invalid")))
      }))
      .addSuccess(Page(Entity))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
