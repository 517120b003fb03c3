/**
 * The API key of this tab: taken from the address's fragment (`#key=…`,
 * which a browser never sends to the server), kept in sessionStorage (this
 * tab only), and the fragment removed from the address bar and history.
 */
const storageKey = "moneta.apiKey"

const listeners = new Set<() => void>()

/** Moves a key from the fragment into the session; call once at start. */
export const adoptFromFragment = (): void => {
  const fragment = new URLSearchParams(window.location.hash.slice(1))
  const key = fragment.get("key")
  if (key === null) return
  if (key !== "") sessionStorage.setItem(storageKey, key)
  history.replaceState(history.state, "", window.location.pathname + window.location.search)
}

export const current = (): string | null => sessionStorage.getItem(storageKey)

export const set = (key: string): void => {
  sessionStorage.setItem(storageKey, key)
  listeners.forEach((listener) => listener())
}

let refusal: unknown = undefined

/** Signs the tab out; `reason`: the API's refusal of the key, which the sign-in form shows. */
export const clear = (reason?: unknown): void => {
  refusal = reason
  sessionStorage.removeItem(storageKey)
  listeners.forEach((listener) => listener())
}

/** Why the last key was refused, if it was. */
export const lastRefusal = (): unknown => refusal

export const onChange = (listener: () => void): () => void => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
