// The names docs/webhooks.md's sample leaves to the reader's application (scripts/docs-check.mjs):
// a delivery's body exactly as received, and its headers.
declare const rawBody: string
declare const headers: Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string>
