/** Digital wallet tokens: a card added to a wallet. */
import type { DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import { DigitalWalletToken } from "@moneta/domain/DigitalWalletToken"
import type { CardId, DigitalWalletTokenId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageOf, PageRequest } from "./Pagination.js"
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

      const list = (tenant: TenantShape, request: PageRequest, filter: DigitalWalletTokenFilter) =>
        table.page(tenant, request, filterConditions(sql, filter, { card_id: "card_id" }))

      const update = (tenant: TenantShape, token: DigitalWalletToken) =>
        table.update(tenant, token, { status: token.status })

      /** Every token of the card (a card has a handful), newest first. */
      const ofCard = (tenant: TenantShape, cardId: CardId) =>
        Effect.gen(function*() {
          const tokens: Array<DigitalWalletToken> = []
          let cursor: string | undefined = undefined
          do {
            const page: PageOf<DigitalWalletToken> = yield* table.page(tenant, { limit: 100, cursor }, [
              sql`card_id = ${cardId}`
            ])
            tokens.push(...page.data)
            cursor = page.nextCursor ?? undefined
          } while (cursor !== undefined)
          return tokens
        })

      return { insert, update, find, list, ofCard } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
