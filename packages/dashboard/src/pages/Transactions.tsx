/**
 * Transactions, pending transactions and declined transactions, each list
 * filtered on its own (account, category, status, time): of one account on
 * its page, of every account on the transactions page.
 */
import { Money, Section, Status } from "../Components.js"
import { accountColumn, type Column, createdColumn, idColumn, List } from "../List.js"
import type { DeclinedTransactionJson, PendingTransactionJson, TransactionJson } from "../Types.js"

interface Movement {
  readonly id: string
  readonly created_at: string
  readonly description: string
  readonly source: { readonly category: string }
  readonly amount: number
  readonly currency: string
  readonly account_id: string
}

/** The columns the three share, with `middle` (a status) before the amount, and the account where every account's rows are shown. */
const columns = <A extends Movement>(
  accountId: string | undefined,
  middle: ReadonlyArray<Column<A>> = []
): ReadonlyArray<Column<A>> => [
  createdColumn("Date"),
  { label: "Description", cell: (row) => row.description },
  { label: "Source", cell: (row) => row.source.category },
  ...middle,
  { label: "Amount", class: "number", cell: (row) => <Money cents={row.amount} currency={row.currency} /> },
  ...(accountId === undefined ? [accountColumn<A>()] : []),
  idColumn()
]

/** One of the three lists in its section, of the account `accountId` when given. */
function Movements<A extends Movement>(props: {
  readonly title: string
  readonly endpoint: string
  readonly scope: string
  readonly accountId: string | undefined
  readonly middle?: ReadonlyArray<Column<A>>
}) {
  return (
    <Section title={props.title}>
      <List<A>
        endpoint={props.endpoint}
        scope={props.scope}
        fixed={props.accountId === undefined ? {} : { account_id: props.accountId }}
        columns={columns(props.accountId, props.middle)}
      />
    </Section>
  )
}

const statusColumn: Column<PendingTransactionJson> = { label: "Status", cell: (row) => <Status value={row.status} /> }

export const TransactionLists = ({ accountId }: { readonly accountId?: string }) => (
  <>
    <Movements<TransactionJson> title="Transactions" endpoint="/transactions" scope="transactions" {...{ accountId }} />
    <Movements<PendingTransactionJson>
      title="Pending transactions"
      endpoint="/pending_transactions"
      scope="pending"
      accountId={accountId}
      middle={[statusColumn]}
    />
    <Movements<DeclinedTransactionJson>
      title="Declined transactions"
      endpoint="/declined_transactions"
      scope="declined"
      accountId={accountId}
    />
  </>
)

export const TransactionsPage = () => (
  <>
    <h1>Transactions</h1>
    <TransactionLists />
  </>
)
