/**
 * A list's filters, made from its endpoint's query parameters in the OpenAPI
 * document (`OpenApi.filtersOf`): a field per parameter, a select for one
 * value of a list, checkboxes for several (`status.in`), a local time for a
 * `created_at` bound. The filters live in the page's own query, named as the
 * API names them (`/dashboard/wire_transfers?status.in=complete`), so a
 * filtered view can be linked and reloaded; the list's request carries them
 * as they are. A change makes a new request path, which starts the list
 * again from its first page (`usePaged`).
 */
import { useEffect, useState } from "preact/hooks"
import * as Api from "./Api.js"
import { ErrorBox } from "./Components.js"
import * as Format from "./Format.js"
import * as OpenApi from "./OpenApi.js"
import * as Router from "./Router.js"

export interface FilterOptions {
  /**
   * Where a page shows several lists, each one's filters are named
   * `scope:name` in the page's query (`entry_sets:transaction_id`).
   */
  readonly scope?: string
  /** Parameters the page sets itself (an account's transactions: `account_id`), not offered. */
  readonly fixed?: Readonly<Record<string, string>>
}

/** `status.in` → "status", `created_at.on_or_after` → "created on or after". */
const labelOf = (name: string): string =>
  Format.words(name.replace(/\.in$/, "").replace(/^created_at\./, "created ").replaceAll(".", " "))

const useFilterList = (endpoint: string) => {
  const [filters, setFilters] = useState<ReadonlyArray<OpenApi.Filter>>([])
  const [error, setError] = useState<unknown>(undefined)
  useEffect(() => {
    let live = true
    OpenApi.load().then(
      (document) => live && setFilters(OpenApi.filtersOf(document, endpoint)),
      (failure: unknown) => live && setError(failure)
    )
    return () => {
      live = false
    }
  }, [endpoint])
  return { filters, error }
}

/**
 * The request path of the list at `endpoint` with the page's filters, and
 * the bar that changes them. The request does not wait for the document:
 * a reloaded address asks for its filtered list at once.
 */
export function useFilters(endpoint: string, options: FilterOptions = {}) {
  const route = Router.usePath()
  const search = new URLSearchParams(route.split("?")[1] ?? "")
  const prefix = options.scope === undefined ? "" : `${options.scope}:`
  const values: Record<string, string> = {}
  for (const [key, value] of search) {
    const name = key.slice(prefix.length)
    if (key.startsWith(prefix) && !name.includes(":")) values[name] = value
  }
  const fixed = options.fixed ?? {}
  const { error, filters } = useFilterList(endpoint)
  const change = (name: string, value: string) => {
    const next = new URLSearchParams(search)
    if (value === "") next.delete(`${prefix}${name}`)
    else next.set(`${prefix}${name}`, value)
    Router.setQuery(next)
  }
  const clear = () => {
    const next = new URLSearchParams(search)
    for (const name of Object.keys(values)) next.delete(`${prefix}${name}`)
    Router.setQuery(next)
  }
  const offered = filters.filter((filter) => !(filter.name in fixed))
  return {
    path: `${endpoint}${Api.query({ ...values, ...fixed })}`,
    bar: (
      <>
        <ErrorBox error={error} />
        {offered.length === 0 ?
          null :
          (
            <form class="inline filters" aria-label="filters" onSubmit={(event) => event.preventDefault()}>
              {offered.map((filter) => (
                <FilterField
                  key={filter.name}
                  filter={filter}
                  label={labelOf(filter.name)}
                  value={values[filter.name] ?? ""}
                  onChange={(value) => change(filter.name, value)}
                />
              ))}
              {Object.keys(values).length === 0 ? null : <button type="button" onClick={clear}>Clear filters</button>}
            </form>
          )}
      </>
    )
  }
}

/** An ISO time as a `datetime-local` input's value, in the viewer's zone. */
const localInput = (iso: string): string => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ""
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

interface FieldProps {
  readonly filter: OpenApi.Filter
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
}

const FilterField = (props: FieldProps) => {
  const { filter, label } = props
  switch (filter.kind) {
    case "one":
      return (
        <label title={filter.description}>
          {label}{" "}
          <select
            name={filter.name}
            value={props.value}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          >
            <option value="">any</option>
            {filter.values.map((value) => <option key={value} value={value}>{Format.words(value)}</option>)}
          </select>
        </label>
      )
    case "many":
      return <Choices {...props} />
    case "time":
      return (
        <label title={`${filter.description} In your time zone.`}>
          {label}{" "}
          <input
            type="datetime-local"
            name={filter.name}
            value={localInput(props.value)}
            onChange={(event) => {
              const local = event.currentTarget.value
              props.onChange(local === "" ? "" : new Date(local).toISOString())
            }}
          />
        </label>
      )
    case "text":
      return <TextField {...props} />
  }
}

/** Free text, applied when it is committed (Enter, or leaving the field); kept while typed, whatever reloads. */
const TextField = (props: FieldProps) => {
  const [draft, setDraft] = useState(props.value)
  useEffect(() => setDraft(props.value), [props.value])
  return (
    <label title={props.filter.description}>
      {props.label}{" "}
      <input
        name={props.filter.name}
        value={draft}
        placeholder={props.filter.name.endsWith(".in") ? "comma-separated" : undefined}
        onInput={(event) => setDraft(event.currentTarget.value)}
        onChange={(event) => props.onChange(event.currentTarget.value.trim())}
      />
    </label>
  )
}

/** Several values of a list (`status.in`): checkboxes in a fold, the chosen ones in its summary. */
const Choices = (props: FieldProps) => {
  const chosen = props.value === "" ? [] : props.value.split(",")
  const toggle = (value: string, on: boolean) =>
    props.onChange(props.filter.values.filter((each) => each === value ? on : chosen.includes(each)).join(","))
  return (
    <details class="choices" title={props.filter.description}>
      <summary>
        {props.label}: {chosen.length === 0 ? "any" : chosen.map(Format.words).join(", ")}
      </summary>
      <div class="choices-list" role="group" aria-label={props.label}>
        {props.filter.values.map((value) => (
          <label key={value}>
            <input
              type="checkbox"
              name={props.filter.name}
              value={value}
              checked={chosen.includes(value)}
              onChange={(event) => toggle(value, event.currentTarget.checked)}
            />{" "}
            {Format.words(value)}
          </label>
        ))}
      </div>
    </details>
  )
}
