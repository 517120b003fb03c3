/**
 * The detail a simulated card message carries beyond what the simulation
 * names (docs/decisions.md, "Card detail and token rules"): the cardholder
 * verification, the amounts the network itemizes, the network's fees, the
 * clearing details of a settlement, the partial-approval capability and who
 * acted. All pure and deterministic from the inputs, so a run is repeatable.
 */
import type { Timestamp } from "../core/Timestamp.js"
import type { Card } from "./Card.js"
import type { Interchange, PurchaseDetails, Surcharge } from "./CardClearingDetails.js"
import { type Cardholder, sandboxCardholder } from "./Cardholder.js"
import type {
  Actioner,
  AdditionalAmounts,
  CardDeclineReason,
  CardholderAddressResult,
  Network,
  PartialApprovalCapability,
  PointOfServiceEntryMode,
  SchemeFee,
  Verification
} from "./CardNetwork.js"
import { noAdditionalAmounts } from "./CardNetwork.js"
import { kindDetailsOf } from "./CardPurchaseDetails.js"

export { type Cardholder, cardholderOf, sandboxCardholder, sandboxCardholderName } from "./Cardholder.js"

/** Whether the card was read at a terminal (chip, stripe, contactless): no code or address is checked then. */
export const cardPresent = (entryMode: PointOfServiceEntryMode | null | undefined): boolean =>
  entryMode !== null && entryMode !== undefined && entryMode !== "manual" && entryMode !== "unknown" &&
  entryMode !== "credential_on_file"

/** The client's verdict on the address, from its real-time decision's approval. */
export interface AddressVerdict {
  readonly line1: "match" | "no_match"
  readonly postal_code: "match" | "no_match"
}

/** The network's address result for a verdict on each part. */
export const addressResultOf = (verdict: AddressVerdict): CardholderAddressResult =>
  verdict.line1 === "match"
    ? verdict.postal_code === "match" ? "match" : "postal_code_no_match_address_match"
    : verdict.postal_code === "match"
    ? "postal_code_match_address_no_match"
    : "no_match"

/**
 * The verification of a message. A card-not-present message (keyed or
 * e-commerce) carries the card verification code (it matches unless the
 * simulation forces `cvv2_mismatch`), the cardholder's name (of the card's
 * entity, `Cardholder`) and, when the card
 * has a billing address, that address (so it matches, unless the client's
 * verdict says otherwise). A message from a stored credential carries no code;
 * a card-present one carries neither code nor address nor name.
 */
