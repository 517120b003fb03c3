/** The pieces every page uses: data loading, money, times, ids, errors, pagination. */
import type { ComponentChildren } from "preact"
import { useCallback, useEffect, useState } from "preact/hooks"
import * as Api from "./Api.js"
import * as Format from "./Format.js"
import * as Live from "./Live.js"
import * as Router from "./Router.js"
import type { PageJson } from "./Types.js"

export interface Resource<A> {
  readonly data: A | undefined
  readonly error: unknown
  readonly reload: () => void
}

/**
 * GETs `path` (nothing while null), again whenever new events arrive or
 * `reload` is called; the last data stays shown while the next loads.
 */
export function useResource<A>(path: string | null): Resource<A> {
  const version = Live.useVersion()
  const [state, setState] = useState<{ data: A | undefined; error: unknown; path: string | null }>({
    data: undefined,
    error: undefined,
    path
  })
  const [reloads, setReloads] = useState(0)
  useEffect(() => {
    if (path === null) return
    let live = true
    Api.get<A>(path).then(
      (data) => live && setState({ data, error: undefined, path }),
      (error: unknown) => live && setState((previous) => ({ ...previous, error, path }))
    )
    return () => {
      live = false
    }
  }, [path, version, reloads])
  const reload = useCallback(() => setReloads((count) => count + 1), [])
  // Data of another path (a page left for another) is not shown.
  return { data: state.path === path ? state.data : undefined, error: state.error, reload }
}

/** A list page by page with the API's cursors: `path` with its filters, without `cursor`. */
export function usePaged<A>(path: string, limit = 20) {
  const [cursors, setCursors] = useState<ReadonlyArray<string>>([])
  useEffect(() => setCursors([]), [path])
  const cursor = cursors[cursors.length - 1]
  const separator = path.includes("?") ? "&" : "?"
  const resource = useResource<PageJson<A>>(
    `${path}${separator}limit=${limit}${cursor === undefined ? "" : `&cursor=${encodeURIComponent(cursor)}`}`
  )
  const next = resource.data?.next_cursor ?? null
  return {
    ...resource,
    rows: resource.data?.data ?? [],
    pager: (
      <Pager
        page={cursors.length + 1}
        onFirst={cursors.length === 0 ? undefined : () => setCursors([])}
        onPrevious={cursors.length === 0 ? undefined : () => setCursors(cursors.slice(0, -1))}
        onNext={next === null ? undefined : () => setCursors([...cursors, next])}
      />
    )
  }
}

const Pager = (props: {
  readonly page: number
  readonly onFirst: (() => void) | undefined
  readonly onPrevious: (() => void) | undefined
  readonly onNext: (() => void) | undefined
}) => (
  <nav class="pager" aria-label="pages">
    <button type="button" disabled={props.onFirst === undefined} onClick={props.onFirst}>First</button>
    <button type="button" disabled={props.onPrevious === undefined} onClick={props.onPrevious}>Previous</button>
    <span>Page {props.page}</span>
    <button type="button" disabled={props.onNext === undefined} onClick={props.onNext}>Next</button>
  </nav>
)

export const Money = (props: { readonly cents: number; readonly currency?: string | undefined }) => (
  <span class={props.cents < 0 ? "money negative" : "money"}>{Format.money(props.cents, props.currency)}</span>
)

/** A time in the viewer's zone, the UTC value on hover. */
export const Time = (props: { readonly iso: string | null | undefined }) =>
  props.iso === null || props.iso === undefined
    ? <span class="muted">—</span>
    : <time dateTime={props.iso} title={`${props.iso.replace("T", " ").replace("Z", "")} UTC`}>
      {Format.localTime(props.iso)}
    </time>

/** An id, copied by a click on the button beside it; `to` makes it a link to its page. */
export const Id = (props: { readonly id: string | null | undefined; readonly to?: string | undefined }) => {
  const [copied, setCopied] = useState(false)
  if (props.id === null || props.id === undefined) return <span class="muted">—</span>
  const id = props.id
  const copy = () => {
    void navigator.clipboard?.writeText(id).then(() => {
      setCopied(true)
      setTimeout(() => setCopied(false), 1_200)
    })
  }
  return (
    <span class="id">
      {props.to === undefined ? <code>{id}</code> : (
        <a href={Router.href(props.to)}>
          <code>{id}</code>
        </a>
      )}
      <button type="button" class="copy" title="Copy the id" aria-label={`Copy ${id}`} onClick={copy}>
        {copied ? "copied" : "copy"}
      </button>
    </span>
  )
}

export const Status = (props: { readonly value: string | null | undefined }) =>
  props.value === null || props.value === undefined
    ? <span class="muted">—</span>
    : <span class={`status status-${props.value}`} data-status={props.value}>{Format.words(props.value)}</span>

/** An API failure as a person reads it, with the request id to find it in the server's log. */
export const ErrorBox = (props: { readonly error: unknown }) => {
  if (props.error === undefined || props.error === null) return null
  const error = props.error
  if (error instanceof Api.ApiFailure) {
    return (
      <div class="error" role="alert">
        <strong>{error.title}</strong> <span class="muted">({error.status} {error.type})</span>
        {error.detail === "" ? null : <p>{error.detail}</p>}
        {error.requestId === null ? null : (
          <p class="request-id">
            Request id: <Id id={error.requestId} />
          </p>
        )}
      </div>
    )
  }
  return (
    <div class="error" role="alert">
      <strong>The server could not be reached.</strong> <span>{String(error)}</span>
    </div>
  )
}

export const Section = (props: { readonly title: string; readonly children: ComponentChildren }) => (
  <section>
    <h2>{props.title}</h2>
    {props.children}
  </section>
)

/** Labelled fields of an object. */
export const Fields = (props: { readonly rows: ReadonlyArray<readonly [string, ComponentChildren]> }) => (
  <dl class="fields">
    {props.rows.map(([label, value]) => (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    ))}
  </dl>
)

/** The whole object as the API returned it, folded. */
export const Json = (props: { readonly value: unknown; readonly summary?: string; readonly open?: boolean }) => (
  <details class="json" open={props.open}>
    <summary>{props.summary ?? "JSON"}</summary>
    <pre>{JSON.stringify(props.value, null, 2)}</pre>
  </details>
)

export const Empty = (props: { readonly children: ComponentChildren }) => <p class="muted empty">{props.children}</p>

/** A button that runs an API action, showing its failure; disabled while it runs. */
export const ActionButton = (props: {
  readonly label: string
  readonly run: () => Promise<unknown>
  readonly onDone?: () => void
  readonly kind?: "primary" | "danger" | undefined
}) => {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const click = () => {
    setBusy(true)
    setError(undefined)
    props.run().then(
      () => {
        setBusy(false)
        props.onDone?.()
      },
      (failure: unknown) => {
        setBusy(false)
        setError(failure)
      }
    )
  }
  return (
    <span class="action">
      <button type="button" class={props.kind ?? ""} disabled={busy} onClick={click}>{props.label}</button>
      <ErrorBox error={error} />
    </span>
  )
}

/** Calls `run` every `millis` while `millis` is not null. */
export const useEvery = (millis: number | null, run: () => void): void => {
  useEffect(() => {
    if (millis === null) return
    const timer = setInterval(run, millis)
    return () => clearInterval(timer)
  }, [millis, run])
}

/** The time now, renewed four times a second: for countdowns. */
export const useNow = (): number => {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  return now
}
