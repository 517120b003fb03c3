/**
 * Identifiers are `<object_type>_<20 lowercase base-32 characters>`. Each object
 * type has its own branded string so that an account id cannot be passed where a
 * card id is expected. Decoding does not check the prefix: an id of the wrong
 * shape is simply an id that names no object (404), as on the real service.
 */
import { Schema } from "effect"

/**
 * `Schema.brand` takes a single literal name; its parameter type says so. The
 * description is what the API reference says of such an id where a field or a
 * parameter does not say more (a path parameter, a filter).
 */
const id = <const B extends string>(brand: Parameters<typeof Schema.brand<B>>[0], description: string) =>
  Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)).pipe(Schema.brand<B>(brand)).annotate({
    description
  })

export const AccountId = id("AccountId", "The identifier of an Account.")
export type AccountId = typeof AccountId.Type
export const AccountNumberId = id("AccountNumberId", "The identifier of an Account Number.")
export type AccountNumberId = typeof AccountNumberId.Type
export const BookkeepingAccountId = id("BookkeepingAccountId", "The identifier of a Bookkeeping Account.")
export type BookkeepingAccountId = typeof BookkeepingAccountId.Type
export const BookkeepingEntrySetId = id("BookkeepingEntrySetId", "The identifier of a Bookkeeping Entry Set.")
export type BookkeepingEntrySetId = typeof BookkeepingEntrySetId.Type
export const BookkeepingEntryId = id("BookkeepingEntryId", "The identifier of a Bookkeeping Entry.")
export type BookkeepingEntryId = typeof BookkeepingEntryId.Type
export const CardId = id("CardId", "The identifier of a Card.")
export type CardId = typeof CardId.Type
export const CardPaymentId = id("CardPaymentId", "The identifier of a Card Payment.")
export type CardPaymentId = typeof CardPaymentId.Type
export const CheckDepositId = id("CheckDepositId", "The identifier of a Check Deposit.")
export type CheckDepositId = typeof CheckDepositId.Type
export const DeclinedTransactionId = id("DeclinedTransactionId", "The identifier of a Declined Transaction.")
export type DeclinedTransactionId = typeof DeclinedTransactionId.Type
export const DigitalWalletTokenId = id("DigitalWalletTokenId", "The identifier of a Digital Wallet Token.")
export type DigitalWalletTokenId = typeof DigitalWalletTokenId.Type
export const EntityId = id("EntityId", "The identifier of an Entity.")
export type EntityId = typeof EntityId.Type
export const EntityBeneficialOwnerId = id(
  "EntityBeneficialOwnerId",
  "The identifier of a beneficial owner of a corporate Entity."
)
export type EntityBeneficialOwnerId = typeof EntityBeneficialOwnerId.Type
export const EntityAuthorizedPersonId = id(
  "EntityAuthorizedPersonId",
  "The identifier of an authorized person of a government authority Entity."
)
export type EntityAuthorizedPersonId = typeof EntityAuthorizedPersonId.Type
export const EventId = id("EventId", "The identifier of an Event.")
export type EventId = typeof EventId.Type
export const EventSubscriptionId = id("EventSubscriptionId", "The identifier of an Event Subscription.")
export type EventSubscriptionId = typeof EventSubscriptionId.Type
export const ExternalAccountId = id("ExternalAccountId", "The identifier of an External Account.")
export type ExternalAccountId = typeof ExternalAccountId.Type
export const FileId = id("FileId", "The identifier of a File.")
export type FileId = typeof FileId.Type
export const InboundMailItemId = id("InboundMailItemId", "The identifier of an Inbound Mail Item.")
export type InboundMailItemId = typeof InboundMailItemId.Type
export const InboundWireDrawdownRequestId = id(
  "InboundWireDrawdownRequestId",
  "The identifier of an Inbound Wire Drawdown Request."
)
export type InboundWireDrawdownRequestId = typeof InboundWireDrawdownRequestId.Type
export const LockboxAddressId = id("LockboxAddressId", "The identifier of a Lockbox Address.")
export type LockboxAddressId = typeof LockboxAddressId.Type
export const LockboxRecipientId = id("LockboxRecipientId", "The identifier of a Lockbox Recipient.")
export type LockboxRecipientId = typeof LockboxRecipientId.Type
export const PendingTransactionId = id("PendingTransactionId", "The identifier of a Pending Transaction.")
export type PendingTransactionId = typeof PendingTransactionId.Type
export const PhysicalCardId = id("PhysicalCardId", "The identifier of a Physical Card.")
export type PhysicalCardId = typeof PhysicalCardId.Type
export const ProgramId = id(
  "ProgramId",
  "The identifier of a Program, which sets the compliance and commercial terms of Accounts."
)
export type ProgramId = typeof ProgramId.Type
export const RealTimeDecisionId = id("RealTimeDecisionId", "The identifier of a Real-Time Decision.")
export type RealTimeDecisionId = typeof RealTimeDecisionId.Type
export const TransactionId = id("TransactionId", "The identifier of a Transaction.")
export type TransactionId = typeof TransactionId.Type
export const WireTransferId = id("WireTransferId", "The identifier of a Wire Transfer.")
export type WireTransferId = typeof WireTransferId.Type
/** One POST of an event to a subscription's URL (the delivery log). */
export const WebhookAttemptId = id(
  "WebhookAttemptId",
  "The identifier of a Webhook Attempt (one delivery of an Event to a subscription's URL)."
)
export type WebhookAttemptId = typeof WebhookAttemptId.Type
export const GroupId = id("GroupId", "The identifier of a Group, the customer that owns API keys and objects.")
export type GroupId = typeof GroupId.Type
export const ApiKeyId = id("ApiKeyId", "The identifier of an API key.")
export type ApiKeyId = typeof ApiKeyId.Type