export const verificationOf = (input: {
  readonly card: Card
  readonly entryMode: PointOfServiceEntryMode | null | undefined
  readonly forcedDecline?: CardDeclineReason | undefined
  readonly verdict?: AddressVerdict | null | undefined
  /** The holder whose name the merchant gives (`Cardholder.cardholderOf` the card's entity); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
}): Verification => {
  const cardholder = input.cardholder ?? sandboxCardholder
  const present = cardPresent(input.entryMode)
  const address = input.card.billing_address
  const checked = !present && address.line1 !== null && address.postal_code !== null
  const code = present || input.entryMode === "credential_on_file"
    ? "not_checked" as const
    : input.forcedDecline === "cvv2_mismatch"
    ? "no_match" as const
    : "match" as const
  return {
    card_verification_code: { result: code },
    cardholder_address: {
      actual_line1: address.line1,
      actual_postal_code: address.postal_code,
      provided_line1: checked ? address.line1 : null,
      provided_postal_code: checked ? address.postal_code : null,
      result: !checked
        ? "not_checked"
        : input.verdict === null || input.verdict === undefined
        ? "match"
        : addressResultOf(input.verdict)
    },
    cardholder_name: present ? null : {
      provided_first_name: cardholder.first,
      provided_last_name: cardholder.last,
      provided_middle_name: cardholder.middle
    }
  }
}

const usd = (amount: number) => ({ amount, currency: "USD" })

/** Merchant category codes whose amounts the network itemizes as healthcare (IIAS) or transit. */
const itemizedCategory: Record<string, "clinic" | "dental" | "prescription" | "vision" | "transit"> = {
  "8011": "clinic",
  "8062": "clinic",
  "8099": "clinic",
  "8021": "dental",
  "5912": "prescription",
  "8042": "vision",
  "8043": "vision",
  "4111": "transit",
  "4131": "transit"
}

/** What an ATM (or a cash disbursement) adds as its surcharge, in cents, at most the amount. */
export const atmSurcharge = 300

/** The cash back a store gives with a purchase (a `cash_disbursement` not at an ATM), in cents, at most the amount. */
export const cashBackLimit = 2_000

/** The cash back within `amount` of a purchase with cash back; 0 when it is none. */
export const cashBackOf = (
  amount: number,
  merchantCategoryCode: string,
  processingCategory: string | null | undefined
) => merchantCategoryCode !== "6011" && processingCategory === "cash_disbursement" ? Math.min(cashBackLimit, amount) : 0

/**
 * The amounts the network itemizes within a message: at a healthcare merchant
 * the whole amount is that kind of care (and the healthcare total), at a
 * transit merchant it is transit, at an ATM (merchant category 6011 or a
 * `cash_disbursement`) a $3.00 surcharge is part of it, and the cash back of
 * a purchase with cash back is an amount of a kind this API does not name
 * (`unknown`). An incremental authorization carries the original amount and
 * the new cumulative total.
 */
export const additionalAmountsOf = (input: {
  readonly amount: number
  readonly merchantCategoryCode: string
  readonly processingCategory?: string | undefined
  readonly increment?: { readonly original: number; readonly cumulative: number } | undefined
}): AdditionalAmounts => {
  const kind = itemizedCategory[input.merchantCategoryCode]
  const atm = input.merchantCategoryCode === "6011" || input.processingCategory === "cash_disbursement"
  const healthcare = kind !== undefined && kind !== "transit"
  const cashBack = cashBackOf(input.amount, input.merchantCategoryCode, input.processingCategory)
  return {
    ...noAdditionalAmounts,
    ...(kind === undefined ? {} : { [kind]: usd(input.amount) }),
    ...(healthcare ? { total_healthcare: usd(input.amount) } : {}),
    ...(atm && input.amount > 0 ? { surcharge: usd(Math.min(atmSurcharge, input.amount)) } : {}),
    ...(cashBack > 0 ? { unknown: usd(cashBack) } : {}),
    ...(input.increment === undefined ? {} : {
      original: usd(input.increment.original),
      total_cumulative: usd(input.increment.cumulative)
    })
  }
}

/** A balance inquiry itemizes only an ATM's surcharge (merchant category 6011): the fee for asking. */
export const inquiryAdditionalAmountsOf = (merchantCategoryCode: string): AdditionalAmounts => ({
  ...noAdditionalAmounts,
  ...(merchantCategoryCode === "6011" ? { surcharge: usd(atmSurcharge) } : {})
})

/** The healthcare eligibility the network gives for a healthcare merchant; null for the others. */
export const healthcareOf = (merchantCategoryCode: string) => {
  const kind = itemizedCategory[merchantCategoryCode]
  return kind === undefined || kind === "transit" ? null : { merchant_ninety_percent_eligibility: "eligible" as const }
}

/** Cents as a decimal string in dollars (`1234` → `"12.34"`, `-5` → `"-0.05"`). */
export const dollars = (cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const whole = Math.abs(cents)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`
}

/**
 * The network's fees for a message: every message pays the transmission fee;
 * an authorization-like message (not a reversal) the domestic point-of-sale
 * authorization fee, a foreign merchant's the international service assessment,
 * a checked address the address verification fee; a clearing the purchase fee.
 * On `network_b` every message pays only its switch fee.
 */
export const schemeFeesOf = (input: {
  readonly at: Timestamp
  readonly kind: "authorization" | "reversal" | "clearing"
  readonly amount: number
  readonly merchantCountry?: string | null | undefined
  readonly addressChecked?: boolean | undefined
  /** The network the message travels; `network_a` when not given. */
  readonly network?: Network | undefined
}): ReadonlyArray<SchemeFee> => {
  const fee = (fee_type: SchemeFee["fee_type"], amount: string, fixed: string | null, rate: string | null) => ({
    amount,
    created_at: input.at,
    currency: "USD" as const,
    fee_type,
    fixed_component: fixed,
    variable_rate: rate
  })
  if (input.network === "network_b") return [fee("network_b_switch_fee", "0.0300", "0.0300", null)]
  const fees: Array<SchemeFee> = [fee("network_a_message_transmission", "0.0020", "0.0020", null)]
  if (input.kind === "authorization") {
    fees.push(fee("network_a_authorization_domestic_point_of_sale", "0.0195", "0.0195", null))
    if (input.addressChecked === true) {
      fees.push(fee("network_a_authorization_address_verification_service", "0.0025", "0.0025", null))
    }
  }
  if (input.kind === "reversal") {
    fees.push(fee("network_a_authorization_reversal_point_of_sale", "0.0195", "0.0195", null))
  }
  if (input.kind === "clearing") {
    fees.push(fee("network_a_purchase_domestic", dollars(Math.round(input.amount * 0.0014)), null, "0.0014"))
  }
  const foreign = input.merchantCountry !== null && input.merchantCountry !== undefined &&
    input.merchantCountry !== "US"
  if (foreign && input.kind !== "reversal") {
    fees.push(
      fee(
        "network_a_international_service_assessment_single_currency",
        dollars(Math.round(input.amount * 0.008)),
        null,
        "0.008"
      )
    )
  }
  return fees
}

/**
 * Whether the merchant accepts a partial approval: as the simulation says
 * (`partial_approval_capability`, a field of this service), else `supported`
 * at an automatic fuel dispenser (processing category or merchant category
 * 5542) and at a grocery store (5411), the merchants that take partial
 * approvals of prepaid and debit cards, and `not_supported` elsewhere.
 */
export const partialApprovalCapabilityOf = (body: {
  readonly partial_approval_capability?: PartialApprovalCapability | undefined
  readonly merchant_category_code?: string | undefined
  readonly processing_category?: { readonly category: string } | undefined
}): PartialApprovalCapability =>
  body.partial_approval_capability ??
    (body.processing_category?.category === "automatic_fuel_dispenser" || body.merchant_category_code === "5542" ||
        body.merchant_category_code === "5411"
      ? "supported"
      : "not_supported")

/**
 * Who acted on a message: the network stands in for the issuer when the
 * simulation names a stand-in processing reason; otherwise whoever answered.
 */
export const actionerOf = (answered: Actioner, standInReason: string | null | undefined): Actioner =>
  standInReason === null || standInReason === undefined ? answered : "network"

/** A rental names its agreement, a stay its folio, any other purchase its order. */
const purchaseIdentifierOf = (
  kind: { readonly car_rental: unknown; readonly lodging: unknown },
  reference: string
): Pick<PurchaseDetails, "purchase_identifier" | "purchase_identifier_format"> =>
  kind.car_rental !== null
    ? { purchase_identifier: `RA${reference.slice(-10)}`, purchase_identifier_format: "rental_agreement_number" }
    : kind.lodging !== null
    ? { purchase_identifier: `FOLIO${reference.slice(-8)}`, purchase_identifier_format: "hotel_folio_number" }
    : { purchase_identifier: `PO${reference.slice(-10)}`, purchase_identifier_format: "order_number" }

/**
 * What a clearing adds to a settlement or refund: the interchange the issuer
 * earns (1.75% + $0.10 of a settlement, given back on a refund), the surcharge
 * of a cash withdrawal, the cashback of a purchase with cash back (a
 * `cash_disbursement` at a store that is not an ATM, $20 at most), and the
 * purchase details every clearing has, with the car rental, lodging or travel
 * details a merchant of that kind sends (`CardPurchaseDetails`).
 */
export const clearingDetailsOf = (input: {
  readonly at: Timestamp
  readonly amount: number
  readonly direction: "settlement" | "refund"
  readonly merchantCategoryCode: string
  readonly merchantName: string
  readonly processingCategory: string | null
  readonly transactionReference: string
  /** The renter, guest or passenger a car rental, lodging or travel merchant names; the sandbox's when unknown. */
  readonly cardholder?: Cardholder | undefined
}): {
  readonly interchange: Interchange
  readonly surcharge: Surcharge | null
  readonly cashback: { readonly amount: string; readonly currency: "USD" } | null
  readonly purchase_details: PurchaseDetails
} => {
  const sign = input.direction === "settlement" ? 1 : -1
  const interchange = Math.round(input.amount * 0.0175) + 10
  const atm = input.merchantCategoryCode === "6011"
  const cashWithdrawal = atm || input.processingCategory === "cash_disbursement"
  const surcharge = cashWithdrawal ? Math.min(atmSurcharge, input.amount) : 0
  const cashback = cashBackOf(input.amount, input.merchantCategoryCode, input.processingCategory)
  const localTax = Math.round(input.amount * 0.08)
  const kind = kindDetailsOf(input.merchantCategoryCode, {
    amount: input.amount,
    direction: input.direction,
    at: input.at,
    merchantName: input.merchantName,
    transactionReference: input.transactionReference,
    cardholder: input.cardholder ?? sandboxCardholder
  })
  return {
    interchange: { amount: dollars(sign * interchange), code: "CPS/RETAIL", currency: "USD" },
    surcharge: surcharge === 0 ? null : { amount: sign * surcharge, presentment_amount: sign * surcharge },
    cashback: cashback === 0 ? null : { amount: dollars(sign * cashback), currency: "USD" },
    purchase_details: {
      car_rental: kind.car_rental,
      customer_reference_identifier: `CUST${input.transactionReference.slice(-8)}`,
      local_tax_amount: localTax,
      local_tax_currency: "USD",
      lodging: kind.lodging,
      national_tax_amount: 0,
      national_tax_currency: "USD",
      ...purchaseIdentifierOf(kind, input.transactionReference),
      travel: kind.travel
    }
  }
}
