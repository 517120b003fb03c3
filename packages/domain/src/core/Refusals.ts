/**
 * The refusals of a request the object's state or the request's own content
 * forbids: each is its own `Schema.TaggedError`, so code tells them apart by
 * tag, never by sentence. `detail` is what the person reading the response is
 * told; http's `ErrorMapping` answers every refusal once, as Increase does:
 * the 409s as `invalid_operation_error`, the 400s (which name their fields in
 * `errors`) as `invalid_parameters_error`.
 */
import { Schema } from "effect"
import { FieldError } from "./Errors.js"

const stated = { detail: Schema.String }
const naming = { detail: Schema.String, errors: Schema.Array(FieldError) }

// --- money -------------------------------------------------------------------

/** A change would spend more than the account has available. */
export class InsufficientAvailableBalance
  extends Schema.TaggedError<InsufficientAvailableBalance>()("InsufficientAvailableBalance", stated)
{}

/** An amount or a balance would leave the range this API represents exactly. */
export class AmountOutOfRange extends Schema.TaggedError<AmountOutOfRange>()("AmountOutOfRange", stated) {}

/** A pending transaction that is already complete cannot be completed, resized or settled again. */
export class PendingTransactionComplete
  extends Schema.TaggedError<PendingTransactionComplete>()("PendingTransactionComplete", stated)
{}

/** Only a user-initiated hold can be released by the caller. */
export class PendingTransactionNotReleasable
  extends Schema.TaggedError<PendingTransactionNotReleasable>()("PendingTransactionNotReleasable", stated)
{}

// --- accounts, account numbers, entities ------------------------------------

/** The account is closed: it takes no change and no new money movement. */
export class AccountClosed extends Schema.TaggedError<AccountClosed>()("AccountClosed", stated) {}

/** An account is closed only once its current balance and its holds are zero. */
export class AccountBalanceNotZero
  extends Schema.TaggedError<AccountBalanceNotZero>()("AccountBalanceNotZero", stated)
{}

/** Loan terms were given for an account funded by deposits (400). */
export class AccountNotALoan extends Schema.TaggedError<AccountNotALoan>()("AccountNotALoan", naming) {}

/** The account number's status does not allow the change (a canceled one takes none). */
export class AccountNumberWrongStatus
  extends Schema.TaggedError<AccountNumberWrongStatus>()("AccountNumberWrongStatus", stated)
{}

/** The entity is archived: it takes no change and owns no new account. */
export class EntityArchived extends Schema.TaggedError<EntityArchived>()("EntityArchived", stated) {}

/** An entity that owns open accounts cannot be archived. */
export class EntityOwnsOpenAccounts
  extends Schema.TaggedError<EntityOwnsOpenAccounts>()("EntityOwnsOpenAccounts", stated)
{}

/** The update names the details of another structure than the entity's (400). */
export class EntityStructureMismatch
  extends Schema.TaggedError<EntityStructureMismatch>()("EntityStructureMismatch", naming)
{}

// --- wires -------------------------------------------------------------------

/** The wire transfer's status does not allow the action. */
export class WireTransferWrongStatus
  extends Schema.TaggedError<WireTransferWrongStatus>()("WireTransferWrongStatus", stated)
{}

/** The external account a wire names is not active. */
export class ExternalAccountNotActive
  extends Schema.TaggedError<ExternalAccountNotActive>()("ExternalAccountNotActive", stated)
{}

/** The account number a wire names is not active. */
export class AccountNumberNotActive
  extends Schema.TaggedError<AccountNumberNotActive>()("AccountNumberNotActive", stated)
{}

// --- cards -------------------------------------------------------------------

/** A canceled card can no longer be changed. */
export class CardCanceled extends Schema.TaggedError<CardCanceled>()("CardCanceled", stated) {}

/** The card payment's history does not allow this interaction (an authorization, a settlement, a refund …). */
export class CardPaymentInteractionRefused
  extends Schema.TaggedError<CardPaymentInteractionRefused>()("CardPaymentInteractionRefused", stated)
{}

/** The card payment belongs to another card than the one the simulation names. */
export class CardPaymentOfAnotherCard
  extends Schema.TaggedError<CardPaymentOfAnotherCard>()("CardPaymentOfAnotherCard", stated)
{}

/** The authorization named cannot take what is asked (none, a refund, expired, settled, nothing held, no hold). */
export class CardAuthorizationNotUsable
  extends Schema.TaggedError<CardAuthorizationNotUsable>()("CardAuthorizationNotUsable", stated)
{}

/** The pending transaction named is not a card authorization (of this card, or of the right direction). */
export class NotACardAuthorization
  extends Schema.TaggedError<NotACardAuthorization>()("NotACardAuthorization", stated)
{}

/** The transaction named is not a card settlement. */
export class NotACardSettlement extends Schema.TaggedError<NotACardSettlement>()("NotACardSettlement", stated) {}

/** A refund larger than what is left to refund. */
export class RefundExceedsRefundable
  extends Schema.TaggedError<RefundExceedsRefundable>()("RefundExceedsRefundable", stated)
{}

/** The card authentication's status does not allow the step. */
export class CardAuthenticationWrongStatus
  extends Schema.TaggedError<CardAuthenticationWrongStatus>()("CardAuthenticationWrongStatus", stated)
{}

/** A settlement without a pending transaction must state its amount (400). */
export class SettlementAmountMissing
  extends Schema.TaggedError<SettlementAmountMissing>()("SettlementAmountMissing", naming)
{}

// --- real-time decisions -----------------------------------------------------

