/** Cards, card payments (their elements as a timeline) and the card simulations' forms. */
import { useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Fields, Id, Json, Money, Section, Status, Time, useResource } from "../Components.js"
import * as Format from "../Format.js"
import { accountColumn, createdColumn, idColumn, ListPage } from "../List.js"
import * as Router from "../Router.js"
import type { CardJson, CardPaymentJson, PageJson } from "../Types.js"
import { Operations } from "./Operations.js"

export const CardsPage = () => (
  <ListPage<CardJson>
    title="Cards"
    endpoint="/cards"
    columns={[
      { label: "Card", cell: (card) => `•••• ${card.last4} ${card.description ?? ""}` },
      idColumn(),
      { label: "Status", cell: (card) => <Status value={card.status} /> },
      accountColumn(),
      createdColumn(),
      {
        label: "",
        cell: (card) => <a href={Router.href(`/card_payments${Api.query({ card_id: card.id })}`)}>Payments</a>
      }
    ]}
  />
)

type Element = CardPaymentJson["elements"][number]

/** The amount an element moved or asked for, where its object has one. */
const amountOf = (element: Element): number | undefined => {
  const inner: unknown = (element as Record<string, unknown>)[element.category]
  if (typeof inner !== "object" || inner === null) return undefined
  const fields = inner as Record<string, unknown>
  const amount = fields["settlement_amount"] ?? fields["amount"]
  return typeof amount === "number" ? amount : undefined
}

export const CardPaymentsPage = () => (
  <ListPage<CardPaymentJson>
    title="Card payments"
    endpoint="/card_payments"
    columns={[
      idColumn((id) => `/card_payments/${id}`),
      { label: "Card", cell: (payment) => <Id id={payment.card_id} /> },
      accountColumn(),
      {
        label: "Elements",
        cell: (payment) => payment.elements.map((element) => Format.words(element.category)).join(" → ")
      },
      createdColumn()
    ]}
  />
)

export const CardPaymentPage = (props: { readonly id: string }) => {
  const payment = useResource<CardPaymentJson>(`/card_payments/${props.id}`)
  const data = payment.data
  return (
    <>
      <p>
        <a href={Router.href("/card_payments")}>← Card payments</a>
      </p>
      <h1>Card payment</h1>
      <ErrorBox error={payment.error} />
      {data === undefined ? null : (
        <>
          <Fields
            rows={[
              ["Id", <Id id={data.id} />],
              ["Card", <Id id={data.card_id} />],
              ["Account", <Id id={data.account_id} to={`/accounts/${data.account_id}`} />],
              ["Created", <Time iso={data.created_at} />]
            ]}
          />
          <Section title="Timeline">
            <ol class="timeline">
              {data.elements.map((element, index) => {
                const amount = amountOf(element)
                return (
                  <li key={index}>
                    <Time iso={element.created_at} /> <strong>{Format.words(element.category)}</strong>{" "}
                    {amount === undefined ? null : <Money cents={amount} />}
                    <Json value={element} summary="details" />
                  </li>
                )
              })}
            </ol>
          </Section>
          <Json value={data} />
        </>
      )}
    </>
  )
}

/** The card authorization simulation: a card, an amount; waits for a real-time decision when one is asked. */
const AuthorizationForm = () => {
  const cards = useResource<PageJson<CardJson>>("/cards?limit=100")
  const [cardId, setCardId] = useState("")
  const [amount, setAmount] = useState("10.00")
  const [result, setResult] = useState<unknown>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)
  const chosen = cardId !== "" ? cardId : cards.data?.data[0]?.id ?? ""
  const submit = (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    setResult(undefined)
    Api.post("/simulations/card_authorizations", { card_id: chosen, amount: Math.round(Number(amount) * 100) }).then(
      (answer: unknown) => {
        setBusy(false)
        setResult(answer)
      },
      (failure: unknown) => {
        setBusy(false)
        setError(failure)
      }
    )
  }
  return (
    <form class="stacked" onSubmit={submit} aria-label="card authorization">
      <label>
        Card{" "}
        <select name="card_id" value={chosen} onChange={(event) => setCardId(event.currentTarget.value)}>
          {(cards.data?.data ?? []).map((card) => (
            <option key={card.id} value={card.id}>•••• {card.last4} ({card.id})</option>
          ))}
        </select>
      </label>
      <label>
        Amount (USD){" "}
        <input
          name="amount"
          inputMode="decimal"
          pattern="[0-9]+(\.[0-9]{1,2})?"
          value={amount}
          onInput={(event) => setAmount(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="primary" disabled={busy || chosen === ""}>
        {busy ? "Waiting for the decision…" : "Simulate authorization"}
      </button>
      <ErrorBox error={error} />
      {result === undefined ? null : <Json value={result} summary="Result" />}
    </form>
  )
}

const InterestForm = () => {
  const [accountId, setAccountId] = useState("")
  const [amount, setAmount] = useState("100.00")
  const [result, setResult] = useState<unknown>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const submit = (event: Event) => {
    event.preventDefault()
    setError(undefined)
    Api.post("/simulations/interest_payments", { account_id: accountId, amount: Math.round(Number(amount) * 100) })
      .then(setResult, setError)
  }
  return (
    <form class="stacked" onSubmit={submit} aria-label="interest payment">
      <label>
        Account id <input required value={accountId} onInput={(event) => setAccountId(event.currentTarget.value)} />
      </label>
      <label>
        Amount (USD){" "}
        <input inputMode="decimal" value={amount} onInput={(event) => setAmount(event.currentTarget.value)} />
      </label>
      <button type="submit">Pay interest</button>
      <ErrorBox error={error} />
      {result === undefined ? null : <Json value={result} summary="Transaction" />}
    </form>
  )
}

export const SimulationsPage = () => (
  <>
    <h1>Simulations</h1>
    <Section title="Card authorization">
      <p class="muted">
        When an event subscription selects{" "}
        <code>real_time_decision.card_authorization_requested</code>, the authorization waits for your answer on the
        {" "}
        <a href={Router.href("/real_time_decisions")}>decisions page</a>.
      </p>
      <AuthorizationForm />
    </Section>
    <Section title="Interest payment">
      <p class="muted">Credits an account, to fund it.</p>
      <InterestForm />
    </Section>
    <Section title="Any simulation">
      <p class="muted">Every simulation of the API, its body starting as the reference's example.</p>
      <Operations prefix="/simulations/" />
    </Section>
  </>
)
