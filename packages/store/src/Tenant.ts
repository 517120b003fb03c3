/**
 * The tenancy every repository reads and writes within: the group that owns
 * the API key and the environment it works in.
 */
import type { Environment } from "@moneta/domain/Environment"
import type { GroupId } from "@moneta/domain/Ids"

export interface TenantShape {
  readonly groupId: GroupId
  readonly environment: Environment
}