/** The decision can no longer (or cannot yet) take this: answered, timed out, another category, not due. */
export class RealTimeDecisionNotAnswerable
  extends Schema.TaggedError<RealTimeDecisionNotAnswerable>()("RealTimeDecisionNotAnswerable", stated)
{}

/** The decision's outcome was already applied by an earlier run of the request. */
export class RealTimeDecisionAlreadyApplied
  extends Schema.TaggedError<RealTimeDecisionAlreadyApplied>()("RealTimeDecisionAlreadyApplied", stated)
{}

/** The action's fields do not answer this decision (400). */
export class RealTimeDecisionActionInvalid
  extends Schema.TaggedError<RealTimeDecisionActionInvalid>()("RealTimeDecisionActionInvalid", naming)
{}

// --- check deposits ----------------------------------------------------------

/** The check deposit's status does not allow the step (submit, reject, return). */
export class CheckDepositWrongStatus
  extends Schema.TaggedError<CheckDepositWrongStatus>()("CheckDepositWrongStatus", stated)
{}

/** An image file of a new check deposit is not a check image of its side (400). */
export class CheckDepositImageInvalid
  extends Schema.TaggedError<CheckDepositImageInvalid>()("CheckDepositImageInvalid", naming)
{}

// --- mail --------------------------------------------------------------------

/** The inbound mail item (or one of its checks) is no longer pending. */
export class InboundMailItemNotPending
  extends Schema.TaggedError<InboundMailItemNotPending>()("InboundMailItemNotPending", stated)
{}

/** The action does not list one entry per check of the mail item (400). */
export class InboundMailItemChecksMismatch
  extends Schema.TaggedError<InboundMailItemChecksMismatch>()("InboundMailItemChecksMismatch", naming)
{}

/** The lockbox address's status does not allow the change (or a recipient on it). */
export class LockboxAddressWrongStatus
  extends Schema.TaggedError<LockboxAddressWrongStatus>()("LockboxAddressWrongStatus", stated)
{}

/** A canceled lockbox recipient can no longer be changed. */
export class LockboxRecipientCanceled
  extends Schema.TaggedError<LockboxRecipientCanceled>()("LockboxRecipientCanceled", stated)
{}

// --- events and webhooks -----------------------------------------------------

/** The event subscription's status does not allow this (deleted, or not active for a test delivery). */
export class EventSubscriptionWrongStatus
  extends Schema.TaggedError<EventSubscriptionWrongStatus>()("EventSubscriptionWrongStatus", stated)
{}

/** Another active subscription already receives the real-time decision categories asked for. */
export class DecisionCategoriesTaken
  extends Schema.TaggedError<DecisionCategoriesTaken>()("DecisionCategoriesTaken", stated)
{}

/** The group already has the most active subscriptions an environment allows. */
export class TooManyActiveSubscriptions
  extends Schema.TaggedError<TooManyActiveSubscriptions>()("TooManyActiveSubscriptions", stated)
{}

/** The subscription does not receive the category a test event was asked for. */
export class EventCategoryNotSubscribed
  extends Schema.TaggedError<EventCategoryNotSubscribed>()("EventCategoryNotSubscribed", stated)
{}

/** A group keeps at most `maxSnapshots` sandbox snapshots (`SandboxState`). */
export class TooManySnapshots extends Schema.TaggedError<TooManySnapshots>()("TooManySnapshots", stated) {}

/** A subscription holds at most `maxPendingFaults` injected webhook faults (`WebhookFault`). */
export class TooManyWebhookFaults extends Schema.TaggedError<TooManyWebhookFaults>()("TooManyWebhookFaults", stated) {}

// --- bookkeeping -------------------------------------------------------------

/** An entry set that does not balance, or misses its date (400). */
export class EntrySetInvalid extends Schema.TaggedError<EntrySetInvalid>()("EntrySetInvalid", naming) {}

// -----------------------------------------------------------------------------

/** A refusal answered 409 (`invalid_operation_error`). */
export type OperationRefusal =
  | InsufficientAvailableBalance
  | AmountOutOfRange
  | PendingTransactionComplete
  | PendingTransactionNotReleasable
  | WireTransferWrongStatus
  | ExternalAccountNotActive
  | AccountNumberNotActive
  | CardCanceled
  | CardPaymentInteractionRefused
  | CardPaymentOfAnotherCard
  | CardAuthorizationNotUsable
  | NotACardAuthorization
  | NotACardSettlement
  | RefundExceedsRefundable
  | CardAuthenticationWrongStatus
  | RealTimeDecisionNotAnswerable
  | RealTimeDecisionAlreadyApplied
  | InboundMailItemNotPending
  | LockboxAddressWrongStatus
  | LockboxRecipientCanceled
  | EventSubscriptionWrongStatus
  | DecisionCategoriesTaken
  | TooManyActiveSubscriptions
  | EventCategoryNotSubscribed
  | TooManySnapshots
  | TooManyWebhookFaults
  | CheckDepositWrongStatus
  | AccountClosed
  | AccountBalanceNotZero
  | AccountNumberWrongStatus
  | EntityArchived
  | EntityOwnsOpenAccounts

/** A refusal answered 400 (`invalid_parameters_error`), naming the fields at fault. */
export type ParametersRefusal =
  | SettlementAmountMissing
  | RealTimeDecisionActionInvalid
  | InboundMailItemChecksMismatch
  | EntrySetInvalid
  | CheckDepositImageInvalid
  | AccountNotALoan
  | EntityStructureMismatch

export type Refusal = OperationRefusal | ParametersRefusal

/** The fields at fault, and the detail that lists them: `field: message; …`. */
export const namingFields = (errors: ReadonlyArray<FieldError>) => ({
  detail: errors.map((error) => `${error.field}: ${error.message}`).join("; "),
  errors
})
