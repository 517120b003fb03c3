/**
 * The migrations, in order. Each is `NNNN_name.ts` exporting an Effect that
 * uses the `SqlClient`; register it here under the same `NNNN_name`. Never
 * edit a migration that has shipped: add the next one.
 */
import type { SqlClient } from "@effect/sql"
import type { Effect } from "effect"
import core from "./0001_core.js"

export const migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {
  "0001_core": core
}
