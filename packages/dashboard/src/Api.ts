/**
 * Requests to this server's API (the same origin), with the tab's key. A
 * failure carries the API's error body (`type`, `title`, `detail`) and the
 * response's `x-request-id`; a 401 also signs the tab out (the key is wrong
 * or revoked), which brings the sign-in form back.
 */
import * as Key from "./Key.js"

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly requestId: string | null
  ) {
    super(`${title}${detail === "" ? "" : ` ${detail}`}`)
  }
}

const text = (value: unknown): string => typeof value === "string" ? value : ""

const failureOf = async (response: Response): Promise<ApiFailure> => {
  const requestId = response.headers.get("x-request-id")
  let body: unknown = undefined
  try {
    body = await response.json()
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const fields = typeof body === "object" && body !== null ? body as Record<string, unknown> : {}
  const errors = Array.isArray(fields["errors"])
    ? fields["errors"].map((error: unknown) =>
      typeof error === "object" && error !== null && "field" in error && "message" in error
        ? `${text(error.field)}: ${text(error.message)}`
        : ""
    ).filter((line) => line !== "").join("; ")
    : ""
  const detail = [text(fields["detail"]), errors].filter((part) => part !== "").join(" ")
  return new ApiFailure(
    response.status,
    text(fields["type"]) || "http_error",
    text(fields["title"]) || `HTTP ${response.status}`,
    detail,
    requestId
  )
}

/** A request with the tab's key, or with `key` (the control API's admin key, which is never kept). */
export const request = async <A>(method: string, path: string, body?: unknown, key?: string): Promise<A> => {
  const bearer = key ?? Key.current() ?? ""
  const headers: Record<string, string> = { authorization: `Bearer ${bearer}` }
  if (body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  if (!response.ok) {
    const failure = await failureOf(response)
    if (response.status === 401 && key === undefined) Key.clear(failure)
    throw failure
  }
  return (await response.json()) as A
}

export const get = <A>(path: string): Promise<A> => request<A>("GET", path)
export const post = <A>(path: string, body: unknown = {}): Promise<A> => request<A>("POST", path, body)

/** A query string of the defined, non-empty parameters. */
export const query = (parameters: Record<string, string | number | undefined | null>): string => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value))
  }
  const text = search.toString()
  return text === "" ? "" : `?${text}`
}

/** A file's contents as a blob URL (an image needs the key, which an <img src> cannot send). */
export const blobUrl = async (path: string): Promise<string> => {
  const response = await fetch(path, { headers: { authorization: `Bearer ${Key.current() ?? ""}` } })
  if (!response.ok) throw await failureOf(response)
  return URL.createObjectURL(await response.blob())
}
