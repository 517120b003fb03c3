/** Events, newest first, filterable by category and object; an event's page with its delivery attempts. */
import { useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Fields, Id, Json, Section, Time, usePaged, useResource } from "../Components.js"
import * as Router from "../Router.js"
import type { EventJson } from "../Types.js"
import { Attempts } from "./Attempts.js"

/** The dashboard page of an object an event names, where there is one. */
export const pageOf = (type: string, id: string): string | undefined => {
  switch (type) {
    case "account":
      return `/accounts/${id}`
    case "wire_transfer":
      return `/wire_transfers/${id}`
    case "real_time_decision":
      return `/real_time_decisions/${id}`
    case "event_subscription":
      return `/event_subscriptions/${id}`
    case "card_payment":
      return `/card_payments/${id}`
    default:
      return undefined
  }
}

export const EventsPage = () => {
  const [category, setCategory] = useState("")
  const [objectId, setObjectId] = useState("")
  const list = usePaged<EventJson>(`/events${Api.query({ "category.in": category, associated_object_id: objectId })}`)
  return (
    <>
      <h1>Events</h1>
      <form class="inline filters" onSubmit={(event) => event.preventDefault()}>
        <input
          placeholder="Categories, comma-separated (account.created,…)"
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value.trim())}
        />
        <input
          placeholder="Object id"
          value={objectId}
          onChange={(event) => setObjectId(event.currentTarget.value.trim())}
        />
      </form>
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Created</th>
            <th>Category</th>
            <th>Object</th>
            <th>Id</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((event) => (
            <tr key={event.id} data-id={event.id}>
              <td>
                <Time iso={event.created_at} />
              </td>
              <td>{event.category}</td>
              <td>
                <Id
                  id={event.associated_object_id}
                  to={pageOf(event.associated_object_type, event.associated_object_id)}
                />
              </td>
              <td>
                <Id id={event.id} to={`/events/${event.id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </>
  )
}

export const EventPage = (props: { readonly id: string }) => {
  const event = useResource<EventJson>(`/events/${props.id}`)
  const data = event.data
  return (
    <>
      <p>
        <a href={Router.href("/events")}>← Events</a>
      </p>
      <h1>Event</h1>
      <ErrorBox error={event.error} />
      {data === undefined ? null : (
        <>
          <Fields
            rows={[
              ["Id", <Id id={data.id} />],
              ["Category", data.category],
              [
                "Object",
                <Id
                  id={data.associated_object_id}
                  to={pageOf(data.associated_object_type, data.associated_object_id)}
                />
              ],
              ["Created", <Time iso={data.created_at} />]
            ]}
          />
          <Json value={data} />
        </>
      )}
      <Section title="Delivery attempts">
        <Attempts path={`/events/${props.id}/attempts`} resend />
      </Section>
    </>
  )
}
