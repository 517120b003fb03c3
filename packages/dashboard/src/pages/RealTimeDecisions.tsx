/**
 * Real-time decisions: the card events waiting for an answer, answered here by
 * hand before their `timeout_at` (a countdown shows how long is left), and
 * the ones answered or timed out. The API has no list of decisions: they are
 * found through their events (`real_time_decision.*_requested`).
 */
import { useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Fields, Id, Json, Money, Status, Time, useEvery, useNow, useResource } from "../Components.js"
import * as Format from "../Format.js"
import * as Router from "../Router.js"
import type { EventJson, PageJson, RealTimeDecisionJson } from "../Types.js"

export const decisionCategories = [
  "real_time_decision.card_authorization_requested",
  "real_time_decision.card_balance_inquiry_requested",
  "real_time_decision.card_authentication_requested",
  "real_time_decision.card_authentication_challenge_requested",
  "real_time_decision.digital_wallet_token_requested",
  "real_time_decision.digital_wallet_authentication_requested"
] as const

const declineReasons = [
  "insufficient_funds",
  "transaction_never_allowed",
  "exceeds_approval_limit",
  "card_temporarily_disabled",
  "suspected_fraud",
  "other"
] as const

const Countdown = (props: { readonly until: string }) => {
  const now = useNow()
  const left = Math.max(0, new Date(props.until).getTime() - now)
  return (
    <span class={left === 0 ? "countdown over" : "countdown"} title={`Answer before ${props.until}`}>
      {left === 0 ? "window passed" : `${(left / 1000).toFixed(1)} s left`}
    </span>
  )
}

/** The answer form of a pending card authorization: approve, or decline with a reason. */
const AuthorizationAnswer = (props: { readonly decision: RealTimeDecisionJson; readonly onAnswered: () => void }) => {
  const [reason, setReason] = useState<string>("insufficient_funds")
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)
  const answer = (body: unknown) => {
    setBusy(true)
    Api.post(`/real_time_decisions/${props.decision.id}/action`, { card_authorization: body }).then(
      () => {
        setBusy(false)
        props.onAnswered()
      },
      (failure: unknown) => {
        setBusy(false)
        setError(failure)
      }
    )
  }
  return (
    <div class="answer">
      <button type="button" class="primary" disabled={busy} onClick={() => answer({ decision: "approve" })}>
        Approve
      </button>
      <label>
        Reason{" "}
        <select value={reason} onChange={(event) => setReason(event.currentTarget.value)}>
          {declineReasons.map((value) => <option key={value} value={value}>{Format.words(value)}</option>)}
        </select>
      </label>
      <button
        type="button"
        class="danger"
        disabled={busy}
        onClick={() => answer({ decision: "decline", decline: { reason } })}
      >
        Decline
      </button>
      <ErrorBox error={error} />
    </div>
  )
}

const amountOf = (decision: RealTimeDecisionJson) => decision.card_authorization?.settlement_amount

/** One decision: its details, and while pending, its countdown and answer form. */
export const Decision = (props: { readonly id: string; readonly compact?: boolean }) => {
  const decision = useResource<RealTimeDecisionJson>(`/real_time_decisions/${props.id}`)
  const data = decision.data
  // Answered elsewhere or timed out, a decision changes without a new event: read again while pending.
  useEvery(data?.status === "pending" ? 1_000 : null, decision.reload)
  if (data === undefined) return <ErrorBox error={decision.error} />
  const amount = amountOf(data)
  return (
    <article class={`decision decision-${data.status}`} data-id={data.id}>
      <header>
        <Id id={data.id} to={`/real_time_decisions/${data.id}`} /> <span>{Format.words(data.category)}</span>{" "}
        <Status value={data.status} /> {amount === undefined ? null : <Money cents={amount} />}{" "}
        {data.status === "pending" ? <Countdown until={data.timeout_at} /> : null}
      </header>
      {data.status === "pending" && data.category === "card_authorization_requested"
        ? <AuthorizationAnswer decision={data} onAnswered={decision.reload} />
        : null}
      {data.status === "pending" && data.category !== "card_authorization_requested"
        ? <p class="muted">Answer this category through the API: POST /real_time_decisions/{data.id}/action.</p>
        : null}
      {props.compact === true ? null : (
        <Fields
          rows={[
            ["Created", <Time iso={data.created_at} />],
            ["Answer before", <Time iso={data.timeout_at} />],
            ["Card", <Id id={data.card_authorization?.card_id} />],
            ["Decision", data.card_authorization?.decision ?? "—"]
          ]}
        />
      )}
      <Json value={data} />
    </article>
  )
}

export const RealTimeDecisionsPage = () => {
  const events = useResource<PageJson<EventJson>>(
    `/events${Api.query({ "category.in": decisionCategories.join(","), limit: 25 })}`
  )
  return (
    <>
      <h1>Real-time decisions</h1>
      <p class="muted">
        A card event waits here for your answer until its window passes. Decisions are asked only while an event
        subscription selects their category (see <a href={Router.href("/event_subscriptions")}>event subscriptions</a>).
      </p>
      <ErrorBox error={events.error} />
      {events.data?.data.length === 0 ? <p class="muted empty">No decision asked yet.</p> : null}
      {(events.data?.data ?? []).map((event) => <Decision key={event.id} id={event.associated_object_id} compact />)}
    </>
  )
}

export const RealTimeDecisionPage = (props: { readonly id: string }) => (
  <>
    <p>
      <a href={Router.href("/real_time_decisions")}>← Real-time decisions</a>
    </p>
    <h1>Real-time decision</h1>
    <Decision id={props.id} />
  </>
)
