/** A delivery log (webhook attempts): status, HTTP status, latency, response excerpt; each event can be resent. */
import * as Api from "../Api.js"
import { ActionButton, Empty, ErrorBox, Id, Status, Time, useEvery, usePaged } from "../Components.js"
import * as Format from "../Format.js"
import type { WebhookAttemptJson } from "../Types.js"

const excerptLength = 120

const excerpt = (body: string | null) =>
  body === null ? "—" : body.length > excerptLength ? `${body.slice(0, excerptLength)}…` : body

export const Attempts = (props: { readonly path: string; readonly resend: boolean }) => {
  const list = usePaged<WebhookAttemptJson>(props.path)
  // A resend or a retry makes an attempt but no event (which `Live` would see): the log is read again itself.
  useEvery(1_500, list.reload)
  return (
    <>
      <ErrorBox error={list.error} />
      {list.data !== undefined && list.rows.length === 0 ? <Empty>No delivery attempt yet.</Empty> : null}
      <table class="attempts">
        <thead>
          <tr>
            <th>Sent</th>
            <th>Event</th>
            <th>Trigger</th>
            <th>Status</th>
            <th>HTTP</th>
            <th class="number">Latency</th>
            <th>Response</th>
            {props.resend ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {list.rows.map((attempt) => (
            <tr key={attempt.id} data-id={attempt.id} class={`attempt-${attempt.status}`}>
              <td>
                <Time iso={attempt.created_at} />
              </td>
              <td>
                <Id id={attempt.event_id} to={`/events/${attempt.event_id}`} />
                <div class="muted">{attempt.event_category}</div>
              </td>
              <td>{attempt.trigger} #{attempt.attempt_number}</td>
              <td>
                <Status value={attempt.status} />
                {attempt.failure_reason === null
                  ? null
                  : <div class="muted failure-reason">{Format.words(attempt.failure_reason)}</div>}
              </td>
              <td>{attempt.response_status_code ?? "—"}</td>
              <td class="number">{attempt.duration_ms === null ? "—" : `${attempt.duration_ms} ms`}</td>
              <td>
                <code class="excerpt" title={attempt.response_body ?? ""}>{excerpt(attempt.response_body)}</code>
              </td>
              {props.resend
                ? (
                  <td>
                    <ActionButton
                      label="Resend"
                      run={() =>
                        Api.post(`/event_subscriptions/${attempt.event_subscription_id}/resend`, {
                          event_id: attempt.event_id
                        })}
                      onDone={list.reload}
                    />
                  </td>
                )
                : null}
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </>
  )
}
