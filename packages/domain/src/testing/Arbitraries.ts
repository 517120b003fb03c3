/**
 * fast-check arbitraries for every resource, request body and event outside
 * the card area, and command generators for their state machines.
 *
 * Values are "wire-safe": each survives encode → JSON → decode unchanged, so a
 * test may send it over HTTP or store it as JSON. Schemas without cross-field
 * rules are derived from the Schema (`fromSchema`); bodies with such rules are
 * built so that every generated body is valid (random bodies would fail most
 * rules), and so are the values a Schema filter rejects almost always (routing
 * number check digits, webhook URLs).
 */
import { DateTime, Exit, Option, Result, Schema, Struct } from "effect"
import { Base64 } from "effect/encoding"
import * as fc from "fast-check"
import * as Account from "../accounts/Account.js"
import * as AccountNumber from "../accounts/AccountNumber.js"
import * as Entity from "../accounts/Entity.js"
import * as ExternalAccount from "../accounts/ExternalAccount.js"
import * as RoutingNumber from "../accounts/RoutingNumber.js"
import type { Environment } from "../core/Environment.js"
import * as Ids from "../core/Ids.js"
import { ShortText } from "../core/Text.js"
import * as Event from "../events/Event.js"
import * as EventCategory from "../events/EventCategory.js"
import * as EventSubscription from "../events/EventSubscription.js"
import * as CheckDeposit from "../mail/CheckDeposit.js"
import * as File from "../mail/File.js"
import * as InboundMailItem from "../mail/InboundMailItem.js"
import * as LockboxAddress from "../mail/LockboxAddress.js"
import * as LockboxRecipient from "../mail/LockboxRecipient.js"
import * as Bookkeeping from "../money/Bookkeeping.js"
import * as PendingTransaction from "../money/PendingTransaction.js"
import * as Transaction from "../money/Transaction.js"
import * as Simulations from "../sandbox/Simulations.js"
import * as WireTransfer from "../wires/WireTransfer.js"
import { fromSchema } from "./FromSchema.js"

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

/**
 * Keeps `arbitrary`'s values in the form they have after a trip through JSON
 * (`-0` becomes `0`, `undefined` inside open objects disappears), dropping the
 * few that JSON cannot carry at all.
 */
export const wireSafe = <A, I>(schema: Schema.Codec<A, I>, arbitrary: fc.Arbitrary<A> = fromSchema(schema)) => {
  const encode = Schema.encodeExit(schema)
  const decode = Schema.decodeUnknownExit(schema)
  const throughJson = (value: A): Option.Option<A> => {
    const encoded = encode(value)
    if (Exit.isFailure(encoded)) return Option.none()
    const text = JSON.stringify(encoded.value)
    return text === undefined ? Option.none() : Exit.getSuccess(decode(JSON.parse(text)))
  }
  return arbitrary
    .map(throughJson)
    .filter(Option.isSome)
    .map((some) => some.value)
}

/** Instants between 2000 and 2100, with milliseconds. */
export const timestampArbitrary: fc.Arbitrary<DateTime.Utc> = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((millis) => DateTime.makeUnsafe(millis))

/** Ids as the service writes them: `<object_type>_<20 lowercase base-32 characters>`. */
export const idOf = <A>(prefix: string, make: (text: string) => A): fc.Arbitrary<A> =>
  fc.stringMatching(/^[a-z2-7]{20}$/).map((random) => make(`${prefix}_${random}`))

