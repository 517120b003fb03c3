/**
 * The wallet's one-time-passcode authentication (`digital_wallet_authentication_requested`).
 * After a wallet token request is approved, the wallet verifies the cardholder
 * with a passcode sent to a contact: the one the client gave when it approved
 * the token (`digital_wallet_token.approval.email` / `.phone`), else the
 * card's own `digital_wallet` contact. With no contact there is nothing to
 * send a passcode to, and the token is provisioned without it.
 *
 * The client delivers the passcode and answers `success` (naming the one
 * contact it used) or `failure`; no answer in the window counts as `failure`
 * (decisions.md i). A token whose passcode was not delivered stays
 * `inactive`: created, not activated by the second factor.
 */
import type { Card } from "../cards/Card.js"
import type { Status as TokenStatus } from "../cards/DigitalWalletToken.js"
import type { TokenAnswer } from "./CardDecision.js"
import type { DeliveryResult, RealTimeDecision, RealTimeDecisionAction, Request } from "./RealTimeDecision.js"

/** Where the passcode goes: a phone (by `sms`) wins over an email. */
export interface PasscodeContact {
  readonly email: string | null
  readonly phone: string | null
}

/** The contact of a token approval, else the card's; null when neither names one. */
export const passcodeContact = (input: {
  readonly tokenAnswer: RealTimeDecisionAction | null
  readonly card: Pick<Card, "digital_wallet">
}): PasscodeContact | null => {
  const approval = input.tokenAnswer?.digital_wallet_token?.approval
  const given = { email: approval?.email ?? null, phone: approval?.phone ?? null }
  if (given.email !== null || given.phone !== null) return given
  const settings = input.card.digital_wallet
  const own = { email: settings?.email ?? null, phone: settings?.phone ?? null }
  return own.email !== null || own.phone !== null ? own : null
}

/**
 * Where the wallet's passcode authentication of a token goes: only an approved
 * token is authenticated, at `passcodeContact`'s contact; null when none is asked.
 */
export const passcodeContactFor = (input: {
  readonly answer: TokenAnswer | null
  /** The client's answer as given, when the client answered (its approval may name a contact). */
  readonly given: RealTimeDecisionAction | null
  readonly card: Pick<Card, "digital_wallet">
}): PasscodeContact | null =>
  input.answer?._tag === "Approve" ? passcodeContact({ tokenAnswer: input.given, card: input.card }) : null

/** The decision asking the client to deliver the passcode (the sandbox's wallet is `wallet_a`). */
export const authenticationRequest = (input: {
  readonly card: Pick<Card, "id">
  readonly contact: PasscodeContact
  readonly oneTimePasscode: string
}): Request => {
  const bySms = input.contact.phone !== null
  return {
    category: "digital_wallet_authentication_requested",
    digital_wallet_authentication: {
      card_id: input.card.id,
      channel: bySms ? "sms" : "email",
      digital_wallet: "wallet_a",
      email: bySms ? null : input.contact.email,
      one_time_passcode: input.oneTimePasscode,
      phone: bySms ? input.contact.phone : null,
      result: null
    }
  }
}

/** The finished decision's result: the client's, or `failure` when it timed out. */
export const resultOf = (decision: RealTimeDecision): DeliveryResult =>
  decision.status === "responded" ? decision.digital_wallet_authentication?.result ?? "failure" : "failure"

/** The status of an approved token after its passcode authentication (null: none was asked). */
export const approvedTokenStatus = (result: DeliveryResult | null): Extract<TokenStatus, "active" | "inactive"> =>
  result === "failure" ? "inactive" : "active"
