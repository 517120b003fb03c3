/**
 * The body of `POST /real_time_decisions/{id}/action`: one answer object per
 * category, and `validateAction`, which checks it names the decision's own.
 * Exported from `RealTimeDecision` as well.
 */
import { Result, Schema } from "effect"
import * as CardAuthentication from "../cards/CardAuthentication.js"
import { AuthorizationDeclineReason, authorizationDeclineReasonValues } from "../cards/CardNetwork.js"
import { described } from "../core/Described.js"
import { FieldError } from "../core/Errors.js"
import { namingFields, RealTimeDecisionActionInvalid } from "../core/Refusals.js"
import { ShortText } from "../core/Text.js"
import { Amount, PositiveAmount } from "../money/Money.js"
import {
  AuthorizationDecision,
  DeliveryResult,
  detailFieldOf,
  detailFields,
  type RealTimeDecision
} from "./RealTimeDecisionResource.js"

/**
 * Optional body fields are absent or a value: an explicit `undefined` is not a value
 * (and a union with it would add noise to decode errors).
 */
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

// ---------------------------------------------------------------------------
// The action body
// ---------------------------------------------------------------------------

/** One contact of the cardholder, for delivering a code. */
const Contact = ShortText

const onlyWhen = (field: string, condition: string) => ({ path: [field], issue: `is only allowed when ${condition}` })

export const CardAuthorizationAction = Schema.Struct({
  decision: described(
    AuthorizationDecision,
    "Approve or decline the authorization. `approve`: approve it (within the available balance: an approval the balance does not cover is still declined `insufficient_funds`). `decline`: decline it."
  ),
  approval: optional(
    described(
      Schema.Struct({
        /** The merchant's address answer, for the acquirer's address verification. */
        cardholder_address_verification_result: optional(
          described(
            Schema.Struct({
              line1: described(
                Schema.Literals(["match", "no_match"]),
                "Whether the address line matches. `match` or `no_match`."
              ),
              postal_code: described(
                Schema.Literals(["match", "no_match"]),
                "Whether the postal code matches. `match` or `no_match`."
              )
            }),
            "Your verdict on each part of the address the cardholder gave (the request's `verification.cardholder_address`); the network response is built from it. It is advisory to the acquiring bank, which may reverse an approval whose address does not match."
          )
        ),
        /** In settlement currency; only when the merchant supports partial approvals. */
        partial_amount: optional(
          described(
            PositiveAmount,
            "Approve this lower amount instead of all of it, in the minor unit of the settlement currency (cents for USD); only when `partial_approval_capability` is `supported`, and at most `settlement_amount` (400 otherwise). The hold is then this amount."
          )
        )
      }),
      "Details of your approval; only with `decision` `approve`."
    )
  ),
  decline: optional(
    described(
      Schema.Struct({
        reason: described(
          AuthorizationDeclineReason,
          `Why you decline; sent to the card network as a decline code (without a \`decline\` object the reason is \`other\`). ${authorizationDeclineReasonValues}`
        )
      }),
      "Details of your decline; only with `decision` `decline`."
    )
  )
}).check(
  Schema.makeFilter((action) => {
    if (action.approval !== undefined && action.decision !== "approve") {
      return onlyWhen("approval", "decision is approve")
    }
    if (action.decline !== undefined && action.decision !== "decline") {
      return onlyWhen("decline", "decision is decline")
    }
    return undefined
  })
)
export type CardAuthorizationAction = typeof CardAuthorizationAction.Type