export const accountIdArbitrary = idOf("account", (text) => Ids.AccountId.make(text))
export const accountNumberIdArbitrary = idOf("account_number", (text) => Ids.AccountNumberId.make(text))
export const checkDepositIdArbitrary = idOf("check_deposit", (text) => Ids.CheckDepositId.make(text))
export const externalAccountIdArbitrary = idOf("external_account", (text) => Ids.ExternalAccountId.make(text))
export const eventSubscriptionIdArbitrary = idOf("event_subscription", (text) => Ids.EventSubscriptionId.make(text))
export const fileIdArbitrary = idOf("file", (text) => Ids.FileId.make(text))
export const inboundMailItemIdArbitrary = idOf("inbound_mail_item", (text) => Ids.InboundMailItemId.make(text))
export const lockboxAddressIdArbitrary = idOf("lockbox_address", (text) => Ids.LockboxAddressId.make(text))
export const lockboxRecipientIdArbitrary = idOf("lockbox_recipient", (text) => Ids.LockboxRecipientId.make(text))
export const pendingTransactionIdArbitrary = idOf(
  "pending_transaction",
  (text) => Ids.PendingTransactionId.make(text)
)
export const transactionIdArbitrary = idOf("transaction", (text) => Ids.TransactionId.make(text))
export const wireTransferIdArbitrary = idOf("wire_transfer", (text) => Ids.WireTransferId.make(text))

/** 1 to 200 characters. */
export const shortTextArbitrary = fromSchema(ShortText)
/** Positive amounts in cents, up to ten million dollars. */
export const positiveAmountArbitrary = fc.integer({ min: 1, max: 1_000_000_000 })
/** Valid routing numbers: eight random digits and their check digit (random nine digits fail it nine times in ten). */
export const routingNumberArbitrary: fc.Arbitrary<RoutingNumber.RoutingNumber> = fc
  .stringMatching(/^\d{8}$/)
  .map((firstEight) => RoutingNumber.RoutingNumber.make(`${firstEight}${RoutingNumber.checkDigit(firstEight)}`))
/** https URLs a webhook may be sent to (random text is almost never an absolute URL). */
export const webhookUrlArbitrary: fc.Arbitrary<string> = fc
  .webUrl({ validSchemes: ["https"] })
  .filter((url) => Schema.is(EventSubscription.WebhookUrl)(url))
export const accountNumberDigitsArbitrary = fc.stringMatching(/^\d{1,17}$/)
export const idempotencyKeyArbitrary = fc.option(shortTextArbitrary, { nil: null })

// ---------------------------------------------------------------------------
// The lead's resources: accounts, entities, transactions, bookkeeping, events
// ---------------------------------------------------------------------------

export const accountArbitrary = wireSafe(Account.Account)
export const createAccountArbitrary = wireSafe(Account.CreateAccount)
export const balanceLookupArbitrary = wireSafe(Account.BalanceLookup)
export const entityArbitrary = wireSafe(Entity.Entity)
export const createEntityArbitrary = wireSafe(Entity.CreateEntity)
export const transactionSourceArbitrary = wireSafe(Transaction.TransactionSource)
export const transactionArbitrary = wireSafe(Transaction.Transaction)
export const simulateInterestPaymentArbitrary = wireSafe(Transaction.SimulateInterestPayment)
export const bookkeepingAccountArbitrary = wireSafe(Bookkeeping.BookkeepingAccount)
export const bookkeepingBalanceLookupArbitrary = wireSafe(Bookkeeping.BookkeepingBalanceLookup)
export const bookkeepingEntrySetArbitrary = wireSafe(Bookkeeping.BookkeepingEntrySet)
export const bookkeepingEntryArbitrary = wireSafe(Bookkeeping.BookkeepingEntry)
export const createBookkeepingAccountArbitrary = wireSafe(Bookkeeping.CreateBookkeepingAccount)
export const updateBookkeepingAccountArbitrary = wireSafe(Bookkeeping.UpdateBookkeepingAccount)
/** Any entry-set body, balanced or not (see `balancedEntrySetArbitrary` for valid ones). */
export const createBookkeepingEntrySetArbitrary = wireSafe(Bookkeeping.CreateBookkeepingEntrySet)

