/**
 * The "fields never set" measure: every leaf path of every object a run of
 * calls returned, and whether any sample had a value there. A leaf is a
 * string, number or boolean, or a `null` (a null object hides its own leaves,
 * so it counts as one leaf, and so does an empty array); the items of an
 * array are measured under `[]` (`card_payment.elements[].…`). Paths are keyed by
 * the object's `type` (`card_payment.elements[].card_authorization.verification…`).
 */

export interface FieldCoverage {
  /** Records every leaf of `value` (an API object, or any JSON holding them). */
  readonly add: (value: unknown) => void
  /** The leaf paths null (or an empty array) in every sample, sorted. */
  readonly neverSet: () => ReadonlyArray<string>
  /** How many leaf paths were seen at all. */
  readonly seen: () => number
}

/**
 * Sub-objects of one schema shared by several objects (`CardAdditionalAmounts` on authorizations, declines,
 * increments, balance inquiries and the real-time decisions about them …): measured as that schema, so a field
 * counts as set when any object carrying it set it.
 */
const sharedSchemas = new Set([
  "additional_amounts",
  "verification",
  "network_details",
  "network_identifiers",
  "scheme_fees",
  "device_channel",
  "message_category",
  "purchase_details",
  "interchange",
  "healthcare"
])

/** The object types of the card area (FieldCoverage.test.ts), with the card schemas several of them share. */
export const cardArea: ReadonlySet<string> = new Set([
  "card",
  "card_payment",
  "card_authorization",
  "card_authentication",
  "card_balance_inquiry",
  "card_decline",
  "card_increment",
  "card_reversal",
  "card_settlement",
  "card_refund",
  "card_fuel_confirmation",
  "card_authorization_expiration",
  "real_time_decision",
  "digital_wallet_token",
  "inbound_card_authorization_simulation_result",
  "inbound_digital_wallet_token_request_simulation_result",
  ...sharedSchemas
])

/** Whether a measured leaf path (`<object type>.<field>…`) belongs to the card area. */
export const inCardArea = (path: string): boolean => cardArea.has(path.split(".")[0] ?? "")

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const make = (): FieldCoverage => {
  const everSet = new Map<string, boolean>()
  const mark = (path: string, set: boolean) => everSet.set(path, (everSet.get(path) ?? false) || set)
  const walk = (value: unknown, path: string): void => {
    if (value === null) return void mark(path, false)
    if (Array.isArray(value)) {
      mark(path, value.length > 0)
      for (const item of value) walk(item, `${path}[]`)
      return
    }
    if (isRecord(value)) {
      mark(path, true)
      // a nested API object (a transaction inside a simulation result) is keyed by its own type
      const type = value["type"]
      const base = typeof type === "string" && path !== "" && !path.endsWith("[]") ? type : path
      // an element of a card payment and a transaction's source hold one object per category, measured as that
      // object wherever it appears (`card_decline.reason`, from card payments and declined transactions alike)
      const holdsCategories = path.endsWith(".elements[]") || path.endsWith(".source")
      for (const [key, field] of Object.entries(value)) {
        const own = (holdsCategories && key !== "category") || sharedSchemas.has(key)
        walk(field, own ? key : base === "" ? key : `${base}.${key}`)
      }
      return
    }
    mark(path, true)
  }
  const add = (value: unknown) => {
    if (isRecord(value) && Array.isArray(value["data"])) {
      for (const item of value["data"]) add(item)
      return
    }
    const type = isRecord(value) && typeof value["type"] === "string" ? value["type"] : "unknown"
    if (isRecord(value)) { for (const [key, field] of Object.entries(value)) walk(field, `${type}.${key}`) }
  }
  return {
    add,
    neverSet: () => [...everSet].filter(([, set]) => !set).map(([path]) => path).sort(),
    seen: () => everSet.size
  }
}
