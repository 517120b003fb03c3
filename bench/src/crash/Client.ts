/**
 * The harness's clients, as a careful SDK user would write them: each
 * request goes to either server process, and is sent again with the same
 * Idempotency-Key after a network error, a timeout, any 5xx, 408, 429 or a
 * 409 "still in progress", with a backoff, until it is answered (2xx or
 * another 4xx) or the request bound passes. Everything is counted: HTTP
 * requests, network errors, 5xx by status and `x-should-retry`, 409s in
 * progress, replays; and per key, every answer it got.
 */
import type { Findings } from "./Findings.js"
import type { Random } from "./Random.js"
import type { Timeline } from "./Timeline.js"

export interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly replayed: boolean
}

export type Outcome =
  | { readonly _tag: "Answered"; readonly answer: Answer }
  | { readonly _tag: "Unanswered"; readonly last: string }

/** One idempotency key the harness sent, and what became of it. */
export interface KeyRecord {
  readonly key: string
  readonly kind: string
  readonly request: Request
  readonly sentAt: number
  attempts: number
  /** What each attempt met ("200", "503", "409 in progress", "network error", …), counted. */
  readonly met: Map<string, number>
  /** When the first 409 "still in progress" came, if one did. */
  firstInProgressAt: number | undefined
  /** The final answer: a 2xx or a 4xx that is not retried. */
  final: Answer | undefined
  finalAt: number | undefined
  /** What the 2xx answers named (`identityOf`), the replays' too: more than one is a violation. */
  readonly identities: Set<string>
  /** When the last attempt ended. */
  lastAt: number
  /** The attempts in order, alike ones in a row counted together (at most 20 entries). */
  readonly trail: Array<{ readonly at: string; readonly server: string; readonly met: string; count: number }>
}

/** A key's trail: `102.2 s A: network error; 103.1 s B: 409 in progress ×105`. */
export const trailOf = (record: KeyRecord): string =>
  record.trail.map((step) => `${step.at} ${step.server}: ${step.met}${step.count > 1 ? ` ×${step.count}` : ""}`)
    .join("; ")

/** 5xx answers that are not 503 with `x-should-retry: true`, by endpoint and answer. */
interface BadFault {
  count: number
  readonly first: string
  last: string
  readonly sample: string
}

export interface Counters {
  /** HTTP requests sent, retries included. */
  requests: number
  /** GETs of the checks at the end, among `requests`. */
  reads: number
  networkErrors: number
  timeouts: number
  /** "503 x-should-retry: true" → count. */
  readonly serverErrors: Map<string, number>
  /** The 5xx answers judged wrong, by `METHOD path: status x-should-retry: …`. */
  readonly badFaults: Map<string, BadFault>
  inProgress409: number
  /** Answers replayed from a stored response (`Idempotent-Replayed: true`). */
  replays: number
  /** Operation kind → how many were sent / answered 2xx / answered 4xx / unanswered. */
  readonly operations: Map<string, { sent: number; ok: number; refused: number; unanswered: number }>
}

export interface Request {
  readonly kind: string
  readonly method: "GET" | "POST" | "PATCH"
  readonly path: string
  readonly body?: unknown
  readonly key?: string
}

/** A request under way: to which server, of what kind, since when. */
export interface InFlight {
  readonly port: number
  readonly kind: string
  readonly since: number
}

export interface Client {
  readonly send: (request: Request) => Promise<Outcome>
  /** The requests under way now (the kills aim at some). */
  readonly inFlight: () => ReadonlyArray<InFlight>
  /** Sends a key's request again (as `send` does, counted as a replay of it): its answer must name the same object. */
  readonly replay: (record: KeyRecord) => Promise<Outcome>
  readonly counters: Counters
  readonly keys: ReadonlyMap<string, KeyRecord>
  /** Makes every request under way give up at its next retry (the run failed). */
  readonly abort: () => void
}

/** Ids in paths (`/real_time_decisions/real_time_decision_01…/action`) as `{id}`, so that one endpoint is one row. */
const endpointOf = (path: string) =>
  path.split("?")[0]?.split("/").map((segment) => (/_(?=[0-9a-z]*\d)[0-9a-z]{16,}$/.test(segment) ? "{id}" : segment))
    .join("/") ?? path

