/**
 * `pnpm bench:phases`: where a request's time goes, phase by phase, read
 * from the spans the server exports. Moneta runs as `pnpm start` runs it,
 * with `OTEL_EXPORTER_OTLP_ENDPOINT` set to a collector in this process;
 * each operation is sent `--requests` times one at a time (after as many to
 * warm up), and for each span of its traces (the request's, the key check's,
 * the bank operation's, its transaction's, each SQL statement's) the median
 * start and end are printed as offsets from the request span's start. The
 * gaps between them are Moneta's own work between statements: the time
 * before the key check, between a transaction's start and its first
 * statement, between statements, and after the bank answered.
 *
 *   pnpm --filter @moneta/bench bench:phases [--requests 1000] [--databases postgres,embedded]
 *
 * Wall time, one request at a time: on an idle machine close to the CPU the
 * server spends, and with the SDK's own cost in every span (an exporting
 * tracer makes a span for the request and records every attribute), so a
 * phase reads somewhat longer than without tracing. Postgres is
 * `DATABASE_URL` when set, otherwise a throwaway cluster.
 */
import { Schema } from "effect"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Os from "node:os"
import { parseArgs } from "node:util"
import { withResource } from "./Cleanup.js"
import { type Database, startMoneta, wireBody } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    databases: { type: "string", default: "postgres,embedded" }
  }
})
const requests = Number(values.requests)
const databases = values.databases.split(",").map((name) => name.trim())

interface Span {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId: string | undefined
  readonly name: string
  /** Microseconds since the epoch. */
  readonly start: number
  readonly end: number
}

/** The part of an OTLP/HTTP JSON export (`ExportTraceServiceRequest`) read here. */
const TraceExport = Schema.Struct({
  resourceSpans: Schema.Array(Schema.Struct({
    scopeSpans: Schema.Array(Schema.Struct({
      spans: Schema.Array(Schema.Struct({
        traceId: Schema.String,
        spanId: Schema.String,
        parentSpanId: Schema.optionalKey(Schema.String),
        name: Schema.String,
        startTimeUnixNano: Schema.String,
        endTimeUnixNano: Schema.String
      }))
    }))
  }))
})
const decodeExport = Schema.decodeUnknownSync(Schema.fromJsonString(TraceExport))

const microseconds = (nanos: string) => Number(BigInt(nanos)) / 1_000

/** The spans of one export. */
const spansOf = (text: string): ReadonlyArray<Span> =>
  decodeExport(text).resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) =>
      scope.spans.map((span): Span => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId === undefined || span.parentSpanId === "" ? undefined : span.parentSpanId,
        name: span.name,
        start: microseconds(span.startTimeUnixNano),
        end: microseconds(span.endTimeUnixNano)
      }))
    )
  )

/** An OTLP/HTTP collector that keeps the spans it receives; `until` waits for a count of request spans. */
const startCollector = () =>
  new Promise<{
    readonly url: string
    readonly take: () => ReadonlyArray<Span>
    readonly until: (requestSpans: number) => Promise<void>
    readonly close: () => Promise<void>
  }>((resolve) => {
    let spans: Array<Span> = []
    let waiting: (() => void) | undefined
    const server = Http.createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        spans.push(...spansOf(Buffer.concat(chunks).toString("utf8")))
        response.writeHead(200, { "content-type": "application/json" }).end("{}")
        waiting?.()
      })
    })
    const roots = () => spans.filter((span) => span.name.startsWith("http.server")).length
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        take: () => {
          const taken = spans
          spans = []
          return taken
        },
        // The SDK exports a batch every 5 s or every 512 spans.
        until: (requestSpans) =>
          new Promise((done) => {
            waiting = () => {
              if (roots() < requestSpans) return
              waiting = undefined
              done()
            }
            waiting()
          }),
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections()
            server.close(() => closed())
          })
      }))
  })

const median = (values: ReadonlyArray<number>) =>
  [...values].sort((left, right) => left - right)[values.length >> 1] ?? 0

