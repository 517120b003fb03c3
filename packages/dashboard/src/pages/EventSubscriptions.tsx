/** Event subscriptions: the list with a form for a new one; a subscription's page with its delivery log, resend and heartbeat. */
import { useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ActionButton, ErrorBox, Fields, Id, Json, Section, Status, Time, useResource } from "../Components.js"
import { createdColumn, idColumn, ListPage } from "../List.js"
import * as Router from "../Router.js"
import type { EventSubscriptionJson } from "../Types.js"
import { Attempts } from "./Attempts.js"

const categoriesOf = (subscription: EventSubscriptionJson) =>
  subscription.selected_event_categories === null
    ? "every category"
    : subscription.selected_event_categories.map((selected) => selected.event_category).join(", ")

const NewSubscription = (props: { readonly onCreated: () => void }) => {
  const [url, setUrl] = useState("")
  const [categories, setCategories] = useState("")
  const [error, setError] = useState<unknown>(undefined)
  const submit = (event: Event) => {
    event.preventDefault()
    const selected = categories.split(",").map((category) => category.trim()).filter((category) => category !== "")
    Api.post("/event_subscriptions", {
      url,
      ...(selected.length === 0
        ? {}
        : { selected_event_categories: selected.map((category) => ({ event_category: category })) })
    }).then(() => {
      setUrl("")
      setCategories("")
      setError(undefined)
      props.onCreated()
    }, setError)
  }
  return (
    <form class="inline" onSubmit={submit}>
      <input
        type="url"
        placeholder="https://example.com/webhooks"
        required
        value={url}
        onInput={(event) => setUrl(event.currentTarget.value)}
      />
      <input
        placeholder="Categories, comma-separated (empty: all)"
        value={categories}
        onInput={(event) => setCategories(event.currentTarget.value)}
      />
      <button type="submit">Create subscription</button>
      <ErrorBox error={error} />
    </form>
  )
}

export const EventSubscriptionsPage = () => (
  <ListPage<EventSubscriptionJson>
    title="Event subscriptions"
    endpoint="/event_subscriptions"
    header={(reload) => <NewSubscription onCreated={reload} />}
    columns={[
      idColumn((id) => `/event_subscriptions/${id}`),
      {
        label: "URL",
        cell: (subscription) => <code>{subscription.url}</code>
      },
      { label: "Categories", cell: categoriesOf },
      { label: "Status", cell: (subscription) => <Status value={subscription.status} /> },
      createdColumn()
    ]}
  />
)

export const EventSubscriptionPage = (props: { readonly id: string }) => {
  const subscription = useResource<EventSubscriptionJson>(`/event_subscriptions/${props.id}`)
  const data = subscription.data
  return (
    <>
      <p>
        <a href={Router.href("/event_subscriptions")}>← Event subscriptions</a>
      </p>
      <h1>Event subscription</h1>
      <ErrorBox error={subscription.error} />
      {data === undefined ? null : (
        <>
          <div class="actions">
            <ActionButton label="Send heartbeat" run={() => Api.post(`/event_subscriptions/${data.id}/heartbeat`)} />
          </div>
          <Fields
            rows={[
              ["Id", <Id id={data.id} />],
              ["URL", <code>{data.url}</code>],
              ["Categories", categoriesOf(data)],
              ["Status", <Status value={data.status} />],
              ["Created", <Time iso={data.created_at} />]
            ]}
          />
          <Json value={data} />
        </>
      )}
      <Section title="Delivery attempts">
        <Attempts path={`/event_subscriptions/${props.id}/attempts`} resend />
      </Section>
    </>
  )
}
