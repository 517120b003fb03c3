/**
 * What an attacker (or a buggy client) sends instead of a valid request: each
 * mutation takes a valid-shaped request and breaks one thing about it — the
 * body's shape, types, size, nesting, encoding or JSON text; the Content-Type;
 * the query string; the path; the credentials.
 */
import type { FuzzRequest } from "./FuzzRequest.js"

type Random = () => number

const pick = <A>(random: Random, items: ReadonlyArray<A>): A =>
  items[Math.floor(random() * items.length) % items.length] as A

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)

/** A copy of `value` with the leaf at a random path replaced by `replacement(old)`. */
const replaceLeaf = (value: unknown, random: Random, replacement: (old: unknown) => unknown): unknown => {
  if (isRecord(value)) {
    const keys = Object.keys(value)
    if (keys.length === 0) return replacement(value)
    const key = pick(random, keys)
    return { ...value, [key]: random() < 0.4 ? replacement(value[key]) : replaceLeaf(value[key], random, replacement) }
  }
  if (Array.isArray(value) && value.length > 0) {
    const index = Math.floor(random() * value.length)
    return value.map((item, position) => (position === index ? replaceLeaf(item, random, replacement) : item))
  }
  return replacement(value)
}

const wrongValues: ReadonlyArray<unknown> = [
  null,
  true,
  0,
  -1,
  1.5,
  -0,
  2 ** 53,
  -(2 ** 53),
  1e308,
  "",
  "x",
  "2026-02-30T00:00:00Z",
  [],
  {},
  [1, 2],
  { nested: { deeper: [] } },
  "\u0000",
  "\ud800",
  "😀",
  "x".repeat(10_000),
  "<script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "\u202e"
]

const withBody = (request: FuzzRequest, body: unknown): FuzzRequest => ({ ...request, body: JSON.stringify(body) })

const bodyValue = (request: FuzzRequest): unknown => {
  if (request.body === undefined) return {}
  try {
    return JSON.parse(request.body)
  } catch {
    return {}
  }
}

const withQuery = (request: FuzzRequest, name: string, value: string): FuzzRequest => ({
  ...request,
  query: `${request.query.length > 0 ? `${request.query}&` : ""}${name}=${value}`
})

const replaceFirstSegmentAfter = (path: string, random: Random, segment: string) => {
  const parts = path.split("/")
  if (parts.length < 3) return `${path}/${segment}`
  const index = 2 + Math.floor(random() * (parts.length - 2))
  return parts.map((part, position) => (position === index ? segment : part)).join("/")
}

type Mutation = (request: FuzzRequest, random: Random) => FuzzRequest

/** A copy of `value` with one string leaf (a valid value) given a suffix; unchanged when it has none. */
const appendToString = (value: unknown, random: Random, suffix: string): unknown => {
  const strings: Array<ReadonlyArray<string | number>> = []
  const walk = (node: unknown, path: ReadonlyArray<string | number>) => {
    if (typeof node === "string") strings.push(path)
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]))
    else if (isRecord(node)) { for (const [key, item] of Object.entries(node)) walk(item, [...path, key]) }
  }
  walk(value, [])
  if (strings.length === 0) return value
  const target = pick(random, strings)
  const rebuild = (node: unknown, depth: number): unknown => {
    if (depth === target.length) return `${String(node)}${suffix}`
    const step = target[depth]
    if (Array.isArray(node)) return node.map((item, index) => (index === step ? rebuild(item, depth + 1) : item))
    if (isRecord(node) && typeof step === "string") return { ...node, [step]: rebuild(node[step], depth + 1) }
    return node
  }
  return rebuild(value, 0)
}

/** Text Postgres cannot store, or that is easy to mishandle, added to an otherwise valid string. */
const awkwardText = ["\ud800", "\udfff", "\u0000", "😀", "\u202e", "\ufffd"]

const bodyMutations: ReadonlyArray<Mutation> = [
  // The body's shape and types.
  (request, random) => {
    const body = bodyValue(request)
    if (!isRecord(body) || Object.keys(body).length === 0) return withBody(request, { unexpected: true })
    const { [pick(random, Object.keys(body))]: _dropped, ...rest } = body
    return withBody(request, rest)
  },
  (request, random) => withBody(request, replaceLeaf(bodyValue(request), random, () => pick(random, wrongValues))),
  (request, random) => withBody(request, appendToString(bodyValue(request), random, pick(random, awkwardText))),
  (request, random) => withBody(request, appendToString(bodyValue(request), random, pick(random, awkwardText))),
  (request, random) =>
    withBody(request, {
      ...(isRecord(bodyValue(request)) ? Object(bodyValue(request)) : {}),
      [pick(random, ["extra", "__proto__", "constructor", "id", "type"])]: 1
    }),
  (request, random) => withBody(request, pick(random, [[], "text", 42, null, [bodyValue(request)]])),
  // Size, nesting, encoding and JSON text.
  (request, random) => ({
    ...request,
    body: `{"a":${"[".repeat(pick(random, [40, 3_000, 20_000]))}1${"]".repeat(40)}}`
  }),
  (request) => ({ ...request, body: `{"a":${"[".repeat(5_000)}"\\u0000"${"]".repeat(5_000)}}` }),
  (request) => {
    const text = request.body ?? "{\"name\":\"x\"}"
    const keyed = /^\{"([^"]+)":/.exec(text)
    return keyed === null
      ? { ...request, body: "{\"a\":1,\"a\":2}" }
      : { ...request, body: `{"${keyed[1]}":null,${text.slice(1)}` }
  },
  (request, random) => ({
    ...request,
    body: (request.body ?? "{}").slice(0, Math.max(1, Math.floor(random() * (request.body ?? "{}").length)))
  }),
  (request) => ({
    ...request,
    bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])
  }),
  (request, random) => ({
    ...request,
    body: request.body ?? "{}",
    contentType: pick(random, [
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "application/vnd.api+json",
      "text/plain",
      ""
    ])
  })
]

const requestMutations: ReadonlyArray<Mutation> = [
  // The query string.
  (request, random) =>
    withQuery(
      request,
      pick(random, ["unknown", "expand", "limit", "cursor", "status.in", "category.in", "created_at.after"]),
      pick(random, ["", "x", "-1", "0", "101", "1e2", "2026-01-01", "%00", "%ED%A0%80", "a,,b"])
    ),
  (request, random) => withQuery(request, pick(random, ["limit", "limit"]), pick(random, ["1", "100"])),
  // The path.
  (request, random) => ({
    ...request,
    path: replaceFirstSegmentAfter(
      request.path,
      random,
      pick(random, ["x", "account_00000000000000000000", "%00", "%ED%A0%80", "..", "a;b=c", "%2F", "😀"])
    )
  }),
  (request) => ({ ...request, path: `${request.path}/` }),
  // Credentials.
  (request, random) => ({
    ...request,
    authorization: pick(random, [null, "Bearer", "Bearer nope", "Basic abc", `Bearer ${"k".repeat(300)}`])
  })
]

/** One mutation of `request`; GET requests (which carry no body) only get those of the URL and credentials. */
export const mutate = (request: FuzzRequest, random: Random): FuzzRequest =>
  pick(random, request.method === "GET" ? requestMutations : [...bodyMutations, ...requestMutations])(request, random)
