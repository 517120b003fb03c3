/**
 * What the sandbox merchant's 3DS server sends about an attempt (the
 * element's and the real-time decision's request fields), beyond what the
 * simulation names (docs/decisions.md, "Card detail and token rules"): the
 * cardholder's name (of the card's entity), email and billing address as the card knows them, the
 * billing address as the shipping address of a purchase, a desktop browser,
 * the requestor's indicators and transaction type read from the category
 * and the merchant, and the card's earlier authenticated attempt. Pure and deterministic from the inputs.
 */
import type { CardPaymentId } from "../core/Ids.js"
import type { Card } from "./Card.js"
import type * as CardAuthentication from "./CardAuthentication.js"
import { type Cardholder, nameOf, sandboxCardholder } from "./Cardholder.js"
import { authenticationOf, type CardPayment } from "./CardPayment.js"
import type { SimulateCardAuthentication } from "./CardSimulations.js"

/** The browser the sandbox's cardholder uses. */
export const sandboxBrowser: CardAuthentication.Browser = {
  accept_header: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  ip_address: "192.0.2.20",
  javascript_enabled: "enabled",
  language: "en-US",
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
}

/** Why the requestor itself starts an attempt: to charge a purchase again (recurring), or to add the card. */
export const merchantInitiatedIndicatorOf = (
  category: SimulateCardAuthentication["category"]
): CardAuthentication.MerchantInitiatedIndicator =>
  category === "non_payment_authentication" ? "add_card" : "recurring_transaction"

export const deviceChannelOf = (body: SimulateCardAuthentication): CardAuthentication.DeviceChannel => {
  switch (body.device_channel ?? "browser") {
    case "app":
      return { category: "app", browser: null, merchant_initiated: null }
    case "three_ds_requestor_initiated":
      return {
        category: "three_ds_requestor_initiated",
        browser: null,
        merchant_initiated: { indicator: merchantInitiatedIndicatorOf(body.category) }
      }
    case "browser":
      return { category: "browser", browser: sandboxBrowser, merchant_initiated: null }
  }
}

/** The transaction type a merchant category implies: quasi-cash, a prepaid load, account funding, else a purchase. */
export const transactionTypeOf = (merchantCategoryCode: string | undefined): CardAuthentication.TransactionType => {
  switch (merchantCategoryCode) {
    case "6051":
      return "quasi_cash_transaction"
    case "6540":
      return "prepaid_activation_and_load"
    case "4829":
      return "account_funding"
    case "6012":
      return "check_acceptance"
    default:
      return "goods_service_purchase"
  }
}

/**
 * The purchase of a payment authentication. A merchant abroad (a
 * `merchant_country` other than `US`) also sends the amount estimated in the
 * cardholder's currency, USD: the sandbox's conversion rate is one.
 */
export const messageCategoryOf = (body: SimulateCardAuthentication): CardAuthentication.MessageCategory =>
  body.category === "non_payment_authentication"
    ? { category: "non_payment_authentication", payment: null, non_payment: {} }
    : {
      category: "payment_authentication",
      payment: {
        purchase_amount: body.purchase_amount ?? 0,
        purchase_amount_cardholder_estimated: body.merchant_country !== undefined && body.merchant_country !== "US"
          ? body.purchase_amount ?? 0
          : null,
        purchase_currency: "USD",
        transaction_type: transactionTypeOf(body.merchant_category_code)
      },
      non_payment: null
    }

/**
 * The card's billing address as the cardholder types it into the merchant's
 * three-line form: an organization's card (its entity a corporation, trust or
 * government authority) names the organization on the third line, as a
 * business address does; a person's card leaves it empty.
 */
const addressOf = (card: Card, cardholder: Cardholder) => {
  const address = card.billing_address
  const known = address.line1 !== null
  return {
    city: address.city,
    country: known ? "US" : null,
    line1: address.line1,
    line2: address.line2,
    line3: known ? cardholder.organization : null,
    postal_code: address.postal_code,
    state: address.state
  }
}

/**
 * The earlier authentication the requestor relies on: the card's newest card
 * payment whose 3DS attempt authenticated the cardholder (`payments` newest first).
 */
export const priorAuthenticatedOf = (payments: ReadonlyArray<CardPayment>): CardPaymentId | null =>
  payments.find((payment) => {
    const status = authenticationOf(payment)?.status
    return status === "authenticated_with_challenge" || status === "authenticated_without_challenge"
  })?.id ?? null

/** What the merchant's 3DS server sends about an attempt (the element's and the real-time decision's request fields). */
export const authenticationRequestFields = (input: {
  readonly card: Card
  readonly body: SimulateCardAuthentication
  readonly reference: string
  /** The card's earlier authenticated attempt (`priorAuthenticatedOf`). */
  readonly priorAuthenticated?: CardPaymentId | null | undefined
  /** The holder of the card (`Cardholder.cardholderOf` its entity); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
}) => {
  const { body, card, reference } = input
  const cardholder = input.cardholder ?? sandboxCardholder
  const payment = body.category !== "non_payment_authentication"
  const billing = addressOf(card, cardholder)
  // a purchase ships to the billing address; adding a card ships nothing
  const shipping = payment
    ? billing
    : { city: null, country: null, line1: null, line2: null, line3: null, postal_code: null, state: null }
  return {
    access_control_server_transaction_identifier: `acs-${reference}`,
    billing_address_city: billing.city,
    billing_address_country: billing.country,
    billing_address_line1: billing.line1,
    billing_address_line2: billing.line2,
    billing_address_line3: billing.line3,
    billing_address_postal_code: billing.postal_code,
    billing_address_state: billing.state,
    card_id: card.id,
    cardholder_email: card.digital_wallet?.email ?? null,
    cardholder_name: nameOf(cardholder),
    device_channel: deviceChannelOf(body),
    directory_server_transaction_identifier: `ds-${reference}`,
    merchant_acceptor_id: body.merchant_acceptor_id ?? null,
    merchant_category_code: body.merchant_category_code ?? null,
    merchant_country: body.merchant_country ?? null,
    merchant_name: body.merchant_name ?? null,
    message_category: messageCategoryOf(body),
    prior_authenticated_card_payment_id: input.priorAuthenticated ?? null,
    requestor_authentication_indicator: payment ? "payment_transaction" as const : "add_card" as const,
    requestor_challenge_indicator: "no_preference" as const,
    requestor_name: body.merchant_name ?? "Sandbox Merchant",
    requestor_url: "https://merchant.example.com",
    shipping_address_city: shipping.city,
    shipping_address_country: shipping.country,
    shipping_address_line1: shipping.line1,
    shipping_address_line2: shipping.line2,
    shipping_address_line3: shipping.line3,
    shipping_address_postal_code: shipping.postal_code,
    shipping_address_state: shipping.state,
    three_d_secure_server_transaction_identifier: `3ds-${reference}`
  }
}
