/**
 * Who is calling: the group (tenant) and environment of the API key, and the
 * key itself (objects record their creator). Provided by the HTTP layer's
 * authentication; every operation of the service reads it.
 */
import { Context } from "effect"
import type { Environment } from "./Environment.js"
import type { GroupId } from "./Ids.js"

export interface CallerShape {
  readonly groupId: GroupId
  readonly environment: Environment
  readonly apiKeyId: string
  readonly apiKeyDescription: string | null
}

export class Caller extends Context.Service<Caller, CallerShape>()("@moneta/domain/Caller") {}
