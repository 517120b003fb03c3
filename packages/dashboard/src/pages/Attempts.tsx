/** A delivery log (webhook attempts): status, HTTP status, latency, response excerpt; each event can be resent. */
import * as Api from "../Api.js"
import { ActionButton, Empty, ErrorBox, Id, Status, useEvery, usePaged } from "../Components.js"
import { useFilters } from "../Filters.js"
import * as Format from "../Format.js"
import { type Column, createdColumn, Table } from "../List.js"
import type { WebhookAttemptJson } from "../Types.js"

const excerptLength = 120

const excerpt = (body: string | null) =>
  body === null ? "—" : body.length > excerptLength ? `${body.slice(0, excerptLength)}…` : body

const columns: ReadonlyArray<Column<WebhookAttemptJson>> = [
  createdColumn("Sent"),
  {
    label: "Event",
    cell: (attempt) => (
      <>
        <Id id={attempt.event_id} to={`/events/${attempt.event_id}`} />
        <div class="muted">{attempt.event_category}</div>
      </>
    )
  },
  { label: "Trigger", cell: (attempt) => `${attempt.trigger} #${attempt.attempt_number}` },
  {
    label: "Status",
    cell: (attempt) => (
      <>
        <Status value={attempt.status} />
        {attempt.failure_reason === null
          ? null
          : <div class="muted failure-reason">{Format.words(attempt.failure_reason)}</div>}
      </>
    )
  },
  { label: "HTTP", cell: (attempt) => attempt.response_status_code ?? "—" },
  {
    label: "Latency",
    class: "number",
    cell: (attempt) => attempt.duration_ms === null ? "—" : `${attempt.duration_ms} ms`
  },
  {
    label: "Response",
    cell: (attempt) => <code class="excerpt" title={attempt.response_body ?? ""}>{excerpt(attempt.response_body)}</code>
  }
]

export const Attempts = (props: { readonly path: string; readonly resend: boolean }) => {
  const filters = useFilters(props.path, { scope: "attempts" })
  const list = usePaged<WebhookAttemptJson>(filters.path)
  // A resend or a retry makes an attempt but no event (which `Live` would see): the log is read again itself.
  useEvery(1_500, list.reload)
  const resend: Column<WebhookAttemptJson> = {
    label: "",
    cell: (attempt) => (
      <ActionButton
        label="Resend"
        run={() =>
          Api.post(`/event_subscriptions/${attempt.event_subscription_id}/resend`, { event_id: attempt.event_id })}
        onDone={list.reload}
      />
    )
  }
  return (
    <>
      {filters.bar}
      <ErrorBox error={list.error} />
      {list.data !== undefined && list.rows.length === 0 ? <Empty>No delivery attempt yet.</Empty> : null}
      <Table
        class="attempts"
        rows={list.rows}
        columns={props.resend ? [...columns, resend] : columns}
        rowClass={(attempt) => `attempt-${attempt.status}`}
      />
      {list.pager}
    </>
  )
}
