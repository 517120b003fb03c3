/**
 * The 404 of every operation: an id that names no object of the caller's
 * (unknown, or another group's) is `ObjectNotFoundError` for its object type.
 */
import { ObjectNotFoundError } from "@moneta/domain/Errors"
import { Tenant, type TenantShape } from "@moneta/domain/Tenant"
import { Effect, Option } from "effect"

export const notFound = (objectType: string, id: string): ObjectNotFoundError =>
  new ObjectNotFoundError({ objectType, id })

/** Turns a lookup that may find nothing into one that fails with the 404 of `objectType`. */
export const orNotFound = (objectType: string, id: string) => <A, E, R>(found: Effect.Effect<Option.Option<A>, E, R>) =>
  Effect.flatMap(found, Option.match({ onNone: () => Effect.fail(notFound(objectType, id)), onSome: Effect.succeed }))

/** The caller's object with this id, through the store's `find`; the 404 of `objectType` when it is not theirs. */
export const findOwn = <Id extends string, A, E, R>(
  objectType: string,
  id: Id,
  find: (tenant: TenantShape, id: Id) => Effect.Effect<Option.Option<A>, E, R>
): Effect.Effect<A, E | ObjectNotFoundError, R | Tenant> =>
  Effect.flatMap(Tenant, (tenant) => find(tenant, id)).pipe(orNotFound(objectType, id))