/** An OAuth connection an event subscription may be made for (the OAuth flow itself is not modelled). */
export const OAuthConnectionId = id("OAuthConnectionId", "The identifier of an OAuth Connection.")
export type OAuthConnectionId = typeof OAuthConnectionId.Type

/** Ids of the elements of a card payment (one per interaction with the card network). */
export const CardAuthenticationId = id(
  "CardAuthenticationId",
  "The identifier of a Card Authentication (a 3-D Secure attempt) of a Card Payment."
)
export type CardAuthenticationId = typeof CardAuthenticationId.Type
export const CardAuthorizationId = id(
  "CardAuthorizationId",
  "The identifier of a Card Authorization of a Card Payment."
)
export type CardAuthorizationId = typeof CardAuthorizationId.Type
export const CardAuthorizationExpirationId = id(
  "CardAuthorizationExpirationId",
  "The identifier of a Card Authorization Expiration of a Card Payment."
)
export type CardAuthorizationExpirationId = typeof CardAuthorizationExpirationId.Type
export const CardBalanceInquiryId = id(
  "CardBalanceInquiryId",
  "The identifier of a Card Balance Inquiry of a Card Payment."
)
export type CardBalanceInquiryId = typeof CardBalanceInquiryId.Type
export const CardDeclineId = id("CardDeclineId", "The identifier of a Card Decline of a Card Payment.")
export type CardDeclineId = typeof CardDeclineId.Type
export const CardFinancialId = id(
  "CardFinancialId",
  "The identifier of a Card Financial (a single-message authorization and settlement) of a Card Payment."
)
export type CardFinancialId = typeof CardFinancialId.Type
export const CardFuelConfirmationId = id(
  "CardFuelConfirmationId",
  "The identifier of a Card Fuel Confirmation of a Card Payment."
)
export type CardFuelConfirmationId = typeof CardFuelConfirmationId.Type
export const CardIncrementId = id("CardIncrementId", "The identifier of a Card Increment of a Card Payment.")
export type CardIncrementId = typeof CardIncrementId.Type
export const CardRefundId = id("CardRefundId", "The identifier of a Card Refund of a Card Payment.")
export type CardRefundId = typeof CardRefundId.Type
export const CardReversalId = id("CardReversalId", "The identifier of a Card Reversal of a Card Payment.")
export type CardReversalId = typeof CardReversalId.Type
export const CardSettlementId = id("CardSettlementId", "The identifier of a Card Settlement of a Card Payment.")
export type CardSettlementId = typeof CardSettlementId.Type
export const CardValidationId = id(
  "CardValidationId",
  "The identifier of a Card Validation (an account verification) of a Card Payment."
)
export type CardValidationId = typeof CardValidationId.Type

