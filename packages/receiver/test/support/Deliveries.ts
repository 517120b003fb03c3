/**
 * Deliveries as Moneta sends them: an Event as JSON, signed with the
 * domain's Standard Webhooks scheme.
 */
import { Event } from "@moneta/domain/Event"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { Schema } from "effect"
import type { Delivery } from "../../src/Receiver.js"

const utf8 = new TextEncoder()

export interface Signed {
  readonly headers: Record<string, string>
  readonly body: Uint8Array
}

export const eventJson = (event: Event): string => JSON.stringify(Schema.encodeSync(Event)(event))

/** A delivery of `event` sent at `timestamp` (Unix seconds), signed with `secrets`. */
export const sign = (
  event: Event,
  options: {
    readonly timestamp: number
    readonly secrets: ReadonlyArray<WebhookSignature.Secret>
    readonly webhookId?: string
  }
): Signed => {
  const body = utf8.encode(eventJson(event))
  const headers = WebhookSignature.headers({
    id: options.webhookId ?? event.id,
    timestamp: options.timestamp,
    body,
    secrets: options.secrets
  })
  return { headers, body }
}

export const toDelivery = (signed: Signed): Delivery => ({
  header: (name) => signed.headers[name],
  body: signed.body
})

export const withHeader = (signed: Signed, name: string, value: string | undefined): Signed => {
  const headers = { ...signed.headers }
  if (value === undefined) delete headers[name]
  else headers[name] = value
  return { headers, body: signed.body }
}
