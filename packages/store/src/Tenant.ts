/**
 * The tenancy every repository reads and writes within: the group that owns
 * the API key and the environment it works in.
 */
import type { Environment } from "@moneta/domain/Environment"
import type { GroupId } from "@moneta/domain/Ids"
import type { SqlClient } from "effect/sql"

export interface TenantShape {
  readonly groupId: GroupId
  readonly environment: Environment
}

/** The condition every query of a tenant's rows carries. */
export const tenantIs = (sql: SqlClient.SqlClient, tenant: TenantShape) =>
  sql`group_id = ${tenant.groupId} AND environment = ${tenant.environment}`
