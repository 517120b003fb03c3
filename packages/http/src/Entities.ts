/** Entities handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Entities } from "@moneta/bank/Entities"
import { Entity } from "@moneta/domain/Entity"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const EntitiesLive = Group.make(MonetaApi, "entities", (handlers) =>
  Effect.gen(function*() {
    const entities = yield* Entities
    return handlers
      .handle("create", ({ payload }) => idempotent(Entity, entities.create(payload)))
      .handle("retrieve", ({ params }) => answerEncoded(Entity, entities.retrieve(params.entity_id)))
      .handle("list", ({ query }) => answerEncodedPage(Entity, entities.list(query)))
      .handle("update", ({ params, payload }) => answerRefusals(entities.update(params.entity_id, payload)))
      .handle("archive", ({ params }) => idempotent(Entity, entities.archive(params.entity_id)))
  }))
