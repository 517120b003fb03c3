/**
 * The tenant every repository reads and writes within (`@moneta/domain/Tenant`):
 * the group that owns the API key and the environment it works in.
 */
import type { TenantShape } from "@moneta/domain/Tenant"
import type { SqlClient } from "effect/sql"

/** The condition every query of a tenant's rows carries. */
export const tenantIs = (sql: SqlClient.SqlClient, tenant: TenantShape) =>
  sql`group_id = ${tenant.groupId} AND environment = ${tenant.environment}`
