/**
 * The platform's floor for `GET /accounts/{id}`: an `@effect/platform`
 * HttpApi with that one endpoint, its path parameter and the contract's
 * `Account` as its success schema, answering one account held in memory. No
 * database, no key, no middleware: what the chosen stack costs a read before
 * Moneta does any work. Served over HTTP by PlatformFloorServer.ts
 * (bench:reads) and called in process by bench:layers.
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiError, HttpApiGroup } from "@effect/platform"
import { Account } from "@moneta/domain/Account"
import { Effect, Layer, Schema } from "effect"

const FloorApi = HttpApi.make("floor").add(
  HttpApiGroup.make("accounts").add(
    HttpApiEndpoint.get("retrieve", "/accounts/:account_id")
      .setPath(Schema.Struct({ account_id: Schema.String }))
      .addSuccess(Account)
      .addError(HttpApiError.NotFound)
  )
)

/** The floor's `HttpApi.Api`, answering `account`. */
export const layer = (account: Account) =>
  HttpApiBuilder.api(FloorApi).pipe(
    Layer.provide(HttpApiBuilder.group(FloorApi, "accounts", (handlers) =>
      handlers.handle("retrieve", ({ path }) =>
        path.account_id === account.id ? Effect.succeed(account) : Effect.fail(new HttpApiError.NotFound()))))
  )
