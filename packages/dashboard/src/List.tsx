/**
 * A list of the API as a table: its filters (`Filters.tsx`, from the
 * endpoint's query parameters), its rows as columns say, its pages
 * (`usePaged`, with the API's cursors). Every list page is one of these.
 */
import type { ComponentChildren } from "preact"
import { ErrorBox, Id, Json, Time, usePaged } from "./Components.js"
import { type FilterOptions, useFilters } from "./Filters.js"

export interface Column<A> {
  readonly label: string
  readonly cell: (row: A) => ComponentChildren
  /** The cell's class (`number` right-aligns an amount). */
  readonly class?: string
}

interface Row {
  readonly id: string
}

export interface ListProps<A> extends FilterOptions {
  /** The API's list endpoint (`/wire_transfers`). */
  readonly endpoint: string
  readonly columns: ReadonlyArray<Column<A>>
  /** Above the filters, given the list's reload: a form that makes a row. */
  readonly header?: (reload: () => void) => ComponentChildren
}

/** Rows as `columns` say, each `data-id` its id (and `rowClass` its class). */
export function Table<A extends Row>(props: {
  readonly rows: ReadonlyArray<A>
  readonly columns: ReadonlyArray<Column<A>>
  readonly class?: string
  readonly rowClass?: (row: A) => string
}) {
  return (
    <table class={props.class}>
      <thead>
        <tr>
          {props.columns.map((column, index) => <th key={index} class={column.class}>{column.label}</th>)}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.id} data-id={row.id} class={props.rowClass?.(row)}>
            {props.columns.map((column, index) => <td key={index} class={column.class}>{column.cell(row)}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function List<A extends Row>(props: ListProps<A>) {
  const filters = useFilters(props.endpoint, props)
  const list = usePaged<A>(filters.path)
  return (
    <>
      {props.header?.(list.reload)}
      {filters.bar}
      <ErrorBox error={list.error} />
      <Table rows={list.rows} columns={props.columns} />
      {list.pager}
    </>
  )
}

export function ListPage<A extends Row>(props: ListProps<A> & { readonly title: string }) {
  return (
    <>
      <h1>{props.title}</h1>
      <List<A> {...props} />
    </>
  )
}

/** The row's id, a link to its page where `to` gives one. */
export const idColumn = <A extends Row>(to?: (id: string) => string): Column<A> => ({
  label: "Id",
  cell: (row) => <Id id={row.id} to={to?.(row.id)} />
})

/** The account the row belongs to, a link to its page. */
export const accountColumn = <A extends { readonly account_id: string | null }>(): Column<A> => ({
  label: "Account",
  cell: (row) => <Id id={row.account_id} to={row.account_id === null ? undefined : `/accounts/${row.account_id}`} />
})

export const createdColumn = <A extends { readonly created_at: string }>(label = "Created"): Column<A> => ({
  label,
  cell: (row) => <Time iso={row.created_at} />
})

/** The whole row as the API returned it, folded. */
export const jsonColumn = <A extends Row>(): Column<A> => ({ label: "", cell: (row) => <Json value={row} /> })
