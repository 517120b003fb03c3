/** Entities handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Entities } from "@moneta/bank/Entities"
import { Entity } from "@moneta/domain/Entity"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const EntitiesLive = HttpApiBuilder.group(MonetaApi, "entities", (handlers) =>
  Effect.gen(function*() {
    const entities = yield* Entities
    return handlers
      .handle("create", ({ payload }) => idempotent(Entity, entities.create(payload)))
      .handle("retrieve", ({ path }) => entities.retrieve(path.entity_id))
      .handle("list", ({ urlParams }) => entities.list(urlParams))
  }))