/** One violation per endpoint and wrong 5xx answer, with how many, when, and what one said. */
export const judgeFaults = (client: Client, findings: Findings) => {
  for (const [label, fault] of client.counters.badFaults) {
    findings.violation(
      "faults",
      `${label} (from ${fault.first} to ${fault.last}), e.g. ${fault.sample}`,
      fault.count
    )
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * The object an answer names: its `id`, or for a card authorization
 * simulation the pending or declined transaction it made.
 */
export const identityOf = (body: Record<string, unknown>): string => {
  if (typeof body.id === "string") return body.id
  for (const field of ["pending_transaction", "declined_transaction"]) {
    const value = body[field]
    if (isRecord(value) && typeof value.id === "string") return `${field} ${value.id}`
  }
  return JSON.stringify(body).slice(0, 120)
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** The server's 409 for a key whose first request has not finished (bank/Idempotency.ts). */
export const isInProgress = (answer: Answer) =>
  answer.status === 409 && typeof answer.body.detail === "string" && /in progress/i.test(answer.body.detail)

const retryable = (answer: Answer) =>
  answer.status >= 500 || answer.status === 408 || answer.status === 429 || isInProgress(answer)

/** Each attempt's own bound: a card authorization waits up to its 3 s window, a loaded Postgres can add more. */
const attemptTimeoutMs = 30_000

export const makeClient = (options: {
  readonly ports: ReadonlyArray<number>
  readonly apiKey: string
  readonly boundMs: number
  readonly random: Random
  readonly findings: Findings
  readonly timeline: Timeline
}): Client => {
  const headers = { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" }
  const counters: Counters = {
    requests: 0,
    reads: 0,
    networkErrors: 0,
    timeouts: 0,
    serverErrors: new Map(),
    badFaults: new Map(),
    inProgress409: 0,
    replays: 0,
    operations: new Map()
  }
  const keys = new Map<string, KeyRecord>()
  let aborted = false
  const underWay = new Set<InFlight>()
  const operation = (kind: string) => {
    const existing = counters.operations.get(kind)
    if (existing !== undefined) return existing
    const created = { sent: 0, ok: 0, refused: 0, unanswered: 0 }
    counters.operations.set(kind, created)
    return created
  }

  const attempt = async (request: Request, port: number): Promise<Answer | string> => {
    counters.requests++
    if (request.method === "GET") counters.reads++
    const flight = { port, kind: request.kind, since: Date.now() }
    underWay.add(flight)
    try {
      const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
        method: request.method,
        headers: request.key === undefined ? headers : { ...headers, "idempotency-key": request.key },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(attemptTimeoutMs)
      })
      const text = await response.text()
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = { unparsed: text.slice(0, 300) }
      }
      const answer = {
        status: response.status,
        body: isRecord(parsed) ? parsed : {},
        replayed: response.headers.get("idempotent-replayed") === "true"
      }
      if (answer.status >= 500) {
        const shouldRetry = response.headers.get("x-should-retry")
        const label = `${answer.status} x-should-retry: ${shouldRetry ?? "absent"}`
        counters.serverErrors.set(label, (counters.serverErrors.get(label) ?? 0) + 1)
        options.findings.checked("faults")
        if (answer.status !== 503 || shouldRetry !== "true") {
          const endpoint = `${request.method} ${endpointOf(request.path)}: ${label}`
          const known = counters.badFaults.get(endpoint)
          if (known === undefined) {
            counters.badFaults.set(endpoint, {
              count: 1,
              first: options.timeline.at(),
              last: options.timeline.at(),
              sample: JSON.stringify(answer.body).slice(0, 200)
            })
          } else {
            known.count++
            known.last = options.timeline.at()
          }
        }
      }
      if (isInProgress(answer)) counters.inProgress409++
      if (answer.replayed) counters.replays++
      return answer
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
      if (timedOut) counters.timeouts++
      else counters.networkErrors++
      return timedOut ? "timeout" : "network error"
    } finally {
      underWay.delete(flight)
    }
  }

  /** Sends until answered or the bound; `record` notes what each attempt met, `final` the answer. */
  const untilAnswered = async (
    request: Request,
    record: KeyRecord | undefined,
    tally: { ok: number; refused: number; unanswered: number } | undefined,
    final: (answer: Answer) => void
  ): Promise<Outcome> => {
    const deadline = Date.now() + options.boundMs
    let last = "nothing yet"
    for (let attempts = 0; Date.now() < deadline && !aborted; attempts++) {
      const port = options.random.pick(options.ports)
      const at = options.timeline.at()
      const result = await attempt(request, port)
      const met = typeof result === "string" ? result : isInProgress(result) ? "409 in progress" : String(result.status)
      last = typeof result === "string" ? result : `${met} ${JSON.stringify(result.body).slice(0, 200)}`
      if (record !== undefined) {
        record.attempts++
        record.lastAt = Date.now()
        record.met.set(met, (record.met.get(met) ?? 0) + 1)
        if (met === "409 in progress" && record.firstInProgressAt === undefined) record.firstInProgressAt = Date.now()
        const previous = record.trail.at(-1)
        if (previous?.met === met) previous.count++
        else if (record.trail.length < 20) {
          record.trail.push({ at, server: String.fromCharCode(65 + options.ports.indexOf(port)), met, count: 1 })
        }
      }
      if (typeof result !== "string" && !retryable(result)) {
        if (record !== undefined && result.status < 300) record.identities.add(identityOf(result.body))
        final(result)
        if (tally !== undefined) {
          if (result.status < 300) tally.ok++
          else tally.refused++
        }
        return { _tag: "Answered", answer: result }
      }
      await sleep(Math.min(1_000, 50 * 2 ** Math.min(attempts, 5)) * (0.5 + options.random.next() / 2))
    }
    if (tally !== undefined) tally.unanswered++
    return { _tag: "Unanswered", last }
  }

  const send = (request: Request): Promise<Outcome> => {
    const tally = request.method === "GET" ? undefined : operation(request.kind)
    if (tally !== undefined) tally.sent++
    const record: KeyRecord | undefined = request.key === undefined ? undefined : {
      key: request.key,
      kind: request.kind,
      request,
      sentAt: Date.now(),
      attempts: 0,
      met: new Map(),
      firstInProgressAt: undefined,
      final: undefined,
      finalAt: undefined,
      identities: new Set(),
      lastAt: Date.now(),
      trail: []
    }
    if (record !== undefined) keys.set(record.key, record)
    return untilAnswered(request, record, tally, (answer) => {
      if (record === undefined) return
      record.final = answer
      record.finalAt = Date.now()
    })
  }

  const replay = (record: KeyRecord): Promise<Outcome> => {
    const tally = operation("replay")
    tally.sent++
    return untilAnswered(record.request, record, tally, () => {})
  }

  return {
    send,
    inFlight: () => [...underWay],
    replay,
    counters,
    keys,
    abort: () => {
      aborted = true
    }
  }
}

/** The body of a 2xx answer, or an error naming the request (for the setup and the checks, which cannot go on without). */
export const required = (outcome: Outcome, what: string): Record<string, unknown> => {
  if (outcome._tag === "Unanswered") throw new Error(`${what}: unanswered (last: ${outcome.last})`)
  if (outcome.answer.status >= 300) {
    throw new Error(`${what}: ${outcome.answer.status} ${JSON.stringify(outcome.answer.body)}`)
  }
  return outcome.answer.body
}

/** Every item of a list endpoint, page by page. */
export const listAll = async (client: Client, path: string): Promise<Array<Record<string, unknown>>> => {
  const items: Array<Record<string, unknown>> = []
  let cursor: string | undefined
  for (;;) {
    const separator = path.includes("?") ? "&" : "?"
    const page = required(
      await client.send({
        kind: "read",
        method: "GET",
        path: `${path}${separator}limit=100${cursor === undefined ? "" : `&cursor=${cursor}`}`
      }),
      `GET ${path}`
    )
    items.push(...(Array.isArray(page.data) ? page.data.filter(isRecord) : []))
    if (typeof page.next_cursor !== "string") return items
    cursor = page.next_cursor
  }
}

export { isRecord }
