/** Wire transfers: the list, and a transfer's page with the actions its status allows. */
import * as Api from "../Api.js"
import { ActionButton, ErrorBox, Fields, Id, Json, Money, Status, Time, usePaged, useResource } from "../Components.js"
import * as Router from "../Router.js"
import type { WireTransferJson, WireTransferStatus } from "../Types.js"

export const WireTransfersPage = () => {
  const list = usePaged<WireTransferJson>("/wire_transfers")
  return (
    <>
      <h1>Wire transfers</h1>
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Id</th>
            <th>Creditor</th>
            <th>Status</th>
            <th class="number">Amount</th>
            <th>Account</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((transfer) => (
            <tr key={transfer.id} data-id={transfer.id}>
              <td>
                <Id id={transfer.id} to={`/wire_transfers/${transfer.id}`} />
              </td>
              <td>{transfer.creditor?.name ?? "—"}</td>
              <td>
                <Status value={transfer.status} />
              </td>
              <td class="number">
                <Money cents={transfer.amount} currency={transfer.currency} />
              </td>
              <td>
                <Id id={transfer.account_id} to={`/accounts/${transfer.account_id}`} />
              </td>
              <td>
                <Time iso={transfer.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.pager}
    </>
  )
}

/**
 * The statuses each action starts from, as the API allows them (domain
 * WireTransfer's `allowedFrom`; repeated here, not imported, to keep the
 * domain's code out of the page): a button shows only where it can succeed.
 */
const actions: ReadonlyArray<{
  readonly label: string
  readonly path: (id: string) => string
  readonly from: ReadonlyArray<WireTransferStatus>
  readonly kind?: "primary" | "danger"
}> = [
  { label: "Approve", path: (id) => `/wire_transfers/${id}/approve`, from: ["pending_approval"], kind: "primary" },
  { label: "Cancel", path: (id) => `/wire_transfers/${id}/cancel`, from: ["pending_approval"], kind: "danger" },
  {
    label: "Submit (simulation)",
    path: (id) => `/simulations/wire_transfers/${id}/submit`,
    from: ["pending_approval", "pending_creating"]
  },
  { label: "Reverse (simulation)", path: (id) => `/simulations/wire_transfers/${id}/reverse`, from: ["complete"] }
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
