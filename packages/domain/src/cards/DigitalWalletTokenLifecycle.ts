/**
 * A wallet token's life (docs/decisions.md, "Card detail and token rules"):
 * a provisioning request approved makes a token (`active`, or `inactive` until
 * the wallet's passcode authentication passes); a declined one makes none,
 * only the reason. The token then follows its card: a disabled card suspends
 * its usable tokens, an active card again reactivates the suspended ones, and
 * a canceled card deactivates them for good. Every change appends to the
 * token's `updates` and emits `digital_wallet_token.updated`.
 */
import type { CardId, DigitalWalletTokenId } from "../core/Ids.js"
import type { Timestamp } from "../core/Timestamp.js"
import type * as CardDecision from "../decisions/CardDecision.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import type { Card, Status as CardStatus } from "./Card.js"
import { type Cardholder, nameOf, sandboxCardholder } from "./Cardholder.js"
import type { DigitalWallet } from "./CardNetwork.js"
import { DigitalWalletTokenRequestSimulationResult } from "./CardSimulationResults.js"
import { type DeclineReason, DigitalWalletToken, type Status } from "./DigitalWalletToken.js"

/** The sandbox's wallets in turn: a card's first token is `wallet_a`, its second `wallet_b`, its third `wallet_c` … */
export const wallets: ReadonlyArray<Exclude<DigitalWallet, "unknown">> = ["wallet_a", "wallet_b", "wallet_c"]

export const walletFor = (tokensOfCard: number): DigitalWallet => wallets[tokensOfCard % wallets.length] ?? "wallet_a"

/** The device a sandbox wallet provisions on: the card's n-th token is on its n-th device. */
export const deviceFor = (wallet: DigitalWallet, cardId: CardId, tokensOfCard: number) => ({
  device_type: wallet === "wallet_c" ? "watch" as const : "mobile_phone" as const,
  identifier: `device_${cardId.slice(-8)}_${tokensOfCard + 1}`,
  ip_address: "192.0.2.10",
  name: wallet === "wallet_c" ? "Sandbox Watch" : "Sandbox Phone"
})

export type TokenRequestOutcome =
  | {
    readonly _tag: "Provisioned"
    readonly token: DigitalWalletToken
    readonly events: ReadonlyArray<PendingEvent>
  }
  | { readonly _tag: "Declined"; readonly reason: DeclineReason }

/** A wallet asks to provision the card: approved, a token and `digital_wallet_token.created`; declined, only the reason. */
export const requestToken = (input: {
  readonly at: Timestamp
  readonly card: Card
  readonly answer: CardDecision.TokenAnswer
  /** An approved token's status after the wallet's passcode authentication (`active` when none was asked). */
  readonly approvedStatus: "active" | "inactive"
  /** How many tokens the card already has (the wallet is chosen in turn). */
  readonly tokensOfCard: number
  readonly last4: string
  readonly id: DigitalWalletTokenId
  /** The holder of the card (`Cardholder.cardholderOf` its entity), whose name the wallet gives; the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
}): TokenRequestOutcome => {
  if (input.answer._tag === "Decline") return { _tag: "Declined", reason: input.answer.reason }
  const wallet = walletFor(input.tokensOfCard)
  const token = new DigitalWalletToken({
    id: input.id,
    card_id: input.card.id,
    cardholder: { name: nameOf(input.cardholder ?? sandboxCardholder) },
    created_at: input.at,
    decline: null,
    device: deviceFor(wallet, input.card.id, input.tokensOfCard),
    dynamic_primary_account_number: { first6: input.card.bin, last4: input.last4 },
    status: input.approvedStatus,
    token_requestor: wallet,
    type: "digital_wallet_token",
    updates: [{ status: input.approvedStatus, timestamp: input.at }]
  })
  return {
    _tag: "Provisioned",
    token,
    events: [pendingEvent("digital_wallet_token.created", "digital_wallet_token", token.id)]
  }
}

/**
 * What a token request writes and answers: a provisioned token with its
 * event and its id as the result; when declined, nothing written and the
 * reason as the result (no token is created).
 */
export const requestWritesOf = (outcome: TokenRequestOutcome): {
  readonly tokens: ReadonlyArray<DigitalWalletToken>
  readonly events: ReadonlyArray<PendingEvent>
  readonly result: DigitalWalletTokenRequestSimulationResult
} =>
  outcome._tag === "Declined"
    ? {
      tokens: [],
      events: [],
      result: new DigitalWalletTokenRequestSimulationResult({
        digital_wallet_token_id: null,
        decline_reason: outcome.reason
      })
    }
    : {
      tokens: [outcome.token],
      events: outcome.events,
      result: new DigitalWalletTokenRequestSimulationResult({
        digital_wallet_token_id: outcome.token.id,
        decline_reason: null
      })
    }

/** The status a token takes when its card takes `cardStatus`; the same status when nothing changes. */
export const statusForCard = (token: Status, cardStatus: CardStatus): Status => {
  if (token === "deactivated" || token === "declined") return token
  switch (cardStatus) {
    case "canceled":
      return "deactivated"
    case "disabled":
      return token === "active" ? "suspended" : token
    case "active":
      return token === "suspended" ? "active" : token
  }
}

/** The token after its card changed status, with `digital_wallet_token.updated`; null when it does not change. */
export const followCard = (
  token: DigitalWalletToken,
  cardStatus: CardStatus,
  at: Timestamp
): { readonly next: DigitalWalletToken; readonly events: ReadonlyArray<PendingEvent> } | null => {
  const status = statusForCard(token.status, cardStatus)
  if (status === token.status) return null
  const next = new DigitalWalletToken({ ...token, status, updates: [...token.updates, { status, timestamp: at }] })
  return { next, events: [pendingEvent("digital_wallet_token.updated", "digital_wallet_token", token.id)] }
}

/**
 * What a card's status change does to its tokens (`followCard` for each):
 * nothing when the status did not change; else each token that changes, with its event.
 */
export const followCardChange = (
  tokens: ReadonlyArray<DigitalWalletToken>,
  change: { readonly previous: CardStatus; readonly next: CardStatus },
  at: Timestamp
): ReadonlyArray<{ readonly next: DigitalWalletToken; readonly events: ReadonlyArray<PendingEvent> }> =>
  change.previous === change.next
    ? []
    : tokens.flatMap((token) => {
      const followed = followCard(token, change.next, at)
      return followed === null ? [] : [followed]
    })
