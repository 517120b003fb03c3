/** Accounts with their balances; an account's page with its transactions and pending transactions. */
import { useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Fields, Id, Json, Money, Section, Status, Time, usePaged, useResource } from "../Components.js"
import type { AccountJson, BalanceJson, PendingTransactionJson, TransactionJson } from "../Types.js"

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

export const AccountsPage = () => {
  const list = usePaged<AccountJson>("/accounts")
  return (
    <>
      <h1>Accounts</h1>
      <NewAccount onCreated={list.reload} />
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Id</th>
            <th>Status</th>
            <th class="number">Current balance</th>
            <th class="number">Available balance</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((account) => (
            <tr key={account.id} data-id={account.id}>
              <td>
                <a href={`/dashboard/accounts/${account.id}`}>{account.name}</a>
              </td>
              <td>
                <Id id={account.id} />
              </td>
              <td>
                <Status value={account.status} />
              </td>
              <td class="number current-balance">
                <Balance accountId={account.id} which="current_balance" />
              </td>
              <td class="number available-balance">
                <Balance accountId={account.id} which="available_balance" />
              </td>
              <td>
                <Time iso={account.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </>
  )
}

const Transactions = (props: { readonly accountId: string }) => {
  const list = usePaged<TransactionJson>(`/transactions${Api.query({ account_id: props.accountId })}`)
  return (
    <Section title="Transactions">
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Date</th>
            <th>Description</th>
            <th>Source</th>
            <th class="number">Amount</th>
            <th>Id</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((transaction) => (
            <tr key={transaction.id}>
              <td>
                <Time iso={transaction.created_at} />
              </td>
              <td>{transaction.description}</td>
              <td>{transaction.source.category}</td>
              <td class="number">
                <Money cents={transaction.amount} currency={transaction.currency} />
              </td>
              <td>
                <Id id={transaction.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </Section>
  )
}

const PendingTransactions = (props: { readonly accountId: string }) => {
  const list = usePaged<PendingTransactionJson>(`/pending_transactions${Api.query({ account_id: props.accountId })}`)
  return (
    <Section title="Pending transactions">
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Date</th>
            <th>Description</th>
            <th>Source</th>
            <th>Status</th>
            <th class="number">Amount</th>
            <th>Id</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((pending) => (
            <tr key={pending.id}>
              <td>
                <Time iso={pending.created_at} />
              </td>
              <td>{pending.description}</td>
              <td>{pending.source.category}</td>
              <td>
                <Status value={pending.status} />
              </td>
              <td class="number">
                <Money cents={pending.amount} currency={pending.currency} />
              </td>
              <td>
                <Id id={pending.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </Section>
  )
}

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
      <Transactions accountId={props.id} />
      <PendingTransactions accountId={props.id} />
    </>
  )
}