/** Entry sets that pass `Bookkeeping.validateEntrySet`: ≥ 2 non-zero entries summing to zero. */
export const balancedEntrySetArbitrary: fc.Arbitrary<Bookkeeping.CreateBookkeepingEntrySet> = fc
  .record({
    debits: fc.array(
      fc.record({
        account: idOf("bookkeeping_account", (text) => Ids.BookkeepingAccountId.make(text)),
        amount: positiveAmountArbitrary
      }),
      {
        minLength: 1,
        maxLength: 5
      }
    ),
    creditAccount: idOf("bookkeeping_account", (text) => Ids.BookkeepingAccountId.make(text)),
    date: timestampArbitrary
  })
  .map(({ creditAccount, date, debits }) => ({
    entries: [
      ...debits.map(({ account: debitAccount, amount }) => ({ account_id: debitAccount, amount })),
      { account_id: creditAccount, amount: -debits.reduce((total, { amount }) => total + amount, 0) }
    ],
    date
  }))

export const eventCategoryArbitrary = fromSchema(EventCategory.EventCategory)
export const knownEventCategoryArbitrary = fromSchema(EventCategory.KnownEventCategory)
export const eventArbitrary = wireSafe(Event.Event)

// ---------------------------------------------------------------------------
// Supporting resources
// ---------------------------------------------------------------------------

export const pendingTransactionSourceArbitrary = wireSafe(PendingTransaction.PendingTransactionSource)
export const pendingTransactionArbitrary = wireSafe(PendingTransaction.PendingTransaction)
export const createPendingTransactionArbitrary = wireSafe(PendingTransaction.CreatePendingTransaction)
export const externalAccountArbitrary = wireSafe(ExternalAccount.ExternalAccount)
/** `POST /external_accounts` bodies, with valid routing numbers. */
export const createExternalAccountBodyArbitrary: fc.Arbitrary<ExternalAccount.CreateExternalAccount> = fc
  .tuple(
    fromSchema(ExternalAccount.CreateExternalAccount.mapFields(Struct.omit(["routing_number"]))),
    routingNumberArbitrary
  )
  .map(([body, routing_number]) => ({ ...body, routing_number }))
export const createExternalAccountArbitrary = wireSafe(
  ExternalAccount.CreateExternalAccount,
  createExternalAccountBodyArbitrary
)
export const updateExternalAccountArbitrary = wireSafe(ExternalAccount.UpdateExternalAccount)
export const accountNumberArbitrary = wireSafe(AccountNumber.AccountNumber)
export const createAccountNumberArbitrary = wireSafe(AccountNumber.CreateAccountNumber)
export const updateAccountNumberArbitrary = wireSafe(AccountNumber.UpdateAccountNumber)
export const checkDepositArbitrary = wireSafe(CheckDeposit.CheckDeposit)
export const createCheckDepositArbitrary = wireSafe(CheckDeposit.CreateCheckDeposit)
export const fileArbitrary = wireSafe(File.File)
export const createFileArbitrary = wireSafe(File.CreateFile)

// ---------------------------------------------------------------------------
// Wire transfers
// ---------------------------------------------------------------------------

export const wireTransferArbitrary = wireSafe(WireTransfer.WireTransfer)

const partyInput: fc.Arbitrary<WireTransfer.PartyInput> = fc.record(
  {
    name: shortTextArbitrary,
    address: fc.record({
      unstructured: fc.record({ line1: shortTextArbitrary, line2: shortTextArbitrary, line3: shortTextArbitrary }, {
        requiredKeys: ["line1"]
      })
    })
  },
  { requiredKeys: ["name"] }
)

export const remittanceInputArbitrary: fc.Arbitrary<WireTransfer.RemittanceInput> = fc.oneof(
  fc.record({
    category: fc.constant("unstructured" as const),
    unstructured: fc.record({ message: shortTextArbitrary })
  }),
  fc.record({
    category: fc.constant("tax" as const),
    tax: fc.record({
      date: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((date) =>
        date.toISOString().slice(0, 10)
      ),
      identification_number: fc.stringMatching(/^\d{9}$/),
      type_code: fc.string({ minLength: 5, maxLength: 5 })
    })
  })
)

const destination = fc.oneof(
  fc.record({ external_account_id: externalAccountIdArbitrary }),
  fc.record({ account_number: accountNumberDigitsArbitrary, routing_number: routingNumberArbitrary })
)

