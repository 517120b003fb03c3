/**
 * Cards draw on an account. The spec references them by identifier only; the
 * shape follows the public SDK so that its clients decode what we send.
 *
 * Status: `active` ⇄ `disabled`, and either → `canceled`, which is final (a
 * canceled card can no longer be changed).
 */
import { DateTime, Result, Schema } from "effect"
import type { AccountStatus } from "../accounts/Account.js"
import { described } from "../core/Described.js"
import { AccountId, CardId, EntityId } from "../core/Ids.js"
import { CommaSeparated } from "../core/ListParameters.js"
import { AccountClosed, CardCanceled } from "../core/Refusals.js"
import { IdempotencyKey } from "../core/Text.js"
import { ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { Amount } from "../money/Money.js"

/**
 * Optional body fields are absent or a value: an explicit `undefined` is not a value
 * (and a union with it would add noise to decode errors).
 */
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

export const Status = Schema.Literals(["active", "disabled", "canceled"]).annotate({
  description: "Whether payments can be made with the card. `active`: the card can be used. " +
    "`disabled`: temporarily disabled; authorizations are declined `card_not_active` until it is active again. " +
    "`canceled`: permanently canceled; the card can no longer be changed."
})
export type Status = typeof Status.Type

export const SpendingLimitInterval = Schema.Literals([
  "all_time",
  "per_transaction",
  "per_day",
  "per_week",
  "per_month"
]).annotate({
  description: "The interval over which the spending limit counts. `all_time`: over the lifetime of the card. " +
    "`per_transaction`: per authorization. `per_day`: per day, reset at midnight UTC. " +
    "`per_week`: per week, reset on Mondays at midnight UTC. `per_month`: per month, reset on the first of the month at midnight UTC."
})
export type SpendingLimitInterval = typeof SpendingLimitInterval.Type

/** What the reference says of the authorization controls: stored and returned, not yet applied. */
const recordedOnly =
  "This service records the controls and returns them; it does not yet decline authorizations by them."

/** The `allowed` and `blocked` lists of one control (`what`: "Merchant Category Codes" …). */
const allowedAndBlocked = <S extends Schema.Top>(entry: S, what: string) =>
  Schema.Struct({
    allowed: described(
      Schema.NullOr(Schema.Array(entry)),
      `The ${what} allowed for authorizations on this card; null when no allow list is set.`
    ),
    blocked: described(
      Schema.NullOr(Schema.Array(entry)),
      `The ${what} blocked for authorizations on this card; null when no block list is set.`
    )
  })

const MerchantAcceptorIdentifierEntry = Schema.Struct({
  identifier: described(Schema.String, "The Merchant Acceptor ID, as the card network names the merchant.")
})
const MerchantCategoryCodeEntry = Schema.Struct({
  code: described(
    Schema.String,
    "The Merchant Category Code (MCC): four digits naming the merchant's line of business."
  )
})
const MerchantCountryEntry = Schema.Struct({
  country: described(Schema.String, "The merchant's country, as an ISO 3166-1 alpha-2 code (for example `US`).")
})

const spendingLimitCodes =
  "The Merchant Category Codes (MCCs) this spending limit applies to; when absent or null the limit applies to every authorization."
const settlementLimit = "The largest total settlement amount permitted in the interval, in the minor unit of the " +
  "account's currency (cents for USD)."

export const SpendingLimit = Schema.Struct({
  interval: SpendingLimitInterval,
  merchant_category_codes: described(Schema.NullOr(Schema.Array(MerchantCategoryCodeEntry)), spendingLimitCodes),
  settlement_amount: described(Amount, settlementLimit)
})

const comparisonDescription = "How the settlement amount is compared with `value`. `equals`: it must be exactly " +
  "`value`. `less_than_or_equals`: it must be at most `value`."
const comparisonValueDescription =
  "The settlement amount the comparison uses, in the minor unit of the account's currency (cents for USD)."

export const SingleUseSettlementAmount = Schema.Struct({
  comparison: described(Schema.Literals(["equals", "less_than_or_equals"]), comparisonDescription),
  value: described(Amount, comparisonValueDescription)
})

const singleUseAmount = "The settlement amount the single-use card accepts."
const usageCategory = "Whether the card is for a single use or multiple uses. `single_use`: it can be used for " +
  "one authorization only (`single_use` is set). `multi_use`: it can be used for many authorizations (`multi_use` is set)."
const singleUseDescription =
  "Controls of a single-use card: the settlement amount it accepts. Set if and only if `category` is `single_use`; null otherwise."
const multiUseDescription =
  "Controls of a multi-use card. Set if and only if `category` is `multi_use`; null otherwise."
const spendingLimitsDescription =
  "The card's spending limits; the most restrictive one applies where several match. Null when none is set."

/** Which authorizations the card accepts: `single_use` or `multi_use`, the matching object set. */
export const Usage = Schema.Union([
  Schema.Struct({
    category: described(Schema.Literal("single_use"), usageCategory),
    single_use: described(
      Schema.Struct({ settlement_amount: described(SingleUseSettlementAmount, singleUseAmount) }),
      singleUseDescription
    ),
    multi_use: described(Schema.Null, multiUseDescription)
  }),
  Schema.Struct({
    category: described(Schema.Literal("multi_use"), usageCategory),
    single_use: described(Schema.Null, singleUseDescription),
    multi_use: described(
      Schema.Struct({
        spending_limits: described(Schema.NullOr(Schema.Array(SpendingLimit)), spendingLimitsDescription)
      }),
      multiUseDescription
    )
  })
])

export const AuthorizationControls = Schema.Struct({
  merchant_acceptor_identifier: described(
    Schema.NullOr(allowedAndBlocked(MerchantAcceptorIdentifierEntry, "Merchant Acceptor IDs")),
    "Which Merchant Acceptor IDs are allowed or blocked for authorizations on this card; null when not restricted."
  ),
  merchant_category_code: described(
    Schema.NullOr(allowedAndBlocked(MerchantCategoryCodeEntry, "Merchant Category Codes")),
    "Which Merchant Category Codes are allowed or blocked for authorizations on this card; null when not restricted."
  ),
  merchant_country: described(
    Schema.NullOr(allowedAndBlocked(MerchantCountryEntry, "merchant countries")),
    "Which merchant countries are allowed or blocked for authorizations on this card; null when not restricted."
  ),
  usage: described(
    Schema.NullOr(Usage),
    "How many times the card can be used, and for which amounts; null when not restricted."
  )
}).annotate({ identifier: "CardAuthorizationControls" })
export type AuthorizationControls = typeof AuthorizationControls.Type

const noBillingAddress = "null when the card was created without a billing address"

export const BillingAddress = Schema.Struct({
  city: described(Schema.NullOr(Schema.String), `The city of the billing address; ${noBillingAddress}.`),
  line1: described(Schema.NullOr(Schema.String), `The first line of the billing address; ${noBillingAddress}.`),
  line2: described(
    Schema.NullOr(Schema.String),
    "The second line of the billing address; null when it has none or when the card was created without a billing address."
  ),
  postal_code: described(Schema.NullOr(Schema.String), `The postal code of the billing address; ${noBillingAddress}.`),
  state: described(Schema.NullOr(Schema.String), `The US state of the billing address; ${noBillingAddress}.`)
})
export type BillingAddress = typeof BillingAddress.Type

/** Contact used to verify the cardholder when a digital wallet adds the card. */
export const DigitalWalletSettings = Schema.Struct({
  digital_card_profile_id: described(
    Schema.NullOr(Schema.String),
    "The digital card profile assigned to the card in wallets (its artwork); null when none was given."
  ),
  email: described(
    Schema.NullOr(Schema.String),
    "An email address to verify the cardholder with a one-time passcode when a wallet adds the card; null when none was given."
  ),
  phone: described(
    Schema.NullOr(Schema.String),
    "A phone number to verify the cardholder with a one-time passcode by SMS when a wallet adds the card; null when none was given."
  )
})
export type DigitalWalletSettings = typeof DigitalWalletSettings.Type

export class Card extends Schema.Class<Card>("Card")({
  id: described(CardId, "The card's identifier."),
  account_id: described(AccountId, "The identifier of the account this card belongs to; its payments draw on it."),
  authorization_controls: described(
    Schema.NullOr(AuthorizationControls),
    `Controls that restrict how the card can be used. ${recordedOnly} Null when the card has none.`
  ),
  billing_address: described(
    BillingAddress,
    "The card's billing address; every line is null when the card was created without one."
  ),
  /** The first digits of the card number (the issuer identification number). */
  bin: described(
    Schema.String,
    "The Bank Identification Number (BIN): the first six digits of the card number. Sandbox cards carry `400000`."
  ),
  created_at: described(Timestamp, "When the card was created (ISO 8601, UTC)."),
  description: described(Schema.NullOr(Schema.String), "The description you gave the card; null when none."),
  digital_wallet: described(
    Schema.NullOr(DigitalWalletSettings),
    "The contact information used to verify the cardholder when a digital wallet adds the card; null when none was given."
  ),
  entity_id: described(
    Schema.NullOr(EntityId),
    "The entity the card belongs to: the one given on creation, else the account's entity; null when neither exists."
  ),
  expiration_month: described(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
    "The month the card expires, 1 to 12 (August is 8). Cards expire three years after their creation."
  ),
  expiration_year: described(Schema.Int, "The year the card expires, four digits (for example 2029)."),
  idempotency_key: described(
    Schema.NullOr(Schema.String),
    "The `Idempotency-Key` of the request that created the card; null when it was created without one."
  ),
  last4: described(Schema.String, "The last four digits of the card number."),
  status: Status,
  type: described(Schema.tag("card"), "Always `card`: the type of this object.")
}) {}

// Request bodies: every nested field optional, as on the SDK's create and update params.

const allowedAndBlockedInput = <S extends Schema.Top>(entry: S, what: string) =>
  Schema.Struct({
    allowed: optional(described(Schema.Array(entry), `The ${what} to allow; any other is blocked.`)),
    blocked: optional(described(Schema.Array(entry), `The ${what} to block.`))
  })

export const AuthorizationControlsInput = Schema.Struct({
  merchant_acceptor_identifier: optional(described(
    allowedAndBlockedInput(MerchantAcceptorIdentifierEntry, "Merchant Acceptor IDs"),
    "Which Merchant Acceptor IDs to allow or block for authorizations on this card."
  )),
  merchant_category_code: optional(described(
    allowedAndBlockedInput(MerchantCategoryCodeEntry, "Merchant Category Codes"),
    "Which Merchant Category Codes to allow or block for authorizations on this card."
  )),
  merchant_country: optional(described(
    allowedAndBlockedInput(MerchantCountryEntry, "merchant countries"),
    "Which merchant countries to allow or block for authorizations on this card."
  )),
  usage: optional(described(
    Schema.Struct({
      category: described(Schema.Literals(["single_use", "multi_use"]), usageCategory),
      single_use: optional(described(
        Schema.Struct({ settlement_amount: described(SingleUseSettlementAmount, singleUseAmount) }),
        "Controls of a single-use card: the settlement amount it accepts. Required when `category` is `single_use`."
      )),
      multi_use: optional(described(
        Schema.Struct({
          spending_limits: optional(described(
            Schema.Array(
              Schema.Struct({
                interval: SpendingLimitInterval,
                settlement_amount: described(Amount, settlementLimit),
                merchant_category_codes: optional(
                  described(Schema.Array(MerchantCategoryCodeEntry), spendingLimitCodes)
                )
              })
            ),
            "The card's spending limits; the most restrictive one applies where several match."
          ))
        }),
        "Controls of a multi-use card. Used when `category` is `multi_use`."
      ))
    }).check(
      Schema.makeFilter((usage) =>
        usage.category === "single_use" && usage.single_use === undefined
          ? { path: ["single_use"], issue: "is required when category is single_use" }
          : undefined
      )
    ),
    "How many times the card can be used, and for which amounts."
  ))
})
export type AuthorizationControlsInput = typeof AuthorizationControlsInput.Type

export const BillingAddressInput = Schema.Struct({
  city: described(ShortText, "The city of the billing address."),
  line1: described(ShortText, "The first line of the billing address."),
  line2: optional(described(ShortText, "The second line of the billing address.")),
  postal_code: described(ShortText, "The postal code of the billing address."),
  state: described(ShortText, "The US state of the billing address.")
})
export type BillingAddressInput = typeof BillingAddressInput.Type

export const DigitalWalletInput = Schema.Struct({
  digital_card_profile_id: optional(
    described(Schema.String, "The digital card profile to show the card with in wallets (its artwork).")
  ),
  email: optional(described(
    ShortText,
    "An email address to verify the cardholder with a one-time passcode when a wallet adds the card."
  )),
  phone: optional(described(
    ShortText,
    "A phone number to verify the cardholder with a one-time passcode by SMS when a wallet adds the card; preferred over `email`."
  ))
})
export type DigitalWalletInput = typeof DigitalWalletInput.Type

const controlsInput = `Controls that restrict how the card can be used. ${recordedOnly}`
const digitalWalletInput = "The contact information used to verify the cardholder when a digital wallet adds the " +
  "card. Without it, answer the `digital_wallet_token_requested` real-time decision with an `email` or `phone`."
const entityInput =
  "The entity the card belongs to, one of yours; needed only when the card is not for the account's holder (its entity is the default)."

export const CreateCard = Schema.Struct({
  account_id: described(AccountId, "The account the card belongs to; its payments draw on it."),
  authorization_controls: optional(described(AuthorizationControlsInput, controlsInput)),
  billing_address: optional(described(BillingAddressInput, "The card's billing address.")),
  description: optional(described(ShortText, "A description of the card for display (1 to 200 characters).")),
  digital_wallet: optional(described(DigitalWalletInput, digitalWalletInput)),
  entity_id: optional(described(EntityId, entityInput))
}).annotate({ identifier: "CreateCard" })
export type CreateCard = typeof CreateCard.Type

export const UpdateCard = Schema.Struct({
  authorization_controls: optional(
    described(AuthorizationControlsInput, `${controlsInput} Replaces the card's controls.`)
  ),
  billing_address: optional(described(BillingAddressInput, "The card's new billing address.")),
  description: optional(described(ShortText, "The card's new description (1 to 200 characters).")),
  digital_wallet: optional(described(DigitalWalletInput, `${digitalWalletInput} Replaces the card's settings.`)),
  entity_id: optional(described(EntityId, entityInput)),
  status: optional(described(
    Status,
    "The card's new status. `active`: the card can be used. `disabled`: temporarily disabled. " +
      "`canceled`: permanently canceled; a canceled card can no longer be changed (409)."
  ))
}).annotate({ identifier: "UpdateCard" })
export type UpdateCard = typeof UpdateCard.Type

/** The stored form of the authorization controls of a request body. */
export const authorizationControlsFrom = (input: AuthorizationControlsInput): AuthorizationControls => {
  const lists = <A>(
    given:
      | { readonly allowed?: ReadonlyArray<A> | undefined; readonly blocked?: ReadonlyArray<A> | undefined }
      | undefined
  ) => given === undefined ? null : { allowed: given.allowed ?? null, blocked: given.blocked ?? null }
  const usage = input.usage
  return {
    merchant_acceptor_identifier: lists(input.merchant_acceptor_identifier),
    merchant_category_code: lists(input.merchant_category_code),
    merchant_country: lists(input.merchant_country),
    usage: usage === undefined
      ? null
      : usage.category === "single_use" && usage.single_use !== undefined
      ? { category: "single_use", single_use: usage.single_use, multi_use: null }
      : {
        category: "multi_use",
        single_use: null,
        multi_use: {
          spending_limits: usage.multi_use?.spending_limits?.map((limit) => ({
            interval: limit.interval,
            settlement_amount: limit.settlement_amount,
            merchant_category_codes: limit.merchant_category_codes ?? null
          })) ?? null
        }
      }
  }
}

export const billingAddressFrom = (input: BillingAddressInput): BillingAddress => ({
  city: input.city,
  line1: input.line1,
  line2: input.line2 ?? null,
  postal_code: input.postal_code,
  state: input.state
})

export const digitalWalletFrom = (input: DigitalWalletInput): DigitalWalletSettings => ({
  digital_card_profile_id: input.digital_card_profile_id ?? null,
  email: input.email ?? null,
  phone: input.phone ?? null
})

export interface Transition {
  readonly next: Card
  readonly events: ReadonlyArray<PendingEvent>
}

/** Sandbox cards carry a test issuer identification number. */
export const sandboxBin = "400000"

/** How many years a card is valid: it expires in the month of its creation, this many years on. */
export const validityYears = 3

/** The month and year a card created at `createdAt` expires. */
export const expirationOf = (createdAt: Timestamp): { readonly month: number; readonly year: number } => {
  const expires = DateTime.add(createdAt, { years: validityYears })
  return { month: DateTime.getPartUtc(expires, "month"), year: DateTime.getPartUtc(expires, "year") }
}

/** The number of possible last four digits: the bank draws one in [0, last4Choices) for `last4Of`. */
export const last4Choices = 10_000

/** The last four digits drawn as `draw` (an integer in [0, `last4Choices`)), zero-padded. */
export const last4Of = (draw: number): string => String(draw).padStart(4, "0")

/** The billing address of a card created without one: every line null. */
export const emptyBillingAddress: BillingAddress = {
  city: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null
}

export interface CreateInput {
  readonly id: CardId
  readonly createdAt: Timestamp
  readonly idempotencyKey: string | null
  readonly body: CreateCard
  /** The entity of the account the card draws on (the card's entity when the body names none). */
  readonly accountEntityId: EntityId | null
  /** The bank's random draw for the last four digits, in [0, `last4Choices`). */
  readonly last4Draw: number
}

/** A new card: active, expiring `validityYears` after its creation. Emits `card.created`. */
export const create = (input: CreateInput): Transition => {
  const { body } = input
  const expiration = expirationOf(input.createdAt)
  const next = new Card({
    id: input.id,
    account_id: body.account_id,
    authorization_controls: body.authorization_controls === undefined
      ? null
      : authorizationControlsFrom(body.authorization_controls),
    billing_address: body.billing_address === undefined
      ? emptyBillingAddress
      : billingAddressFrom(body.billing_address),
    bin: sandboxBin,
    created_at: input.createdAt,
    description: body.description ?? null,
    digital_wallet: body.digital_wallet === undefined ? null : digitalWalletFrom(body.digital_wallet),
    entity_id: body.entity_id ?? input.accountEntityId,
    expiration_month: expiration.month,
    expiration_year: expiration.year,
    idempotency_key: input.idempotencyKey,
    last4: last4Of(input.last4Draw),
    status: "active"
  })
  return { next, events: [pendingEvent("card.created", "card", next.id)] }
}

/** A card is issued only on an open account: a closed one is refused (409, nothing written). */
export const requireIssuableOn = (
  account: { readonly id: AccountId; readonly status: AccountStatus }
): Result.Result<void, AccountClosed> =>
  account.status === "open"
    ? Result.void
    : Result.fail(new AccountClosed({ detail: `Account ${account.id} is closed: no card can be issued on it.` }))

/** Applies an update; a canceled card is final. Emits `card.updated`. */
export const update = (card: Card, body: UpdateCard): Result.Result<Transition, CardCanceled> => {
  if (card.status === "canceled") {
    return Result.fail(new CardCanceled({ detail: "This card is canceled; it can no longer be changed." }))
  }
  const next = new Card({
    ...card,
    authorization_controls: body.authorization_controls === undefined
      ? card.authorization_controls
      : authorizationControlsFrom(body.authorization_controls),
    billing_address: body.billing_address === undefined
      ? card.billing_address
      : billingAddressFrom(body.billing_address),
    description: body.description ?? card.description,
    digital_wallet: body.digital_wallet === undefined ? card.digital_wallet : digitalWalletFrom(body.digital_wallet),
    entity_id: body.entity_id ?? card.entity_id,
    status: body.status ?? card.status
  })
  return Result.succeed({ next, events: [pendingEvent("card.updated", "card", card.id)] })
}

/** `GET /cards` filters (beside the paging of `ListParameters`). */
export const CardFilter = Schema.Struct({
  account_id: Schema.optional(described(AccountId, "Only the cards of this account.")),
  idempotency_key: described(
    Schema.optional(IdempotencyKey),
    "Only the card created with this `Idempotency-Key` (at most one)."
  ),
  "status.in": Schema.optional(CommaSeparated(Status))
})
export type CardFilter = typeof CardFilter.Type