/** The `<object_type>` prefix of every id, by object type. */
export const idPrefixes = {
  account: "account",
  account_number: "account_number",
  api_key: "api_key",
  bookkeeping_account: "bookkeeping_account",
  bookkeeping_entry: "bookkeeping_entry",
  bookkeeping_entry_set: "bookkeeping_entry_set",
  card: "card",
  card_payment: "card_payment",
  check_deposit: "check_deposit",
  declined_transaction: "declined_transaction",
  digital_wallet_token: "digital_wallet_token",
  entity: "entity",
  entity_beneficial_owner: "entity_beneficial_owner",
  entity_authorized_person: "entity_authorized_person",
  event: "event",
  event_subscription: "event_subscription",
  external_account: "external_account",
  file: "file",
  group: "group",
  inbound_mail_item: "inbound_mail_item",
  inbound_wire_drawdown_request: "inbound_wire_drawdown_request",
  lockbox_address: "lockbox_address",
  lockbox_recipient: "lockbox_recipient",
  pending_transaction: "pending_transaction",
  physical_card: "physical_card",
  program: "program",
  real_time_decision: "real_time_decision",
  transaction: "transaction",
  wire_transfer: "wire_transfer",
  webhook_attempt: "webhook_attempt",
  card_authentication: "card_authentication",
  card_authorization: "card_authorization",
  card_authorization_expiration: "card_authorization_expiration",
  card_balance_inquiry: "card_balance_inquiry",
  card_decline: "card_decline",
  card_financial: "card_financial",
  card_fuel_confirmation: "card_fuel_confirmation",
  card_increment: "card_increment",
  card_refund: "card_refund",
  card_reversal: "card_reversal",
  card_settlement: "card_settlement",
  card_validation: "card_validation"
} as const
export type ObjectType = keyof typeof idPrefixes

/** The branded id of each object type whose ids this service makes: what `IdGenerator.make(kind)` returns. */
export interface IdOf {
  readonly account: AccountId
  readonly account_number: AccountNumberId
  readonly api_key: ApiKeyId
  readonly bookkeeping_account: BookkeepingAccountId
  readonly bookkeeping_entry: BookkeepingEntryId
  readonly bookkeeping_entry_set: BookkeepingEntrySetId
  readonly card: CardId
  readonly card_payment: CardPaymentId
  readonly check_deposit: CheckDepositId
  readonly declined_transaction: DeclinedTransactionId
  readonly digital_wallet_token: DigitalWalletTokenId
  readonly entity: EntityId
  readonly entity_beneficial_owner: EntityBeneficialOwnerId
  readonly entity_authorized_person: EntityAuthorizedPersonId
  readonly event: EventId
  readonly event_subscription: EventSubscriptionId
  readonly external_account: ExternalAccountId
  readonly file: FileId
  readonly group: GroupId
  readonly inbound_mail_item: InboundMailItemId
  readonly inbound_wire_drawdown_request: InboundWireDrawdownRequestId
  readonly lockbox_address: LockboxAddressId
  readonly lockbox_recipient: LockboxRecipientId
  readonly pending_transaction: PendingTransactionId
  readonly physical_card: PhysicalCardId
  readonly program: ProgramId
  readonly real_time_decision: RealTimeDecisionId
  readonly transaction: TransactionId
  readonly wire_transfer: WireTransferId
  readonly webhook_attempt: WebhookAttemptId
  readonly card_authentication: CardAuthenticationId
  readonly card_authorization: CardAuthorizationId
  readonly card_authorization_expiration: CardAuthorizationExpirationId
  readonly card_balance_inquiry: CardBalanceInquiryId
  readonly card_decline: CardDeclineId
  readonly card_financial: CardFinancialId
  readonly card_fuel_confirmation: CardFuelConfirmationId
  readonly card_increment: CardIncrementId
  readonly card_refund: CardRefundId
  readonly card_reversal: CardReversalId
  readonly card_settlement: CardSettlementId
  readonly card_validation: CardValidationId
}
