/** Check deposits, files and lockbox recipients: lists with their main fields and the JSON. */
import type { ComponentChildren } from "preact"
import { ErrorBox, Id, Json, Money, Status, Time, usePaged } from "../Components.js"
import type { CheckDepositJson, FileJson, LockboxRecipientJson } from "../Types.js"

interface Column<A> {
  readonly label: string
  readonly cell: (row: A) => ComponentChildren
}

function ListPage<A extends { readonly id: string }>(props: {
  readonly title: string
  readonly path: string
  readonly columns: ReadonlyArray<Column<A>>
}) {
  const list = usePaged<A>(props.path)
  return (
    <>
      <h1>{props.title}</h1>
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Id</th>
            {props.columns.map((column) => <th key={column.label}>{column.label}</th>)}
            <th />
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.id} data-id={row.id}>
              <td>
                <Id id={row.id} />
              </td>
              {props.columns.map((column) => <td key={column.label}>{column.cell(row)}</td>)}
              <td>
                <Json value={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </>
  )
}

export const CheckDepositsPage = () => (
  <ListPage<CheckDepositJson>
    title="Check deposits"
    path="/check_deposits"
    columns={[
      { label: "Amount", cell: (deposit) => <Money cents={deposit.amount} /> },
      { label: "Status", cell: (deposit) => <Status value={deposit.status} /> },
      { label: "Account", cell: (deposit) => <Id id={deposit.account_id} to={`/accounts/${deposit.account_id}`} /> },
      { label: "Created", cell: (deposit) => <Time iso={deposit.created_at} /> }
    ]}
  />
)

export const FilesPage = () => (
  <ListPage<FileJson>
    title="Files"
    path="/files"
    columns={[
      { label: "Name", cell: (file) => file.filename ?? "—" },
      { label: "Purpose", cell: (file) => file.purpose },
      { label: "Type", cell: (file) => file.mime_type },
      { label: "Created", cell: (file) => <Time iso={file.created_at} /> }
    ]}
  />
)

export const LockboxRecipientsPage = () => (
  <ListPage<LockboxRecipientJson>
    title="Lockbox recipients"
    path="/lockbox_recipients"
    columns={[
      { label: "Recipient", cell: (recipient) => recipient.recipient_name ?? "—" },
      { label: "Mail stop", cell: (recipient) => recipient.mail_stop_code },
      { label: "Status", cell: (recipient) => <Status value={recipient.status} /> },
      {
        label: "Account",
        cell: (recipient) => <Id id={recipient.account_id} to={`/accounts/${recipient.account_id}`} />
      }
    ]}
  />
)
