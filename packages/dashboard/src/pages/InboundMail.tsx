/** Inbound mail items: the list, and an item's page with its checks' images and the deposit / ignore action. */
import { useEffect, useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Fields, Id, Json, Money, Status, Time, useResource } from "../Components.js"
import { createdColumn, idColumn, ListPage } from "../List.js"
import * as Router from "../Router.js"
import type { InboundMailItemJson, LockboxRecipientJson } from "../Types.js"

export const InboundMailItemsPage = () => (
  <ListPage<InboundMailItemJson>
    title="Inbound mail items"
    endpoint="/inbound_mail_items"
    columns={[
      idColumn((id) => `/inbound_mail_items/${id}`),
      { label: "Recipient", cell: (item) => item.recipient_name ?? "—" },
      { label: "Status", cell: (item) => <Status value={item.status} /> },
      {
        label: "Checks",
        cell: (item) => item.checks.map((check, index) => <Money key={index} cents={check.amount} />)
      },
      createdColumn("Received")
    ]}
  />
)

/** A file's image, fetched with the key (an <img src> cannot send it) and shown from a blob URL. */
const FileImage = (props: { readonly fileId: string | null; readonly label: string }) => {
  const [url, setUrl] = useState<string | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  useEffect(() => {
    if (props.fileId === null) return
    let made: string | undefined
    Api.blobUrl(`/files/${props.fileId}/contents`).then((blob) => {
      made = blob
      setUrl(blob)
    }, setError)
    return () => {
      if (made !== undefined) URL.revokeObjectURL(made)
    }
  }, [props.fileId])
  if (props.fileId === null) return <span class="muted">no {props.label} image</span>
  if (error !== undefined) return <ErrorBox error={error} />
  return url === undefined
    ? <span class="muted">…</span>
    : <img class="check-image" src={url} alt={`${props.label} of the check`} />
}

type Choice = "deposit" | "ignore"

export const InboundMailItemPage = (props: { readonly id: string }) => {
  const item = useResource<InboundMailItemJson>(`/inbound_mail_items/${props.id}`)
  const data = item.data
  const recipient = useResource<LockboxRecipientJson>(
    data?.lockbox_recipient_id === null || data?.lockbox_recipient_id === undefined
      ? null
      : `/lockbox_recipients/${data.lockbox_recipient_id}`
  )
  const [choices, setChoices] = useState<Record<number, Choice>>({})
  const [accountId, setAccountId] = useState("")
  const [error, setError] = useState<unknown>(undefined)
  const account = accountId !== "" ? accountId : recipient.data?.account_id ?? ""
  const act = (event: Event) => {
    event.preventDefault()
    if (data === undefined) return
    setError(undefined)
    const checks = data.checks.map((_, index) =>
      (choices[index] ?? "deposit") === "deposit" ? { action: "deposit", account_id: account } : { action: "ignore" }
    )
    Api.post(`/inbound_mail_items/${data.id}/action`, { checks }).then(item.reload, setError)
  }
  return (
    <>
      <p>
        <a href={Router.href("/inbound_mail_items")}>← Inbound mail items</a>
      </p>
      <h1>Inbound mail item</h1>
      <ErrorBox error={item.error} />
      {data === undefined ? null : (
        <form onSubmit={act}>
          <Fields
            rows={[
              ["Id", <Id id={data.id} />],
              ["Status", <Status value={data.status} />],
              ["Recipient", data.recipient_name ?? "—"],
              ["Lockbox recipient", <Id id={data.lockbox_recipient_id} />],
              ["Rejection", data.rejection_reason ?? "—"],
              ["Received", <Time iso={data.created_at} />]
            ]}
          />
          <table>
            <thead>
              <tr>
                <th>Check</th>
                <th class="number">Amount</th>
                <th>Status</th>
                <th>Front</th>
                <th>Back</th>
                {data.status === "pending" ? <th>Action</th> : <th>Deposit</th>}
              </tr>
            </thead>
            <tbody>
              {data.checks.map((check, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  <td class="number">
                    <Money cents={check.amount} />
                  </td>
                  <td>
                    <Status value={check.status} />
                  </td>
                  <td>
                    <FileImage fileId={check.front_file_id} label="front" />
                  </td>
                  <td>
                    <FileImage fileId={check.back_file_id} label="back" />
                  </td>
                  <td>
                    {data.status === "pending"
                      ? (
                        <select
                          value={choices[index] ?? "deposit"}
                          onChange={(event) =>
                            setChoices({
                              ...choices,
                              [index]: event.currentTarget.value === "ignore" ? "ignore" : "deposit"
                            })}
                        >
                          <option value="deposit">deposit</option>
                          <option value="ignore">ignore</option>
                        </select>
                      )
                      : <Id id={check.check_deposit_id} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.status === "pending"
            ? (
              <div class="actions">
                <input
                  placeholder="Account to deposit into"
                  value={account}
                  onInput={(event) => setAccountId(event.currentTarget.value.trim())}
                />
                <button type="submit" class="primary">Act on the checks</button>
              </div>
            )
            : null}
          <ErrorBox error={error} />
          <Json value={data} />
        </form>
      )}
    </>
  )
}