export const CardBalanceInquiryAction = Schema.Struct({
  decision: described(AuthorizationDecision, "Approve or decline the balance inquiry: `approve` or `decline`."),
  /** The balance to report, in settlement currency. */
  approval: optional(
    described(
      Schema.Struct({
        balance: described(
          Amount,
          "The balance to report to the merchant, in the minor unit of the settlement currency (cents for USD)."
        )
      }),
      "Details of your approval; only with `decision` `approve`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    action.approval !== undefined && action.decision !== "approve"
      ? onlyWhen("approval", "decision is approve")
      : undefined
  )
)
export type CardBalanceInquiryAction = typeof CardBalanceInquiryAction.Type

export const CardAuthenticationAction = Schema.Struct({
  decision: described(
    CardAuthentication.Decision,
    "Your answer to the 3DS attempt. `approve`: authenticate it without a challenge. `challenge`: ask the cardholder for a one-time code first. `deny`: deny it."
  )
})
export type CardAuthenticationAction = typeof CardAuthenticationAction.Type

export const CardAuthenticationChallengeAction = Schema.Struct({
  result: described(
    DeliveryResult,
    "Whether you delivered the code to the cardholder. `success`: you did (the challenge starts). `failure`: you could not (the authentication ends `errored`)."
  ),
  /** The contact the code was delivered to. */
  success: optional(
    described(
      Schema.Struct({
        email: optional(described(Contact, "The email address you delivered the code to.")),
        phone: optional(described(Contact, "The phone number you delivered the code to by SMS."))
      }),
      "Where you delivered the code; only with `result` `success`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    action.success !== undefined && action.result !== "success" ? onlyWhen("success", "result is success") : undefined
  )
)
export type CardAuthenticationChallengeAction = typeof CardAuthenticationChallengeAction.Type

/** Exactly one of `email` and `phone`: the contact the passcode went to. */
export const DigitalWalletAuthenticationSuccess = Schema.Struct({
  email: optional(
    described(Contact, "The email address you delivered the passcode to; exactly one of `email` and `phone`.")
  ),
  phone: optional(
    described(Contact, "The phone number you delivered the passcode to by SMS; exactly one of `email` and `phone`.")
  )
}).check(
  Schema.makeFilter((success) =>
    (success.email === undefined) === (success.phone === undefined)
      ? "exactly one of email and phone must be provided"
      : undefined
  )
)

export const DigitalWalletAuthenticationAction = Schema.Struct({
  result: described(
    DeliveryResult,
    "Whether you delivered the passcode to the cardholder. `success`: you did (the token becomes `active`). `failure`: you could not (the token stays `inactive`)."
  ),
  success: optional(
    described(
      DigitalWalletAuthenticationSuccess,
      "Where you delivered the passcode (exactly one of `email` and `phone`); only with `result` `success`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    action.success !== undefined && action.result !== "success" ? onlyWhen("success", "result is success") : undefined
  )
)
export type DigitalWalletAuthenticationAction = typeof DigitalWalletAuthenticationAction.Type

/**
 * `approval` approves the provisioning, `decline` declines it: exactly one of
 * them (an empty answer would leave the token undecided).
 */
export const DigitalWalletTokenAction = Schema.Struct({
  /** Contact for one-time-passcode verification. */
  approval: optional(described(
    Schema.Struct({
      email: optional(
        described(
          Contact,
          "An email address to verify the cardholder with a one-time passcode (else the card's `digital_wallet.email`)."
        )
      ),
      phone: optional(
        described(
          Contact,
          "A phone number to verify the cardholder with a one-time passcode by SMS (else the card's `digital_wallet.phone`); preferred over `email`."
        )
      )
    }),
    "Approve adding the card to the wallet; exactly one of `approval` and `decline`."
  )),
  /** For logging only; not shown to the cardholder. */
  decline: optional(
    described(
      Schema.Struct({
        reason: optional(described(ShortText, "Why you decline, for logging only; never shown to the cardholder."))
      }),
      "Decline adding the card to the wallet: the token is `declined` `webhook_declined`; exactly one of `approval` and `decline`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    (action.approval === undefined) === (action.decline === undefined)
      ? "exactly one of approval and decline must be provided"
      : undefined
  )
)
export type DigitalWalletTokenAction = typeof DigitalWalletTokenAction.Type

/**
 * The body of `POST /real_time_decisions/{id}/action`: the object matching the
 * decision's category (`validateAction` checks that against the decision).
 */
export const RealTimeDecisionAction = Schema.Struct({
  card_authentication: optional(
    described(
      CardAuthenticationAction,
      "Your answer to a `card_authentication_requested` decision: approve, challenge or deny the 3DS attempt. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  card_authentication_challenge: optional(
    described(
      CardAuthenticationChallengeAction,
      "Your answer to a `card_authentication_challenge_requested` decision: whether you delivered the challenge code. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  card_authorization: optional(
    described(
      CardAuthorizationAction,
      "Your answer to a `card_authorization_requested` decision: approve or decline the authorization. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  card_balance_inquiry: optional(
    described(
      CardBalanceInquiryAction,
      "Your answer to a `card_balance_inquiry_requested` decision: approve or decline the balance inquiry. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  digital_wallet_authentication: optional(
    described(
      DigitalWalletAuthenticationAction,
      "Your answer to a `digital_wallet_authentication_requested` decision: whether you delivered the wallet's passcode. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  digital_wallet_token: optional(
    described(
      DigitalWalletTokenAction,
      "Your answer to a `digital_wallet_token_requested` decision: approve or decline adding the card to the wallet. Give only the object of the decision's category (400 otherwise)."
    )
  )
}).annotate({
  identifier: "RealTimeDecisionAction",
  description: "Your answer to a pending real-time decision: the one object matching its category."
})
export type RealTimeDecisionAction = typeof RealTimeDecisionAction.Type

/**
 * The rules of an action body that need the decision: the object given is the
 * one of the decision's category (and no other), and `partial_amount` only
 * when the merchant supports partial approvals and no more than requested.
 */
export const validateAction = (
  decision: RealTimeDecision,
  action: RealTimeDecisionAction
): Result.Result<RealTimeDecisionAction, RealTimeDecisionActionInvalid> => {
  const errors: Array<FieldError> = []
  const expected = detailFieldOf[decision.category]
  for (const field of detailFields) {
    if (field === expected && action[field] === undefined) {
      errors.push(new FieldError({ field, message: `is required to answer a ${decision.category} decision` }))
    }
    if (field !== expected && action[field] !== undefined) {
      errors.push(new FieldError({ field, message: `cannot answer a ${decision.category} decision` }))
    }
  }
  const partialAmount = action.card_authorization?.approval?.partial_amount
  const authorization = decision.card_authorization
  if (partialAmount !== undefined && authorization !== null) {
    const field = "card_authorization.approval.partial_amount"
    if (authorization.partial_approval_capability !== "supported") {
      errors.push(new FieldError({ field, message: "is only allowed when partial_approval_capability is supported" }))
    } else if (partialAmount > authorization.settlement_amount) {
      errors.push(
        new FieldError({ field, message: `must not exceed the settlement amount (${authorization.settlement_amount})` })
      )
    }
  }
  return errors.length === 0
    ? Result.succeed(action)
    : Result.fail(
      new RealTimeDecisionActionInvalid(namingFields(errors))
    )
}
