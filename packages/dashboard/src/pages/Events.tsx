/** Events, newest first, filterable as the API filters them; an event's page with its delivery attempts. */
import { ErrorBox, Fields, Id, Json, Section, Time, useResource } from "../Components.js"
import { createdColumn, idColumn, ListPage } from "../List.js"
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

export const EventsPage = () => (
  <ListPage<EventJson>
    title="Events"
    endpoint="/events"
    columns={[
      createdColumn(),
      { label: "Category", cell: (event) => event.category },
      {
        label: "Object",
        cell: (event) => (
          <Id id={event.associated_object_id} to={pageOf(event.associated_object_type, event.associated_object_id)} />
        )
      },
      idColumn((id) => `/events/${id}`)
    ]}
  />
)

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
