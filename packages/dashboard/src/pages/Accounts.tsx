/** Accounts with their balances; an account's page with its transactions, pending and declined transactions. */
import { useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Fields, Id, Json, Money, Status, Time, useResource } from "../Components.js"
import { createdColumn, idColumn, ListPage } from "../List.js"
import * as Router from "../Router.js"
import type { AccountJson, BalanceJson } from "../Types.js"
import { TransactionLists } from "./Transactions.js"

const Balance = (props: { readonly accountId: string; readonly which: "current_balance" | "available_balance" }) => {
  const balance = useResource<BalanceJson>(`/accounts/${props.accountId}/balance`)
  return balance.data === undefined ? <span class="muted">…</span> : <Money cents={balance.data[props.which]} />
}

const NewAccount = (props: { readonly onCreated: () => void }) => {
  const [name, setName] = useState("")
  const [error, setError] = useState<unknown>(undefined)
  const submit = (event: Event) => {
    event.preventDefault()
    Api.post("/accounts", { name }).then(() => {
      setName("")
      setError(undefined)
      props.onCreated()
    }, setError)
  }
  return (
    <form class="inline" onSubmit={submit}>
      <input
        name="name"
        placeholder="New account's name"
        value={name}
        required
        onInput={(event) => setName(event.currentTarget.value)}
      />
      <button type="submit">Create account</button>
      <ErrorBox error={error} />
    </form>
  )
}

export const AccountsPage = () => (
  <ListPage<AccountJson>
    title="Accounts"
    endpoint="/accounts"
    header={(reload) => <NewAccount onCreated={reload} />}
    columns={[
      { label: "Name", cell: (account) => <a href={Router.href(`/accounts/${account.id}`)}>{account.name}</a> },
      idColumn(),
      { label: "Status", cell: (account) => <Status value={account.status} /> },
      {
        label: "Current balance",
        class: "number current-balance",
        cell: (account) => <Balance accountId={account.id} which="current_balance" />
      },
      {
        label: "Available balance",
        class: "number available-balance",
        cell: (account) => <Balance accountId={account.id} which="available_balance" />
      },
      createdColumn()
    ]}
  />
)

export const AccountPage = (props: { readonly id: string }) => {
  const account = useResource<AccountJson>(`/accounts/${props.id}`)
  const balance = useResource<BalanceJson>(`/accounts/${props.id}/balance`)
  return (
    <>
      <h1>Account {account.data?.name ?? ""}</h1>
      <ErrorBox error={account.error} />
      {account.data === undefined ? null : (
        <Fields
          rows={[
            ["Id", <Id id={account.data.id} />],
            ["Status", <Status value={account.data.status} />],
            [
              "Current balance",
              <span class="current-balance">
                {balance.data === undefined ? "…" : <Money cents={balance.data.current_balance} />}
              </span>
            ],
            [
              "Available balance",
              <span class="available-balance">
                {balance.data === undefined ? "…" : <Money cents={balance.data.available_balance} />}
              </span>
            ],
            ["Entity", <Id id={account.data.entity_id} />],
            ["Created", <Time iso={account.data.created_at} />]
          ]}
        />
      )}
      {account.data === undefined ? null : <Json value={account.data} />}
      <TransactionLists accountId={props.id} />
    </>
  )
}
