/**
 * The tenant: the group and environment a request acts for. Every row carries
 * both and every query of the store is scoped by them. The HTTP layer's
 * authentication provides the request's tenant, with the API key that
 * authenticated it (objects record their creator); every operation reads it.
 */
import { Context } from "effect"
import type { Environment } from "./Environment.js"
import type { GroupId } from "./Ids.js"

/** The group and environment a request acts for. */
export interface TenantShape {
  readonly groupId: GroupId
  readonly environment: Environment
}

/** The tenant of the request being served, with the API key acting for it. */
export interface AuthenticatedTenant extends TenantShape {
  readonly apiKeyId: string
  readonly apiKeyDescription: string | null
}

export class Tenant extends Context.Service<Tenant, AuthenticatedTenant>()("@moneta/domain/Tenant") {}
