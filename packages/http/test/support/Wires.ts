/**
 * Helpers of the wire transfer tests: funded accounts, create bodies,
 * balances and events as the API reports them, and requests made with fetch
 * where a test needs headers or the raw body.
 */
import type { AccountId } from "@moneta/domain/Ids"
import { AccountId as AccountIdSchema } from "@moneta/domain/Ids"
import { RoutingNumber } from "@moneta/domain/RoutingNumber"
import type { CreateWireTransfer } from "@moneta/domain/WireTransfer"
import { Effect } from "effect"
import type { Client, TestServerShape } from "./TestServer.js"

/** A valid destination routing number (ABA check digit holds). */
export const destinationRoutingNumber = RoutingNumber.make("021000021")

/** A new account of the test group, funded by an interest payment when `amount` > 0. */
export const fundedAccount = (client: Client, amount: number) =>
  Effect.gen(function*() {
    const account = yield* client.accounts.create({ payload: { name: "Wire test account" } })
    if (amount > 0) {
      yield* client.simulations.interestPayment({ payload: { account_id: account.id, amount } })
    }
    return account.id
  })

export const wireBody = (
  accountId: string,
  amount: number,
  extra: Partial<CreateWireTransfer> = {}
): CreateWireTransfer => ({
  account_id: AccountIdSchema.make(accountId),
  amount,
  creditor: { name: "Ian Crease" },
  remittance: { category: "unstructured", unstructured: { message: "Invoice 1234" } },
  account_number: "987654321",
  routing_number: destinationRoutingNumber,
  ...extra
})

export interface Balance {
  readonly current: number
  readonly available: number
}

export const balanceOf = (client: Client, accountId: AccountId | string) =>
  Effect.map(
    client.accounts.balance({ params: { account_id: AccountIdSchema.make(accountId) }, query: {} }),
    (lookup): Balance => ({ current: lookup.current_balance, available: lookup.available_balance })
  )

/** Categories of the events about one object, oldest first. */
export const eventCategoriesOf = (client: Client, objectId: string) =>
  Effect.map(
    client.events.list({ query: { associated_object_id: objectId } }),
    (page) => page.data.map((event) => String(event.category)).reverse()
  )

export interface RawResponse {
  readonly status: number
  readonly replayed: boolean
  readonly body: unknown
}

/** A request made with fetch, for headers (`Idempotency-Key`, `Idempotent-Replayed`) and raw bodies. */
export const send = (
  server: Pick<TestServerShape, "baseUrl" | "apiKey">,
  method: "GET" | "POST" | "PATCH",
  path: string,
  options: { readonly body?: unknown; readonly idempotencyKey?: string } = {}
): Effect.Effect<RawResponse> =>
  Effect.tryPromise(async () => {
    const headers: Record<string, string> = { authorization: `Bearer ${server.apiKey}` }
    if (options.body !== undefined) headers["content-type"] = "application/json"
    if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
    })
    const text = await response.text()
    const body: unknown = text.length === 0 ? null : JSON.parse(text)
    return { status: response.status, replayed: response.headers.get("idempotent-replayed") === "true", body }
  }).pipe(Effect.orDie)

/** A JSON object body as a record (a test helper: callers compare fields they expect). */
export const objectBody = (response: RawResponse): Record<string, unknown> => {
  const body = response.body
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(body)}`)
  }
  return Object.fromEntries(Object.entries(body))
}
