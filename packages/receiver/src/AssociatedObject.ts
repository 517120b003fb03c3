/**
 * Events carry no data: a handler fetches the object an event is about with
 * the typed client (derived from the api contract), authenticated with the
 * app's API key.
 *
 * ```ts
 * Handlers.on("wire_transfer.*", (event) =>
 *   Effect.gen(function*() {
 *     const transfer = yield* AssociatedObject.fetch(event, "wire_transfer")
 *     yield* saveStatus(transfer.id, transfer.status)
 *   }))
 * ```
 * with `layerClient({ baseUrl, apiKey })` and an `HttpClient`
 * (`FetchHttpClient.layer`, `NodeHttpClient.layerNodeHttp`) provided.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import type { Event } from "@moneta/domain/Event"
import * as Ids from "@moneta/domain/Ids"
import { Context, Effect, Layer, type Redacted, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"

const makeClient = (options: { readonly baseUrl: string; readonly apiKey: Redacted.Redacted<string> }) =>
  HttpApiClient.make(MonetaApi, {
    baseUrl: options.baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(options.apiKey))
  })

/** The typed Moneta client. */
export type Client = Effect.Success<ReturnType<typeof makeClient>>

/** The client handlers fetch with. */
export class MonetaClient extends Context.Service<MonetaClient, Client>()("@moneta/receiver/MonetaClient") {}

/** The client for `baseUrl` (the Moneta server's address, with any prefix it is mounted under). */
export const layerClient = (options: {
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted<string>
}): Layer.Layer<MonetaClient, never, HttpClient.HttpClient> => Layer.effect(MonetaClient, makeClient(options))

/** The event names an object this version cannot fetch (or an id that cannot be one). */
export class UnsupportedObjectError extends Schema.TaggedError<UnsupportedObjectError>()("UnsupportedObjectError", {
  associatedObjectType: Schema.String,
  associatedObjectId: Schema.String
}) {}

const retriever = <Id, A, E>(
  idSchema: Schema.Codec<Id, string>,
  retrieve: (client: Client, id: Id) => Effect.Effect<A, E>
) =>
(client: Client, id: string): Effect.Effect<A, E | Schema.SchemaError> =>
  Effect.flatMap(Schema.decodeEffect(idSchema)(id), (decoded) => retrieve(client, decoded))

/** How each `associated_object_type` is fetched. */
const retrievers = {
  account: retriever(Ids.AccountId, (client, account_id) => client.accounts.retrieve({ params: { account_id } })),
  account_number: retriever(
    Ids.AccountNumberId,
    (client, account_number_id) => client.accountNumbers.retrieve({ params: { account_number_id } })
  ),
  bookkeeping_account: retriever(
    Ids.BookkeepingAccountId,
    (client, bookkeeping_account_id) => client.bookkeeping.retrieveAccount({ params: { bookkeeping_account_id } })
  ),
  bookkeeping_entry_set: retriever(
    Ids.BookkeepingEntrySetId,
    (client, bookkeeping_entry_set_id) => client.bookkeeping.retrieveEntrySet({ params: { bookkeeping_entry_set_id } })
  ),
  card: retriever(Ids.CardId, (client, card_id) => client.cards.retrieve({ params: { card_id } })),
  entity: retriever(Ids.EntityId, (client, entity_id) => client.entities.retrieve({ params: { entity_id } })),
  event_subscription: retriever(
    Ids.EventSubscriptionId,
    (client, event_subscription_id) => client.eventSubscriptions.retrieve({ params: { event_subscription_id } })
  ),
  external_account: retriever(
    Ids.ExternalAccountId,
    (client, external_account_id) => client.externalAccounts.retrieve({ params: { external_account_id } })
  ),
  lockbox_address: retriever(
    Ids.LockboxAddressId,
    (client, lockbox_address_id) => client.lockboxAddresses.retrieve({ params: { lockbox_address_id } })
  ),
  pending_transaction: retriever(
    Ids.PendingTransactionId,
    (client, pending_transaction_id) => client.pendingTransactions.retrieve({ params: { pending_transaction_id } })
  ),
  transaction: retriever(
    Ids.TransactionId,
    (client, transaction_id) => client.transactions.retrieve({ params: { transaction_id } })
  ),
  wire_transfer: retriever(
    Ids.WireTransferId,
    (client, wire_transfer_id) => client.wireTransfers.retrieve({ params: { wire_transfer_id } })
  )
} as const

type Retrievers = typeof retrievers

/** The object types `fetch` knows. */
export type ObjectType = keyof Retrievers

/** The object of a type, as the client decodes it. */
export type ObjectOf<T extends ObjectType> = Effect.Success<ReturnType<Retrievers[T]>>
/** What fetching an object of a type can fail with (not found, the network, the server…). */
export type FetchError<T extends ObjectType> = Effect.Error<ReturnType<Retrievers[T]>>

export const objectTypes = Object.keys(retrievers) as ReadonlyArray<ObjectType> // safe: the keys of a literal object

const isObjectType = (type: string): type is ObjectType => Object.hasOwn(retrievers, type)

/**
 * The object the event is about, expecting it to be of `type`: the app names
 * the type it handles (`"wire_transfer"` in a `wire_transfer.*` handler) and
 * gets that type's object. An event about another type fails with
 * `UnsupportedObjectError`.
 */
export const fetch = <T extends ObjectType>(
  event: Event,
  type: T
): Effect.Effect<ObjectOf<T>, FetchError<T> | UnsupportedObjectError, MonetaClient> =>
  Effect.gen(function*() {
    if (event.associated_object_type !== type || !isObjectType(type)) {
      return yield* new UnsupportedObjectError({
        associatedObjectType: event.associated_object_type,
        associatedObjectId: event.associated_object_id
      })
    }
    const client = yield* MonetaClient
    // safe: `retrievers[type]` is the retriever of T, so its result is ObjectOf<T> and its error FetchError<T>
    const retrieve = retrievers[type] as (client: Client, id: string) => Effect.Effect<ObjectOf<T>, FetchError<T>>
    return yield* retrieve(client, event.associated_object_id)
  })

/** The object the event is about, whatever its type (narrow on its `type` field). */
export const fetchAny = (
  event: Event
): Effect.Effect<ObjectOf<ObjectType>, FetchError<ObjectType> | UnsupportedObjectError, MonetaClient> =>
  isObjectType(event.associated_object_type)
    ? fetch(event, event.associated_object_type)
    : Effect.fail(
      new UnsupportedObjectError({
        associatedObjectType: event.associated_object_type,
        associatedObjectId: event.associated_object_id
      })
    )
