/** Wire transfers: the list, and a transfer's page with the actions its status allows. */
import { allowedFrom } from "@moneta/domain/WireTransferActions"
import * as Api from "../Api.js"
import { ActionButton, ErrorBox, Fields, Id, Json, Money, Status, Time, useResource } from "../Components.js"
import { accountColumn, createdColumn, idColumn, ListPage } from "../List.js"
import * as Router from "../Router.js"
import type { WireTransferJson, WireTransferStatus } from "../Types.js"

export const WireTransfersPage = () => (
  <ListPage<WireTransferJson>
    title="Wire transfers"
    endpoint="/wire_transfers"
    columns={[
      idColumn((id) => `/wire_transfers/${id}`),
      { label: "Creditor", cell: (transfer) => transfer.creditor?.name ?? "—" },
      { label: "Status", cell: (transfer) => <Status value={transfer.status} /> },
      {
        label: "Amount",
        class: "number",
        cell: (transfer) => <Money cents={transfer.amount} currency={transfer.currency} />
      },
      accountColumn(),
      createdColumn()
    ]}
  />
)

/**
 * The actions of a transfer's page, each shown only where it can succeed:
 * from the statuses domain's `WireTransferActions` allows its command from
 * (that plain-data module alone is bundled, not the domain's code).
 */
const actions: ReadonlyArray<{
  readonly label: string
  readonly path: (id: string) => string
  readonly from: ReadonlyArray<WireTransferStatus>
  readonly kind?: "primary" | "danger"
}> = [
  { label: "Approve", path: (id) => `/wire_transfers/${id}/approve`, from: allowedFrom.Approve, kind: "primary" },
  { label: "Cancel", path: (id) => `/wire_transfers/${id}/cancel`, from: allowedFrom.Cancel, kind: "danger" },
  {
    label: "Submit (simulation)",
    path: (id) => `/simulations/wire_transfers/${id}/submit`,
    from: allowedFrom.Submit
  },
  {
    label: "Reverse (simulation)",
    path: (id) => `/simulations/wire_transfers/${id}/reverse`,
    from: allowedFrom.Reverse
  }
]

export const WireTransferPage = (props: { readonly id: string }) => {
  const transfer = useResource<WireTransferJson>(`/wire_transfers/${props.id}`)
  const data = transfer.data
  return (
    <>
      <p>
        <a href={Router.href("/wire_transfers")}>← Wire transfers</a>
      </p>
      <h1>Wire transfer</h1>
      <ErrorBox error={transfer.error} />
      {data === undefined ? null : (
        <>
          <div class="actions">
            {actions.filter((action) => action.from.includes(data.status)).map((action) => (
              <ActionButton
                key={action.label}
                label={action.label}
                kind={action.kind}
                run={() => Api.post(action.path(data.id))}
                onDone={transfer.reload}
              />
            ))}
          </div>
          <Fields
            rows={[
              ["Id", <Id id={data.id} />],
              ["Status", <Status value={data.status} />],
              ["Amount", <Money cents={data.amount} currency={data.currency} />],
              ["Account", <Id id={data.account_id} to={`/accounts/${data.account_id}`} />],
              ["Creditor", data.creditor?.name ?? "—"],
              ["Debtor", data.debtor?.name ?? "—"],
              ["Destination", `${data.routing_number ?? "—"} / ${data.account_number ?? "—"}`],
              ["Message", data.remittance?.unstructured?.message ?? "—"],
              ["Approved", <Time iso={data.approval?.approved_at} />],
              ["Canceled", <Time iso={data.cancellation?.canceled_at} />],
              ["Submitted", <Time iso={data.submission?.submitted_at} />],
              ["Pending transaction", <Id id={data.pending_transaction_id} />],
              ["Transaction", <Id id={data.transaction_id} />],
              ["Created", <Time iso={data.created_at} />]
            ]}
          />
          <Json value={data} />
        </>
      )}
    </>
  )
}
