/** Digital wallet tokens: a card added to a wallet. */
import type { DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import { DigitalWalletToken } from "@moneta/domain/DigitalWalletToken"
import type { DigitalWalletTokenId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class DigitalWalletTokenStore
  extends Context.Service<DigitalWalletTokenStore>()("@moneta/store/DigitalWalletTokenStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("digital_wallet_tokens", DigitalWalletToken)

      const insert = (tenant: TenantShape, token: DigitalWalletToken) =>
        table.insert(tenant, token, {
          created_at: DateTime.toDate(token.created_at),
          card_id: token.card_id,
          status: token.status
        })

      const find = (tenant: TenantShape, id: DigitalWalletTokenId) => table.find(tenant, id)

      const list = (tenant: TenantShape, request: PageRequest, filter: DigitalWalletTokenFilter) => {
        const conditions: Array<Statement.Fragment> = []
        if (filter.card_id !== undefined) conditions.push(sql`card_id = ${filter.card_id}`)
        return table.page(tenant, request, conditions)
      }

      return { insert, find, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
