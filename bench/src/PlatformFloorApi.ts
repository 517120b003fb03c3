/**
 * The platform's floor for `GET /accounts/{id}`: an Effect HttpApi with that one endpoint, its path parameter and the contract's
 * `Account` as its success schema. No key, no middleware: what the chosen
 * stack costs a read before Moneta does any work. Three ways to answer:
 *
 * - `layer`: one account held in memory (no database at all);
 * - `layerFromDatabase`: the hand-written server's statement run through
 *   `effect/sql` (`SqlClient`), its stored body decoded with `Account`: the
 *   least a read through the chosen stack's database client does;
 * - `layerFromPg`: the same statement run by `pg` itself (a `pg.Pool`, as
 *   the hand-written server does), the body decoded the same way: what the
 *   read costs on `HttpApi` without `effect/sql`.
 *
 * Served over HTTP by PlatformFloorServer.ts (bench:reads) and called in
 * process by bench:layers.
 */
import { Account } from "@moneta/domain/Account"
import { Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiError, HttpApiGroup } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type pg from "pg"

const FloorApi = HttpApi.make("floor").add(
  HttpApiGroup.make("accounts").add(
    HttpApiEndpoint.get("retrieve", "/accounts/:account_id", {
      params: { account_id: Schema.String },
      success: Account,
      error: HttpApiError.NotFound
    })
  )
)

const serving = (retrieve: (id: string) => Effect.Effect<Account, HttpApiError.NotFound>) =>
  HttpApiBuilder.layer(FloorApi).pipe(
    Layer.provide(
      HttpApiBuilder.group(
        FloorApi,
        "accounts",
        (handlers) => handlers.handle("retrieve", ({ params }) => retrieve(params.account_id))
      )
    )
  )

/** The floor's routes (for `HttpRouter.serve` / `toWebHandler`), answering `account`. */
export const layer = (account: Account) =>
  serving((id) => id === account.id ? Effect.succeed(account) : Effect.fail(new HttpApiError.NotFound()))

/** The tenant whose accounts the floor reads (the hand-written server resolves it from the key). */
export interface Tenant {
  readonly groupId: string
  readonly environment: string
}

const StoredRow = Schema.Struct({ body: Schema.Unknown })
const decodeRows = Schema.decodeUnknownEffect(Schema.Array(StoredRow))
const decodeAccount = Schema.decodeUnknownEffect(Account)

/** The account in the first of `rows`, decoded; `NotFound` when there is none. */
const accountIn = <E>(rows: Effect.Effect<ReadonlyArray<typeof StoredRow.Type>, E>) =>
  rows.pipe(
    Effect.flatMap((found) => {
      const row = found[0]
      return row === undefined ? Effect.succeed(undefined) : decodeAccount(row.body)
    }),
    // The bench's rows are Moneta's own: a failure here is a bug in the bench, not an answer.
    Effect.orDie,
    Effect.flatMap((account) =>
      account === undefined ? Effect.fail(new HttpApiError.NotFound()) : Effect.succeed(account)
    )
  )

/** The floor's routes, reading each account of `tenant` from the database (a `SqlClient`). */
export const layerFromDatabase = (tenant: Tenant) =>
  Layer.unwrap(Effect.map(SqlClient.SqlClient, (sql) =>
    serving((id) =>
      accountIn(Effect.flatMap(
        sql`SELECT id, created_at, body FROM accounts WHERE id = ${id} AND group_id = ${tenant.groupId} AND environment = ${tenant.environment}`,
        decodeRows
      ))
    )))

/** The floor's routes, reading each account of `tenant` with `pool` (node-postgres). */
export const layerFromPg = (tenant: Tenant, pool: pg.Pool) =>
  serving((id) =>
    accountIn(
      Effect.map(
        Effect.tryPromise(() =>
          pool.query<{ body: unknown }>(
            "SELECT id, created_at, body FROM accounts WHERE id = $1 AND group_id = $2 AND environment = $3",
            [id, tenant.groupId, tenant.environment]
          )
        ),
        ({ rows }) => rows
      )
    )
  )