/** Valid `POST /wire_transfers` bodies, with and without external accounts and approval. */
export const createWireTransferArbitrary: fc.Arbitrary<WireTransfer.CreateWireTransfer> = fc
  .tuple(
    fc.record(
      {
        account_id: accountIdArbitrary,
        amount: positiveAmountArbitrary,
        creditor: partyInput,
        remittance: remittanceInputArbitrary,
        debtor: partyInput,
        inbound_wire_drawdown_request_id: idOf(
          "inbound_wire_drawdown_request",
          (text) => Ids.InboundWireDrawdownRequestId.make(text)
        ),
        require_approval: fc.boolean(),
        source_account_number_id: accountNumberIdArbitrary
      },
      { requiredKeys: ["account_id", "amount", "creditor", "remittance"] }
    ),
    destination
  )
  .map(([body, to]) => ({ ...body, ...to }))

/** What the bank hands `WireTransfer.create`, consistent with its body (an active external account when one is named). */
export const wireTransferCreationArbitrary: fc.Arbitrary<WireTransfer.CreateInput> = fc
  .record({
    id: wireTransferIdArbitrary,
    createdAt: timestampArbitrary,
    body: createWireTransferArbitrary,
    // Now and then one of the sandbox's outcome destinations (`WireTransferSandbox`).
    accountNumber: fc.oneof(
      { arbitrary: accountNumberDigitsArbitrary, weight: 3 },
      { arbitrary: fc.constantFrom(...Object.values(WireTransfer.sandboxAccountNumbers)), weight: 2 }
    ),
    routingNumber: routingNumberArbitrary,
    idempotencyKey: idempotencyKeyArbitrary,
    transactionId: transactionIdArbitrary,
    pendingTransactionId: pendingTransactionIdArbitrary,
    environment: fc.constantFrom<Environment>("sandbox", "live")
  })
  .map((generated) => ({
    id: generated.id,
    createdAt: generated.createdAt,
    body: generated.body.account_number === undefined
      ? generated.body
      : { ...generated.body, account_number: generated.accountNumber },
    externalAccount: generated.body.external_account_id === undefined
      ? null
      : new ExternalAccount.ExternalAccount({
        id: generated.body.external_account_id,
        account_holder: "business",
        account_number: generated.accountNumber,
        created_at: generated.createdAt,
        description: "Counterparty",
        funding: "checking",
        idempotency_key: null,
        routing_number: generated.routingNumber,
        status: "active"
      }),
    createdBy: WireTransfer.createdByApiKey(null),
    idempotencyKey: generated.idempotencyKey,
    defaultDebtor: null,
    transactionId: generated.transactionId,
    pendingTransactionId: generated.pendingTransactionId,
    environment: generated.environment
  }))

/** Freshly created transfers (`pending_approval`, `pending_creating` or, in the sandbox, `pending_reviewing`). */
export const createdWireTransferArbitrary: fc.Arbitrary<WireTransfer.WireTransfer> = wireTransferCreationArbitrary.map(
  (input) => Result.getOrThrowWith(WireTransfer.create(input), (error) => new Error(error.detail)).next
)

/** Any of the commands, with random data. */
export const wireTransferCommandArbitrary: fc.Arbitrary<WireTransfer.Command> = fc.oneof(
  fc
    .record({
      at: timestampArbitrary,
      approvedBy: fc.option(fc.emailAddress(), { nil: null }),
      transactionId: transactionIdArbitrary,
      review: fc.boolean()
    })
    .map(WireTransfer.Command.Approve),
  fc
    .record({ at: timestampArbitrary, passes: fc.boolean(), transactionId: transactionIdArbitrary })
    .map(WireTransfer.Command.Review),
  fc.record({ at: timestampArbitrary, transactionId: transactionIdArbitrary }).map(
    WireTransfer.Command.RequireAttention
  ),
  fc.record({ at: timestampArbitrary, canceledBy: fc.option(fc.emailAddress(), { nil: null }) }).map(
    WireTransfer.Command.Cancel
  ),
  fc
    .record({
      at: timestampArbitrary,
      inputMessageAccountabilityData: fc.stringMatching(/^\d{8}[A-Z0-9]{8}\d{6}$/),
      uniqueEndToEndTransactionReference: fc.uuid(),
      transactionId: transactionIdArbitrary
    })
    .map(WireTransfer.Command.Submit),
  fc.record({ at: timestampArbitrary }).map(WireTransfer.Command.Complete),
  fc
    .record({
      at: timestampArbitrary,
      transactionId: transactionIdArbitrary,
      inputSequenceNumber: fc.stringMatching(/^\d{6}$/),
      description: shortTextArbitrary,
      returnReasonCode: fc.option(fc.constantFrom(...Object.keys(WireTransfer.returnReasonDescriptions), "XX99"), {
        nil: null
      }),
      returnReasonAdditionalInformation: fc.option(shortTextArbitrary, { nil: null }),
      instructionIdentification: fc.option(shortTextArbitrary, { nil: null })
    })
    .map(WireTransfer.Command.Reverse)
)