/**
 * The timeline of `spans`' requests: per span (named by its name, its parent's when that is not the
 * request, and its rank among its like in the trace), the median start and end from the request's start.
 */
const timeline = (spans: ReadonlyArray<Span>): ReadonlyArray<string> => {
  const traces = new Map<string, Array<Span>>()
  for (const span of spans) {
    const trace = traces.get(span.traceId)
    if (trace === undefined) traces.set(span.traceId, [span])
    else trace.push(span)
  }
  const offsets = new Map<string, { starts: Array<number>; ends: Array<number> }>()
  let requestCount = 0
  for (const trace of traces.values()) {
    const byId = new Map(trace.map((span) => [span.spanId, span]))
    const request = trace.find((span) => span.parentSpanId === undefined || !byId.has(span.parentSpanId))
    if (request === undefined || !request.name.startsWith("http.server")) continue
    requestCount++
    const ranks = new Map<string, number>()
    for (const span of [...trace].sort((left, right) => left.start - right.start)) {
      const parent = span.parentSpanId === undefined ? undefined : byId.get(span.parentSpanId)
      const kind = parent === undefined || parent === request ? span.name : `${span.name} in ${parent.name}`
      const rank = (ranks.get(kind) ?? 0) + 1
      ranks.set(kind, rank)
      const key = rank === 1 ? kind : `${kind} (${rank})`
      const entry = offsets.get(key) ?? { starts: [], ends: [] }
      entry.starts.push(span.start - request.start)
      entry.ends.push(span.end - request.start)
      offsets.set(key, entry)
    }
  }
  return [
    `${requestCount} requests; median µs from the request span's start:`,
    "",
    "| span | starts | ends | lasts |",
    "|---|---:|---:|---:|",
    ...[...offsets]
      // Spans most requests have (a statement only some make would skew the timeline).
      .filter(([, entry]) => entry.starts.length > requestCount / 2)
      .map(([key, entry]) => ({ key, start: median(entry.starts), end: median(entry.ends) }))
      .sort((left, right) => left.start - right.start)
      .map(({ end, key, start }) =>
        `| ${key} | ${start.toFixed(0)} | ${end.toFixed(0)} | ${(end - start).toFixed(0)} |`
      )
  ]
}

const check = async (response: Response) => {
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}: ${text}`)
}

const measure = async (database: Database, label: string) =>
  withResource(startCollector, (collector) => collector.close(), (collector) =>
    withResource(
      () => startMoneta(database, 2, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }),
      (server) => server.child.stop(),
      async (server) => {
        const accountId = server.accountIds[0] ?? ""
        const body = wireBody(server.accountIds)
        const operations: ReadonlyArray<readonly [string, (index: number) => Promise<void>]> = [
          [
            "GET /accounts/{id}",
            () => fetch(`${server.url}/accounts/${accountId}`, { headers: server.headers }).then(check)
          ],
          [
            "POST /wire_transfers",
            (index) =>
              fetch(`${server.url}/wire_transfers`, { method: "POST", headers: server.headers, body: body(index) })
                .then(check)
          ]
        ]
        for (const [name, send] of operations) {
          for (let index = 0; index < requests; index++) await send(index)
          await collector.until(requests)
          collector.take()
          for (let index = 0; index < requests; index++) await send(requests + index)
          await collector.until(requests)
          console.log([``, `### ${name}, ${label}`, ``, ...timeline(collector.take())].join("\n"))
        }
      }
    ))

console.log(
  `Node ${process.version}, ${Os.cpus().length} CPUs, load average ${
    Os.loadavg().map((load) => load.toFixed(2)).join(" ")
  }; ${requests} requests of each, one at a time`
)
if (databases.includes("postgres")) {
  await withResource(
    () => startPostgres(process.env["DATABASE_URL"] || undefined),
    (postgres) => postgres.stop(),
    (postgres) => measure({ kind: "postgres", url: postgres.databaseUrl }, `Postgres (${postgres.label})`)
  )
}
if (databases.includes("embedded")) await measure({ kind: "embedded" }, "embedded")
console.log(`\nload average after: ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`)
