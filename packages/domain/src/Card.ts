/**
 * Cards draw on an account. The spec references them by identifier only; the
 * shape follows the public SDK so that its clients decode what we send.
 *
 * Status: `active` ⇄ `disabled`, and either → `canceled`, which is final (a
 * canceled card can no longer be changed).
 */
import { Result, Schema } from "effect"
import { InvalidOperationError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { AccountId, CardId, EntityId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Amount } from "./Money.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

/**
 * Optional body fields are absent or a value: an explicit `undefined` is not a value
 * (and a union with it would add noise to decode errors).
 */
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

export const Status = Schema.Literals(["active", "disabled", "canceled"])
export type Status = typeof Status.Type

export const SpendingLimitInterval = Schema.Literals([
  "all_time",
  "per_transaction",
  "per_day",
  "per_week",
  "per_month"
])
export type SpendingLimitInterval = typeof SpendingLimitInterval.Type

const allowedAndBlocked = <S extends Schema.Top>(entry: S) =>
  Schema.Struct({ allowed: Schema.NullOr(Schema.Array(entry)), blocked: Schema.NullOr(Schema.Array(entry)) })

const MerchantAcceptorIdentifierEntry = Schema.Struct({ identifier: Schema.String })
const MerchantCategoryCodeEntry = Schema.Struct({ code: Schema.String })
const MerchantCountryEntry = Schema.Struct({ country: Schema.String })

export const SpendingLimit = Schema.Struct({
  interval: SpendingLimitInterval,
  merchant_category_codes: Schema.NullOr(Schema.Array(MerchantCategoryCodeEntry)),
  settlement_amount: Amount
})

export const SingleUseSettlementAmount = Schema.Struct({
  comparison: Schema.Literals(["equals", "less_than_or_equals"]),
  value: Amount
})

/** Which authorizations the card accepts: `single_use` or `multi_use`, the matching object set. */
export const Usage = Schema.Union([
  Schema.Struct({
    category: Schema.Literal("single_use"),
    single_use: Schema.Struct({ settlement_amount: SingleUseSettlementAmount }),
    multi_use: Schema.Null
  }),
  Schema.Struct({
    category: Schema.Literal("multi_use"),
    single_use: Schema.Null,
    multi_use: Schema.Struct({ spending_limits: Schema.NullOr(Schema.Array(SpendingLimit)) })
  })
])

export const AuthorizationControls = Schema.Struct({
  merchant_acceptor_identifier: Schema.NullOr(allowedAndBlocked(MerchantAcceptorIdentifierEntry)),
  merchant_category_code: Schema.NullOr(allowedAndBlocked(MerchantCategoryCodeEntry)),
  merchant_country: Schema.NullOr(allowedAndBlocked(MerchantCountryEntry)),
  usage: Schema.NullOr(Usage)
}).annotate({ identifier: "CardAuthorizationControls" })
export type AuthorizationControls = typeof AuthorizationControls.Type

export const BillingAddress = Schema.Struct({
  city: Schema.NullOr(Schema.String),
  line1: Schema.NullOr(Schema.String),
  line2: Schema.NullOr(Schema.String),
  postal_code: Schema.NullOr(Schema.String),
  state: Schema.NullOr(Schema.String)
})
export type BillingAddress = typeof BillingAddress.Type

/** Contact used to verify the cardholder when a digital wallet adds the card. */
export const DigitalWalletSettings = Schema.Struct({
  digital_card_profile_id: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String)
})
export type DigitalWalletSettings = typeof DigitalWalletSettings.Type

export class Card extends Schema.Class<Card>("Card")({
  id: CardId,
  account_id: AccountId,
  authorization_controls: Schema.NullOr(AuthorizationControls),
  billing_address: BillingAddress,
  /** The first digits of the card number (the issuer identification number). */
  bin: Schema.String,
  created_at: Timestamp,
  description: Schema.NullOr(Schema.String),
  digital_wallet: Schema.NullOr(DigitalWalletSettings),
  entity_id: Schema.NullOr(EntityId),
  expiration_month: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
  expiration_year: Schema.Int,
  idempotency_key: Schema.NullOr(Schema.String),
  last4: Schema.String,
  status: Status,
  type: Schema.tag("card")
}) {}

// Request bodies: every nested field optional, as on the SDK's create and update params.

const allowedAndBlockedInput = <S extends Schema.Top>(entry: S) =>
  Schema.Struct({ allowed: optional(Schema.Array(entry)), blocked: optional(Schema.Array(entry)) })

export const AuthorizationControlsInput = Schema.Struct({
  merchant_acceptor_identifier: optional(allowedAndBlockedInput(MerchantAcceptorIdentifierEntry)),
  merchant_category_code: optional(allowedAndBlockedInput(MerchantCategoryCodeEntry)),
  merchant_country: optional(allowedAndBlockedInput(MerchantCountryEntry)),
  usage: optional(
    Schema.Struct({
      category: Schema.Literals(["single_use", "multi_use"]),
      single_use: optional(Schema.Struct({ settlement_amount: SingleUseSettlementAmount })),
      multi_use: optional(
        Schema.Struct({
          spending_limits: optional(
            Schema.Array(
              Schema.Struct({
                interval: SpendingLimitInterval,
                settlement_amount: Amount,
                merchant_category_codes: optional(Schema.Array(MerchantCategoryCodeEntry))
              })
            )
          )
        })
      )
    }).check(
      Schema.makeFilter((usage) =>
        usage.category === "single_use" && usage.single_use === undefined
          ? { path: ["single_use"], issue: "is required when category is single_use" }
          : undefined
      )
    )
  )
})
export type AuthorizationControlsInput = typeof AuthorizationControlsInput.Type

export const BillingAddressInput = Schema.Struct({
  city: ShortText,
  line1: ShortText,
  line2: optional(ShortText),
  postal_code: ShortText,
  state: ShortText
})
export type BillingAddressInput = typeof BillingAddressInput.Type

export const DigitalWalletInput = Schema.Struct({
  digital_card_profile_id: optional(Schema.String),
  email: optional(ShortText),
  phone: optional(ShortText)
})
export type DigitalWalletInput = typeof DigitalWalletInput.Type

export const CreateCard = Schema.Struct({
  account_id: AccountId,
  authorization_controls: optional(AuthorizationControlsInput),
  billing_address: optional(BillingAddressInput),
  description: optional(ShortText),
  digital_wallet: optional(DigitalWalletInput),
  entity_id: optional(EntityId)
}).annotate({ identifier: "CreateCard" })
export type CreateCard = typeof CreateCard.Type

export const UpdateCard = Schema.Struct({
  authorization_controls: optional(AuthorizationControlsInput),
  billing_address: optional(BillingAddressInput),
  description: optional(ShortText),
  digital_wallet: optional(DigitalWalletInput),
  entity_id: optional(EntityId),
  status: optional(Status)
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

/** Applies an update; a canceled card is final. Emits `card.updated`. */
export const update = (card: Card, body: UpdateCard): Result.Result<Transition, InvalidOperationError> => {
  if (card.status === "canceled") {
    return Result.fail(new InvalidOperationError({ detail: "This card is canceled; it can no longer be changed." }))
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
  account_id: Schema.optional(AccountId),
  idempotency_key: Schema.optional(IdempotencyKey),
  "status.in": Schema.optional(CommaSeparated(Status))
})
export type CardFilter = typeof CardFilter.Type