// ---------------------------------------------------------------------------
// Lockbox addresses and recipients
// ---------------------------------------------------------------------------

export const lockboxAddressArbitrary = wireSafe(LockboxAddress.LockboxAddress)
export const createLockboxAddressArbitrary = wireSafe(LockboxAddress.CreateLockboxAddress)
export const updateLockboxAddressArbitrary = wireSafe(LockboxAddress.UpdateLockboxAddress)
export const mailingAddressArbitrary = wireSafe(LockboxAddress.MailingAddress)

/** New addresses, `pending`. */
export const createdLockboxAddressArbitrary: fc.Arbitrary<LockboxAddress.LockboxAddress> = fc
  .record({
    id: lockboxAddressIdArbitrary,
    createdAt: timestampArbitrary,
    body: createLockboxAddressArbitrary,
    idempotencyKey: idempotencyKeyArbitrary
  })
  .map((input) => LockboxAddress.create(input).next)

/** Active addresses. */
export const activeLockboxAddressArbitrary: fc.Arbitrary<LockboxAddress.LockboxAddress> = fc
  .tuple(createdLockboxAddressArbitrary, mailingAddressArbitrary)
  .map(([address, mailing]) => new LockboxAddress.LockboxAddress({ ...address, address: mailing, status: "active" }))

export const lockboxAddressCommandArbitrary: fc.Arbitrary<LockboxAddress.Command> = fc.oneof(
  mailingAddressArbitrary.map((address) => LockboxAddress.Command.Activate({ address })),
  updateLockboxAddressArbitrary.map((body) => LockboxAddress.Command.Update({ body }))
)

export const lockboxRecipientArbitrary = wireSafe(LockboxRecipient.LockboxRecipient)
export const createLockboxRecipientArbitrary = wireSafe(LockboxRecipient.CreateLockboxRecipient)
export const updateLockboxRecipientArbitrary = wireSafe(LockboxRecipient.UpdateLockboxRecipient)
export const mailStopCodeArbitrary = fc
  .array(fc.constantFrom(...LockboxRecipient.mailStopCodeAlphabet), {
    minLength: LockboxRecipient.mailStopCodeLength,
    maxLength: LockboxRecipient.mailStopCodeLength
  })
  .map((characters) => characters.join(""))

/** New recipients (`active`) at an active address. */
export const createdLockboxRecipientArbitrary: fc.Arbitrary<LockboxRecipient.LockboxRecipient> = fc
  .record({
    id: lockboxRecipientIdArbitrary,
    createdAt: timestampArbitrary,
    body: createLockboxRecipientArbitrary,
    address: activeLockboxAddressArbitrary,
    mailStopCode: mailStopCodeArbitrary,
    idempotencyKey: idempotencyKeyArbitrary
  })
  .map((input) => Result.getOrThrowWith(LockboxRecipient.create(input), (error) => new Error(error.detail)).next)

// ---------------------------------------------------------------------------
// Inbound mail items
// ---------------------------------------------------------------------------

export const inboundMailItemArbitrary = wireSafe(InboundMailItem.InboundMailItem)

