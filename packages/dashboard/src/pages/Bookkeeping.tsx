/** Bookkeeping: the accounts with their balances, and the entry sets with their entries; each list filtered on its own. */
import { Id, Money, Section, useResource } from "../Components.js"
import { accountColumn, createdColumn, idColumn, List } from "../List.js"
import type { BookkeepingAccountJson, BookkeepingBalanceJson, BookkeepingEntrySetJson } from "../Types.js"

const Balance = (props: { readonly id: string }) => {
  const balance = useResource<BookkeepingBalanceJson>(`/bookkeeping_accounts/${props.id}/balance`)
  return balance.data === undefined ? <span class="muted">…</span> : <Money cents={balance.data.balance} />
}

export const BookkeepingPage = () => (
  <>
    <h1>Bookkeeping</h1>
    <Section title="Bookkeeping accounts">
      <List<BookkeepingAccountJson>
        endpoint="/bookkeeping_accounts"
        scope="accounts"
        columns={[
          { label: "Name", cell: (account) => account.name },
          idColumn(),
          { label: "Compliance category", cell: (account) => account.compliance_category ?? "—" },
          accountColumn(),
          { label: "Balance", class: "number", cell: (account) => <Balance id={account.id} /> }
        ]}
      />
    </Section>
    <Section title="Entry sets">
      <List<BookkeepingEntrySetJson>
        endpoint="/bookkeeping_entry_sets"
        scope="entry_sets"
        columns={[
          { label: "Date", cell: (set) => set.date },
          idColumn(),
          {
            label: "Entries (bookkeeping account: amount)",
            cell: (set) =>
              set.entries.map((entry) => (
                <div key={entry.id}>
                  <Id id={entry.account_id} />: <Money cents={entry.amount} />
                </div>
              ))
          },
          { label: "Transaction", cell: (set) => <Id id={set.transaction_id} /> },
          createdColumn()
        ]}
      />
    </Section>
  </>
)
