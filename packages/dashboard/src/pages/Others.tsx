/** Check deposits, files and lockbox recipients: lists with their main fields and the JSON. */
import { Money, Status } from "../Components.js"
import { accountColumn, createdColumn, idColumn, jsonColumn, ListPage } from "../List.js"
import type { CheckDepositJson, FileJson, LockboxRecipientJson } from "../Types.js"

export const CheckDepositsPage = () => (
  <ListPage<CheckDepositJson>
    title="Check deposits"
    endpoint="/check_deposits"
    columns={[
      idColumn(),
      { label: "Amount", class: "number", cell: (deposit) => <Money cents={deposit.amount} /> },
      { label: "Status", cell: (deposit) => <Status value={deposit.status} /> },
      accountColumn(),
      createdColumn(),
      jsonColumn()
    ]}
  />
)

export const FilesPage = () => (
  <ListPage<FileJson>
    title="Files"
    endpoint="/files"
    columns={[
      idColumn(),
      { label: "Name", cell: (file) => file.filename ?? "—" },
      { label: "Purpose", cell: (file) => file.purpose },
      { label: "Type", cell: (file) => file.mime_type },
      createdColumn(),
      jsonColumn()
    ]}
  />
)

export const LockboxRecipientsPage = () => (
  <ListPage<LockboxRecipientJson>
    title="Lockbox recipients"
    endpoint="/lockbox_recipients"
    columns={[
      idColumn(),
      { label: "Recipient", cell: (recipient) => recipient.recipient_name ?? "—" },
      { label: "Mail stop", cell: (recipient) => recipient.mail_stop_code },
      { label: "Status", cell: (recipient) => <Status value={recipient.status} /> },
      accountColumn(),
      jsonColumn()
    ]}
  />
)
