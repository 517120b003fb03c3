/**
 * Any operation of the API under a path prefix, as a form made from the
 * OpenAPI document the server serves (`/openapi.json`): every simulation
 * (`/simulations/…`), and the controls (`/moneta/…`: the clock, snapshots,
 * reset and webhook faults with the tab's key; groups and keys with the
 * admin key, typed here and kept nowhere). The body starts as the document's example,
 * with the path's parameters as fields: one form for every operation there
 * is, new ones included.
 */
import { useEffect, useState } from "preact/hooks"
import * as Api from "../Api.js"
import { ErrorBox, Json } from "../Components.js"
import { load as loadDocument, record } from "../OpenApi.js"

interface Operation {
  readonly method: string
  readonly path: string
  readonly summary: string
  readonly example: string
  readonly parameters: ReadonlyArray<string>
}

/** The operations of the document under `prefix`, skipping uploads (multipart bodies). */
const operationsOf = (document: unknown, prefix: string): ReadonlyArray<Operation> =>
  Object.entries(record(record(document)["paths"])).flatMap(([path, item]) =>
    path.startsWith(prefix)
      ? Object.entries(record(item)).flatMap(([method, operation]): Array<Operation> => {
        if (!["get", "post", "patch", "put", "delete"].includes(method)) return []
        const content = record(record(record(operation)["requestBody"])["content"])
        if (Object.keys(content).some((type) => type.startsWith("multipart/"))) return []
        const example = record(content["application/json"])["example"]
        return [{
          method: method.toUpperCase(),
          path,
          summary: String(record(operation)["summary"] ?? path),
          example: example === undefined
            ? (method === "get" || method === "delete" ? "" : "{}")
            : JSON.stringify(example, null, 2),
          parameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "")
        }]
      })
      : []
  )

const OperationForm = (props: { readonly operation: Operation; readonly adminKey: string | undefined }) => {
  const [values, setValues] = useState<Record<string, string>>({})
  const [body, setBody] = useState(props.operation.example)
  const [result, setResult] = useState<unknown>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    setBody(props.operation.example)
    setResult(undefined)
    setError(undefined)
  }, [props.operation])
  const submit = (event: Event) => {
    event.preventDefault()
    let parsed: unknown = undefined
    if (body.trim() !== "") {
      try {
        parsed = JSON.parse(body)
      } catch (failure) {
        setError(failure)
        return
      }
    }
    const path = props.operation.path.replace(
      /\{([^}]+)\}/g,
      (_, name: string) => encodeURIComponent(values[name] ?? "")
    )
    setBusy(true)
    setError(undefined)
    setResult(undefined)
    Api.request(props.operation.method, path, parsed, props.adminKey).then(
      (answer: unknown) => {
        setBusy(false)
        setResult(answer)
      },
      (failure: unknown) => {
        setBusy(false)
        setError(failure)
      }
    )
  }
  return (
    <form class="stacked" onSubmit={submit} aria-label={props.operation.summary}>
      <p>
        <code>{props.operation.method} {props.operation.path}</code>
      </p>
      {props.operation.parameters.map((name) => (
        <label key={name}>
          {name}{" "}
          <input
            required
            value={values[name] ?? ""}
            onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value.trim() })}
          />
        </label>
      ))}
      {props.operation.method === "GET" || props.operation.method === "DELETE" ? null : (
        <label>
          Body (JSON; the reference's example)
          <textarea rows={8} value={body} onInput={(event) => setBody(event.currentTarget.value)} />
        </label>
      )}
      <button type="submit" class="primary" disabled={busy}>{busy ? "Sending…" : "Send"}</button>
      <ErrorBox error={error} />
      {result === undefined ? null : <Json value={result} summary="Answer" open />}
    </form>
  )
}

export const Operations = (props: { readonly prefix: string; readonly adminKey?: string | undefined }) => {
  const [operations, setOperations] = useState<ReadonlyArray<Operation> | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [chosen, setChosen] = useState(0)
  useEffect(() => {
    loadDocument().then((loaded) => setOperations(operationsOf(loaded, props.prefix)), setError)
  }, [props.prefix])
  if (operations === undefined) return <ErrorBox error={error} />
  const operation = operations[chosen]
  return (
    <>
      <label>
        Operation{" "}
        <select value={chosen} onChange={(event) => setChosen(Number(event.currentTarget.value))}>
          {operations.map((each, index) => (
            <option key={`${each.method} ${each.path}`} value={index}>{each.summary}</option>
          ))}
        </select>
      </label>
      {operation === undefined ? null : <OperationForm operation={operation} adminKey={props.adminKey} />}
    </>
  )
}

/** The control API: clock, snapshots, reset and webhook faults (the tab's key); groups and keys (the admin key). */
export const ControlPage = () => {
  const [adminKey, setAdminKey] = useState("")
  return (
    <>
      <h1>Control</h1>
      <p class="muted">
        The sandbox's controls (<code>/moneta/…</code>): the clock, snapshots and reset, and webhook faults act on your
        group with your API key; groups and API keys take the admin key the server was started with (<code>
          MONETA_ADMIN_KEY
        </code>). Typed here, the admin key is used for these requests only and kept nowhere.
      </p>
      <form class="inline" onSubmit={(event) => event.preventDefault()}>
        <input
          type="password"
          autoComplete="off"
          placeholder="Admin key (only for groups and API keys)"
          value={adminKey}
          onInput={(event) => setAdminKey(event.currentTarget.value)}
        />
      </form>
      <Operations prefix="/moneta/" adminKey={adminKey === "" ? undefined : adminKey} />
    </>
  )
}