/** One valid action entry: deposits name an account, ignores do not. */
export const checkActionArbitrary: fc.Arbitrary<InboundMailItem.CheckAction> = fc.oneof(
  accountIdArbitrary.map((account_id) => ({ action: "deposit" as const, account_id })),
  fc.constant({ action: "ignore" as const })
)

/** Valid action bodies with exactly `checkCount` entries. */
export const actionInboundMailItemArbitraryFor = (
  checkCount: number
): fc.Arbitrary<InboundMailItem.ActionInboundMailItem> =>
  fc.array(checkActionArbitrary, { minLength: checkCount, maxLength: checkCount }).map((checks) => ({ checks }))

/** Valid action bodies of 1 to 5 entries. */
export const actionInboundMailItemArbitrary = fc.integer({ min: 1, max: 5 }).chain(actionInboundMailItemArbitraryFor)

const receivedCheck: fc.Arbitrary<InboundMailItem.ReceivedCheck> = fc.record({
  amount: positiveAmountArbitrary,
  frontFileId: fc.option(fileIdArbitrary, { nil: null }),
  backFileId: fc.option(fileIdArbitrary, { nil: null }),
  checkDepositId: checkDepositIdArbitrary
})

/** Mail arriving at an active address, for no recipient: the item waits `pending` for an action. */
export const pendingInboundMailItemArbitrary: fc.Arbitrary<InboundMailItem.InboundMailItem> = fc
  .record({
    id: inboundMailItemIdArbitrary,
    createdAt: timestampArbitrary,
    fileId: fileIdArbitrary,
    checks: fc.array(receivedCheck, { minLength: 1, maxLength: 4 }),
    address: activeLockboxAddressArbitrary
  })
  .map((input) => InboundMailItem.receive({ ...input, recipient: null }).next)

export const simulateInboundMailItemArbitrary = wireSafe(Simulations.SimulateInboundMailItem)
export const simulateCheckDepositSubmissionArbitrary = wireSafe(Simulations.SimulateCheckDepositSubmission)
export const simulateCheckDepositAdjustmentArbitrary = wireSafe(Simulations.SimulateCheckDepositAdjustment)

// ---------------------------------------------------------------------------
// Event subscriptions and webhook signatures
// ---------------------------------------------------------------------------

export const eventSubscriptionArbitrary = wireSafe(EventSubscription.EventSubscription)
/** `POST /event_subscriptions` bodies, with https URLs (the cross-field rule on the selections is kept). */
export const createEventSubscriptionBodyArbitrary: fc.Arbitrary<EventSubscription.CreateEventSubscription> = fc
  .tuple(
    fromSchema(
      EventSubscription.CreateEventSubscription.mapFields(Struct.omit(["url"]), { unsafePreserveChecks: true })
    ),
    webhookUrlArbitrary
  )
  .map(([body, url]) => ({ url, ...body }))
export const createEventSubscriptionArbitrary = wireSafe(
  EventSubscription.CreateEventSubscription,
  createEventSubscriptionBodyArbitrary
)
export const updateEventSubscriptionArbitrary = wireSafe(EventSubscription.UpdateEventSubscription)

/** New subscriptions (`active` or `disabled`). */
export const createdEventSubscriptionArbitrary: fc.Arbitrary<EventSubscription.EventSubscription> = fc
  .record({
    id: eventSubscriptionIdArbitrary,
    createdAt: timestampArbitrary,
    body: createEventSubscriptionArbitrary,
    idempotencyKey: idempotencyKeyArbitrary
  })
  .map((input) => EventSubscription.create(input).next)

/** Shared secrets as clients choose them (any 1 to 200 characters). */
export const sharedSecretArbitrary = shortTextArbitrary
/** Standard Webhooks secrets: `whsec_` and the base64 of 24 to 64 random bytes. */
export const base64SecretArbitrary = fc
  .uint8Array({ minLength: 24, maxLength: 64 })
  .map((bytes) => `whsec_${Base64.encode(bytes)}`)
/** Unix seconds between 2000 and 2100. */
export const unixTimestampArbitrary = fc.integer({ min: 946_684_800, max: 4_102_444_800 })
