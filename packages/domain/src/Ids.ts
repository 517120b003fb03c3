/**
 * Identifiers are `<object_type>_<20 lowercase base-32 characters>`. Each object
 * type has its own branded string so that an account id cannot be passed where a
 * card id is expected. Decoding does not check the prefix: an id of the wrong
 * shape is simply an id that names no object (404), as on the real service.
 */
import { Schema } from "effect"

/** `Schema.brand` takes a single literal name; its parameter type says so. */
const id = <const B extends string>(brand: Parameters<typeof Schema.brand<B>>[0]) =>
  Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)).pipe(Schema.brand<B>(brand))

export const AccountId = id("AccountId")
export type AccountId = typeof AccountId.Type
export const AccountNumberId = id("AccountNumberId")
export type AccountNumberId = typeof AccountNumberId.Type
export const BookkeepingAccountId = id("BookkeepingAccountId")
export type BookkeepingAccountId = typeof BookkeepingAccountId.Type
export const BookkeepingEntrySetId = id("BookkeepingEntrySetId")
export type BookkeepingEntrySetId = typeof BookkeepingEntrySetId.Type
export const BookkeepingEntryId = id("BookkeepingEntryId")
export type BookkeepingEntryId = typeof BookkeepingEntryId.Type
export const CardId = id("CardId")
export type CardId = typeof CardId.Type
export const CardPaymentId = id("CardPaymentId")
export type CardPaymentId = typeof CardPaymentId.Type
export const CheckDepositId = id("CheckDepositId")
export type CheckDepositId = typeof CheckDepositId.Type
export const DeclinedTransactionId = id("DeclinedTransactionId")
export type DeclinedTransactionId = typeof DeclinedTransactionId.Type
export const DigitalWalletTokenId = id("DigitalWalletTokenId")
export type DigitalWalletTokenId = typeof DigitalWalletTokenId.Type
export const EntityId = id("EntityId")
export type EntityId = typeof EntityId.Type
export const EntityBeneficialOwnerId = id("EntityBeneficialOwnerId")
export type EntityBeneficialOwnerId = typeof EntityBeneficialOwnerId.Type
export const EventId = id("EventId")
export type EventId = typeof EventId.Type
export const EventSubscriptionId = id("EventSubscriptionId")
export type EventSubscriptionId = typeof EventSubscriptionId.Type
export const ExternalAccountId = id("ExternalAccountId")
export type ExternalAccountId = typeof ExternalAccountId.Type
export const FileId = id("FileId")
export type FileId = typeof FileId.Type
export const InboundMailItemId = id("InboundMailItemId")
export type InboundMailItemId = typeof InboundMailItemId.Type
export const InboundWireDrawdownRequestId = id("InboundWireDrawdownRequestId")
export type InboundWireDrawdownRequestId = typeof InboundWireDrawdownRequestId.Type
export const LockboxAddressId = id("LockboxAddressId")
export type LockboxAddressId = typeof LockboxAddressId.Type
export const LockboxRecipientId = id("LockboxRecipientId")
export type LockboxRecipientId = typeof LockboxRecipientId.Type
export const PendingTransactionId = id("PendingTransactionId")
export type PendingTransactionId = typeof PendingTransactionId.Type
export const PhysicalCardId = id("PhysicalCardId")
export type PhysicalCardId = typeof PhysicalCardId.Type
export const ProgramId = id("ProgramId")
export type ProgramId = typeof ProgramId.Type
export const RealTimeDecisionId = id("RealTimeDecisionId")
export type RealTimeDecisionId = typeof RealTimeDecisionId.Type
export const TransactionId = id("TransactionId")
export type TransactionId = typeof TransactionId.Type
export const WireTransferId = id("WireTransferId")
export type WireTransferId = typeof WireTransferId.Type
/** One POST of an event to a subscription's URL (the delivery log). */
export const WebhookAttemptId = id("WebhookAttemptId")
export type WebhookAttemptId = typeof WebhookAttemptId.Type
export const GroupId = id("GroupId")
export type GroupId = typeof GroupId.Type
export const ApiKeyId = id("ApiKeyId")
export type ApiKeyId = typeof ApiKeyId.Type

/** An OAuth connection an event subscription may be made for (the OAuth flow itself is not modelled). */
export const OAuthConnectionId = id("OAuthConnectionId")
export type OAuthConnectionId = typeof OAuthConnectionId.Type

/** Ids of the elements of a card payment (one per interaction with the card network). */
export const CardAuthenticationId = id("CardAuthenticationId")
export type CardAuthenticationId = typeof CardAuthenticationId.Type
export const CardAuthorizationId = id("CardAuthorizationId")
export type CardAuthorizationId = typeof CardAuthorizationId.Type
export const CardAuthorizationExpirationId = id("CardAuthorizationExpirationId")
export type CardAuthorizationExpirationId = typeof CardAuthorizationExpirationId.Type
export const CardBalanceInquiryId = id("CardBalanceInquiryId")
export type CardBalanceInquiryId = typeof CardBalanceInquiryId.Type
export const CardDeclineId = id("CardDeclineId")
export type CardDeclineId = typeof CardDeclineId.Type
export const CardFinancialId = id("CardFinancialId")
export type CardFinancialId = typeof CardFinancialId.Type
export const CardFuelConfirmationId = id("CardFuelConfirmationId")
export type CardFuelConfirmationId = typeof CardFuelConfirmationId.Type
export const CardIncrementId = id("CardIncrementId")
export type CardIncrementId = typeof CardIncrementId.Type
export const CardRefundId = id("CardRefundId")
export type CardRefundId = typeof CardRefundId.Type
export const CardReversalId = id("CardReversalId")
export type CardReversalId = typeof CardReversalId.Type
export const CardSettlementId = id("CardSettlementId")
export type CardSettlementId = typeof CardSettlementId.Type
export const CardValidationId = id("CardValidationId")
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
  event: "event",
  event_subscription: "event_subscription",
  external_account: "external_account",
  file: "file",
  group: "group",
  inbound_mail_item: "inbound_mail_item",
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
  readonly event: EventId
  readonly event_subscription: EventSubscriptionId
  readonly external_account: ExternalAccountId
  readonly file: FileId
  readonly group: GroupId
  readonly inbound_mail_item: InboundMailItemId
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
