/**
 * Client-side routes under /dashboard (the server answers the same page for
 * every one): `usePath` gives the path after /dashboard, `navigate` moves to
 * another without reloading, and links made with `href` are followed here.
 */
import { useEffect, useState } from "preact/hooks"

export const base = "/dashboard"

const changed = "moneta:navigate"

/** The route: the path after /dashboard, "/" at least, with the query. */
const route = (): string => (window.location.pathname.slice(base.length) || "/") + window.location.search

export const href = (path: string): string => `${base}${path}`

export const navigate = (path: string): void => {
  history.pushState(null, "", href(path))
  window.dispatchEvent(new Event(changed))
  window.scrollTo(0, 0)
}

/**
 * The same page with another query (a list's filters), kept in the history;
 * commas stay commas (the API's lists, `status.in=a,b`), so the address reads as the request.
 */
export const setQuery = (search: URLSearchParams): void => {
  const text = search.toString().replaceAll("%2C", ",")
  history.pushState(null, "", `${window.location.pathname}${text === "" ? "" : `?${text}`}`)
  window.dispatchEvent(new Event(changed))
}

export const usePath = (): string => {
  const [path, setPath] = useState(route)
  useEffect(() => {
    const update = () => setPath(route())
    window.addEventListener("popstate", update)
    window.addEventListener(changed, update)
    return () => {
      window.removeEventListener("popstate", update)
      window.removeEventListener(changed, update)
    }
  }, [])
  return path
}

/** Follows a click on a link of this app without reloading (plain clicks only: a new tab stays a new tab). */
export const followLinks = (): void => {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    const target = event.target instanceof Element ? event.target.closest("a") : null
    if (target === null || target.target !== "" || target.origin !== window.location.origin) return
    if (!target.pathname.startsWith(base)) return
    event.preventDefault()
    navigate((target.pathname.slice(base.length) || "/") + target.search)
  })
}
