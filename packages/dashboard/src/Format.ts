/** Amounts and times as people read them. */

const currencyFormats = new Map<string, Intl.NumberFormat>()

const currencyFormat = (currency: string): Intl.NumberFormat => {
  let format = currencyFormats.get(currency)
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency })
    currencyFormats.set(currency, format)
  }
  return format
}

/**
 * Integer minor units (cents) as money: 123456 → $1,234.56. Exact for every
 * safe integer: the dollars are formatted as a BigInt and the cents written
 * as they are, never through a division in floating point.
 */
export const money = (cents: number, currency = "USD"): string => {
  if (!Number.isSafeInteger(cents)) return currencyFormat(currency).format(cents / 100)
  const amount = BigInt(cents)
  const magnitude = amount < 0n ? -amount : amount
  const minor = String(magnitude % 100n).padStart(2, "0")
  const text = currencyFormat(currency).formatToParts(magnitude / 100n)
    .map((part) => part.type === "fraction" ? minor : part.value)
    .join("")
  return amount < 0n ? `-${text}` : text
}

const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" })

/** An ISO time in the viewer's zone. */
export const localTime = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : localFormat.format(date)
}

/** Snake case as words: pending_approval → pending approval. */
export const words = (text: string): string => text.replaceAll("_", " ")
