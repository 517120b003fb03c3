/** Bookkeeping: the accounts with their balances, and the entry sets with their entries. */
import { ErrorBox, Id, Money, Section, Time, usePaged, useResource } from "../Components.js"
import type { BookkeepingAccountJson, BookkeepingBalanceJson, BookkeepingEntrySetJson } from "../Types.js"

const Balance = (props: { readonly id: string }) => {
  const balance = useResource<BookkeepingBalanceJson>(`/bookkeeping_accounts/${props.id}/balance`)
  return balance.data === undefined ? <span class="muted">…</span> : <Money cents={balance.data.balance} />
}

const Accounts = () => {
  const list = usePaged<BookkeepingAccountJson>("/bookkeeping_accounts")
  return (
    <Section title="Bookkeeping accounts">
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Id</th>
            <th>Compliance category</th>
            <th>Account</th>
            <th class="number">Balance</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((account) => (
            <tr key={account.id} data-id={account.id}>
              <td>{account.name}</td>
              <td>
                <Id id={account.id} />
              </td>
              <td>{account.compliance_category ?? "—"}</td>
              <td>
                <Id
                  id={account.account_id}
                  to={account.account_id === null ? undefined : `/accounts/${account.account_id}`}
                />
              </td>
              <td class="number">
                <Balance id={account.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </Section>
  )
}

const EntrySets = () => {
  const list = usePaged<BookkeepingEntrySetJson>("/bookkeeping_entry_sets")
  return (
    <Section title="Entry sets">
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Date</th>
            <th>Id</th>
            <th>Entries (bookkeeping account: amount)</th>
            <th>Transaction</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((set) => (
            <tr key={set.id} data-id={set.id}>
              <td>{set.date}</td>
              <td>
                <Id id={set.id} />
              </td>
              <td>
                {set.entries.map((entry) => (
                  <div key={entry.id}>
                    <Id id={entry.account_id} />: <Money cents={entry.amount} />
                  </div>
                ))}
              </td>
              <td>
                <Id id={set.transaction_id} />
              </td>
              <td>
                <Time iso={set.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </Section>
  )
}

export const BookkeepingPage = () => (
  <>
    <h1>Bookkeeping</h1>
    <Accounts />
    <EntrySets />
  </>
)
