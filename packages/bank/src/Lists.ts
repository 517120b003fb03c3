/**
 * Turning list parameters into store page requests: cursors are checked here
 * so a cursor this service did not make is a clear 400, not an empty page.
 */
import { InvalidParametersError } from "@moneta/domain/Errors"
import type { Page } from "@moneta/domain/List"
import type { ListFields } from "@moneta/domain/ListParameters"
import { Tenant, type TenantShape } from "@moneta/domain/Tenant"
import { isValidCursor, type PageOf, type PageRequest } from "@moneta/store/Pagination"
import { Effect } from "effect"

/** Paging and date filters of every list, as the contract decodes them (`domain/src/core/ListParameters.ts`). */
export type ListParameters = ListFields

export const defaultLimit = 100

const invalidCursor = InvalidParametersError.single("cursor", "is not a cursor returned by this list")

export const pageRequest = (
  parameters: ListParameters,
  isValid: (cursor: string) => boolean = isValidCursor
): Effect.Effect<PageRequest, InvalidParametersError> =>
  parameters.cursor !== undefined && !isValid(parameters.cursor)
    ? Effect.fail(invalidCursor)
    : Effect.succeed({
      cursor: parameters.cursor,
      limit: parameters.limit ?? defaultLimit,
      createdAt: {
        after: parameters["created_at.after"],
        before: parameters["created_at.before"],
        onOrAfter: parameters["created_at.on_or_after"],
        onOrBefore: parameters["created_at.on_or_before"]
      }
    })

export const toPage = <A>(page: PageOf<A>): Page<A> => ({ data: page.data, next_cursor: page.nextCursor })

/** A list operation: checks the paging, asks the store for the caller's page, answers in the wire's page shape. */
export const listOwn = <A, E, R>(
  parameters: ListParameters,
  list: (tenant: TenantShape, request: PageRequest) => Effect.Effect<PageOf<A>, E, R>,
  isValid: (cursor: string) => boolean = isValidCursor
): Effect.Effect<Page<A>, E | InvalidParametersError, R | Tenant> =>
  Effect.gen(function*() {
    const request = yield* pageRequest(parameters, isValid)
    return toPage(yield* list(yield* Tenant, request))
  })
