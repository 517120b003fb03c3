/**
 * A card payment's element: `{category, created_at, <category>: object}`, one
 * struct per category (the objects are in `CardPaymentObjects`), and the
 * `Element` union of them, with `other` for interactions this version does not
 * model.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { Timestamp } from "../core/Timestamp.js"
import { CardAuthentication } from "./CardAuthentication.js"
import {
  CardAuthorization,
  CardAuthorizationExpiration,
  CardBalanceInquiry,
  CardDecline,
  CardFinancial,
  CardFuelConfirmation,
  CardIncrement,
  CardRefund,
  CardReversal,
  CardSettlement,
  CardValidation
} from "./CardPaymentObjects.js"

const createdAtText = "When the element was created (ISO 8601, UTC)."
const elementCategoryText =
  "The kind of interaction; the object named after it holds its details. `card_authentication`, `card_authorization`, `card_authorization_expiration`, `card_balance_inquiry`, `card_decline`, `card_financial`, `card_fuel_confirmation`, `card_increment`, `card_refund`, `card_reversal`, `card_settlement`, `card_validation` or `other`. New values can appear over time; tolerate unknown ones."

/**
 * An interaction this version does not model: its object is kept as it came.
 * What can arrive is JSON, so property tests draw JSON objects for it
 * (`otherElementObjectArbitrary` in `testing/CardSchemas.ts`).
 */
export const Other = Schema.Record(Schema.String, Schema.Unknown).annotate({
  identifier: "CardPaymentOtherElement",
  description: "The object of an interaction this version of the service does not model, kept as it came."
})
export type Other = typeof Other.Type

/*
 * An element is `{category, created_at, <category>: object}`; the object named
 * after the category is the only one present, which one struct per category
 * states exactly.
 */
export const CardAuthenticationElement = Schema.Struct({
  category: described(Schema.Literal("card_authentication"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_authentication: described(
    CardAuthentication,
    "A 3DS authentication attempt (a card authentication). Set because `category` is `card_authentication`; the element carries no other object."
  )
})
export const CardAuthorizationElement = Schema.Struct({
  category: described(Schema.Literal("card_authorization"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_authorization: described(
    CardAuthorization,
    "A card authorization: a temporary hold on the account's funds, to be settled later. Set because `category` is `card_authorization`; the element carries no other object."
  )
})
export const CardAuthorizationExpirationElement = Schema.Struct({
  category: described(Schema.Literal("card_authorization_expiration"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_authorization_expiration: described(
    CardAuthorizationExpiration,
    "A card authorization expiration: the hold of an authorization the merchant never settled, released. Set because `category` is `card_authorization_expiration`; the element carries no other object."
  )
})
export const CardBalanceInquiryElement = Schema.Struct({
  category: described(Schema.Literal("card_balance_inquiry"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_balance_inquiry: described(
    CardBalanceInquiry,
    "A card balance inquiry: a merchant (often an ATM) checking the available balance, without a hold. Set because `category` is `card_balance_inquiry`; the element carries no other object."
  )
})
export const CardDeclineElement = Schema.Struct({
  category: described(Schema.Literal("card_decline"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_decline: described(
    CardDecline,
    "A card decline: a declined authorization, increment or balance inquiry. Set because `category` is `card_decline`; the element carries no other object."
  )
})
export const CardFinancialElement = Schema.Struct({
  category: described(Schema.Literal("card_financial"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_financial: described(
    CardFinancial,
    "A card financial: a transaction authorized and cleared in one message. Set because `category` is `card_financial`; the element carries no other object."
  )
})
export const CardFuelConfirmationElement = Schema.Struct({
  category: described(Schema.Literal("card_fuel_confirmation"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_fuel_confirmation: described(
    CardFuelConfirmation,
    "A card fuel confirmation: the amount a fuel pump actually dispensed. Set because `category` is `card_fuel_confirmation`; the element carries no other object."
  )
})
export const CardIncrementElement = Schema.Struct({
  category: described(Schema.Literal("card_increment"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_increment: described(
    CardIncrement,
    "A card increment: the merchant raising an authorization's amount. Set because `category` is `card_increment`; the element carries no other object."
  )
})
export const CardRefundElement = Schema.Struct({
  category: described(Schema.Literal("card_refund"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_refund: described(
    CardRefund,
    "A card refund: money moved back to the cardholder. Set because `category` is `card_refund`; the element carries no other object."
  )
})
export const CardReversalElement = Schema.Struct({
  category: described(Schema.Literal("card_reversal"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_reversal: described(
    CardReversal,
    "A card reversal: a part or all of an authorization canceled. Set because `category` is `card_reversal`; the element carries no other object."
  )
})
export const CardSettlementElement = Schema.Struct({
  category: described(Schema.Literal("card_settlement"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_settlement: described(
    CardSettlement,
    "A card settlement: a transaction the merchant cleared, debiting the account. Set because `category` is `card_settlement`; the element carries no other object."
  )
})
export const CardValidationElement = Schema.Struct({
  category: described(Schema.Literal("card_validation"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  card_validation: described(
    CardValidation,
    "A card validation: a merchant checking that the card (and its address or code) is valid, for no amount. Set because `category` is `card_validation`; the element carries no other object."
  )
})
export const OtherElement = Schema.Struct({
  category: described(Schema.Literal("other"), elementCategoryText),
  created_at: described(Timestamp, createdAtText),
  other: described(
    Other,
    "An interaction this version of the service does not model, kept as it came. Set because `category` is `other`; the element carries no other object."
  )
})

export const Element = Schema.Union([
  CardAuthenticationElement,
  CardAuthorizationElement,
  CardAuthorizationExpirationElement,
  CardBalanceInquiryElement,
  CardDeclineElement,
  CardFinancialElement,
  CardFuelConfirmationElement,
  CardIncrementElement,
  CardRefundElement,
  CardReversalElement,
  CardSettlementElement,
  CardValidationElement,
  OtherElement
]).annotate({
  identifier: "CardPaymentElement",
  description:
    "One interaction of the card payment: `category` names it, and the object named after the category holds its details."
})
export type Element = typeof Element.Type

export type ElementCategory = Element["category"]

export const elementCategories: ReadonlyArray<ElementCategory> = [
  "card_authentication",
  "card_authorization",
  "card_authorization_expiration",
  "card_balance_inquiry",
  "card_decline",
  "card_financial",
  "card_fuel_confirmation",
  "card_increment",
  "card_refund",
  "card_reversal",
  "card_settlement",
  "card_validation",
  "other"
]
