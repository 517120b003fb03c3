/**
 * The API served: every group's handlers, authentication and error mapping,
 * over the bank's operations. Host applications mount `layer` in their own
 * `@effect/platform` server, or take `toWebHandler` for fetch-style servers;
 * either way they provide the database (`@moneta/store`) and ServerEnvironment.
 */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Accounts } from "@moneta/bank/Accounts"
import { Authentication } from "@moneta/bank/Authentication"
import { Bookkeeping } from "@moneta/bank/Bookkeeping"
import { Cards } from "@moneta/bank/Cards"
import { Entities } from "@moneta/bank/Entities"
import { Events } from "@moneta/bank/Events"
import { Idempotency } from "@moneta/bank/Idempotency"
import { LockboxAddresses } from "@moneta/bank/LockboxAddresses"
import { Simulations } from "@moneta/bank/Simulations"
import { Transactions } from "@moneta/bank/Transactions"
import { Layer } from "effect"
import { AccountsLive } from "./Accounts.js"
import { AuthorizationLive } from "./Authorization.js"
import { BookkeepingLive } from "./Bookkeeping.js"
import { CardsLive } from "./Cards.js"
import { EntitiesLive } from "./Entities.js"
import { ErrorMappingLive } from "./ErrorMapping.js"
import { EventsLive } from "./Events.js"
import { LockboxAddressesLive } from "./LockboxAddresses.js"
import { SimulationsLive } from "./Simulations.js"
import { TransactionsLive } from "./Transactions.js"

/** The bank's operations the handlers use. Needs `SqlClient` and `ServerEnvironment`. */
export const BankLive = Layer.mergeAll(
  Accounts.Default,
  Authentication.Default,
  Bookkeeping.Default,
  Cards.Default,
  Entities.Default,
  Events.Default,
  Idempotency.Default,
  LockboxAddresses.Default,
  Simulations.Default,
  Transactions.Default
)

const GroupsLive = Layer.mergeAll(
  AccountsLive,
  BookkeepingLive,
  CardsLive,
  EntitiesLive,
  EventsLive,
  LockboxAddressesLive,
  SimulationsLive,
  TransactionsLive
)

/** The HttpApi implementation: `HttpApi.Api` for `HttpApiBuilder.serve` / `httpApp` / `toWebHandler`. */
export const layer = HttpApiBuilder.api(MonetaApi).pipe(
  Layer.provide(GroupsLive),
  Layer.provide(AuthorizationLive),
  Layer.provide(BankLive),
  Layer.merge(ErrorMappingLive)
)
