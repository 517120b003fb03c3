/**
 * `pnpm bench:webhooks`: webhook deliveries per second from one dispatcher
 * process to a local receiver, and commit-to-receipt latency (p50/p99), on
 * the embedded database and on real Postgres.
 *
 *   pnpm --filter @moneta/bench bench:webhooks [--events 10000] [--latency-events 1000] [--rate 200]
 *     [--concurrency 64] [--batch 100] [--databases embedded,postgres] [--receivers inline,process]
 *     [--backlog 0] [--cpu-profile DIRECTORY]
 *
 * - Throughput: the outbox is filled with `--events` deliveries first (100
 *   events per transaction), then one dispatcher starts and the clock runs
 *   until the receiver has every one of them; once per receiver of
 *   `--receivers` (WebhookReceiver.ts): `inline`, in this process, and
 *   `process`, in a process of its own as a real receiver is.
 * - Latency: with the dispatcher idle and listening, events are committed one
 *   per transaction at `--rate` per second; each is timed from the moment its
 *   commit returned to the moment the receiver has read its request.
 * - CPU time: this process's user + system CPU over the throughput phase
 *   (and over the bare undici run) divided by the deliveries: what one costs,
 *   the inline receiver's work included, and a figure that moves far less
 *   with the machine's load than deliveries per second do.
 * - `--backlog N`: before anything is measured, another tenant's history is
 *   seeded into the outbox: N deliveries pending until tomorrow (retries of a
 *   receiver that is down) and N finished ones (the 30 days that retention
 *   keeps), analyzed. Neither is due during the run: what they may cost is
 *   every statement that reads past them. Compare with `--backlog 0`.
 * - `--cpu-profile DIRECTORY`: a V8 CPU profile of each throughput phase only
 *   (`webhooks-<database>-<receiver>.cpuprofile`).
 * Writer and dispatcher share this process (the embedded database has to: it
 * lives in it); the latency phase uses the inline receiver. Postgres is
 * `DATABASE_URL` when set, otherwise a throwaway cluster.
 *
 * With `MONETA_BENCH_BASELINE=DIRECTORY` (MonetaServer.ts) the dispatcher
 * cannot share this process with the baseline checkout's (each runs on its
 * checkout's own Effect): each checkout's own `bench/src/Webhooks.ts` then
 * runs in a process of its own, one database at a time, in `--rounds`
 * alternating rounds, and this one reports their rows side by side with the
 * medians of the rounds and the ratios. `--cpu-profile` is for runs without it.
 */
import { pendingEvent } from "@moneta/domain/Event"
import * as EventSubscription from "@moneta/domain/EventSubscription"
import type { TenantShape } from "@moneta/domain/Tenant"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import * as Database from "@moneta/store/Database"
import { EventStore } from "@moneta/store/Events"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { newId } from "@moneta/store/IdGenerator"
import * as Migrations from "@moneta/store/Migrations"
import type * as Notifications from "@moneta/store/Notifications"
import { transactionally } from "@moneta/store/UnitOfWork"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import * as Dispatcher from "@moneta/webhooks/Dispatcher"
import * as Transport from "@moneta/webhooks/Transport"
import { DateTime, Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { spawn } from "node:child_process"
import * as Fs from "node:fs/promises"
import * as Inspector from "node:inspector/promises"
import * as Os from "node:os"
import * as Path from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { Agent } from "undici"
import { againstBaselineCheckout, type Measured, median, medianRound, roundRatios, roundsText } from "./Alternation.js"
import { type Checkout, checkouts, checkoutsLine, named } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"
import { environmentWith } from "./Processes.js"
import * as WebhookReceiver from "./WebhookReceiver.js"

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "10000" },
    "latency-events": { type: "string", default: "1000" },
    rate: { type: "string", default: "50" },
    concurrency: { type: "string", default: String(Dispatcher.defaults.concurrency) },
    batch: { type: "string", default: String(Dispatcher.defaults.batchSize) },
    databases: { type: "string", default: "embedded,postgres" },
    receivers: { type: "string", default: "inline,process" },
    rounds: { type: "string", default: "3" },
    backlog: { type: "string", default: "0" },
    "cpu-profile": { type: "string" }
  }
})

const throughputEvents = Number(values.events)
const latencyEvents = Number(values["latency-events"])
const rate = Number(values.rate)
const concurrency = Number(values.concurrency)
const batchSize = Number(values.batch)
const databases = values.databases.split(",").map((name) => name.trim())
const receiverLayouts = values.receivers.split(",").map((name): WebhookReceiver.Layout => {
  const layout = name.trim()
  if (layout !== "inline" && layout !== "process") throw new Error(`--receivers: unknown receiver ${layout}`)
  return layout
})
const profileDirectory = values["cpu-profile"]
const backlog = Number(values.backlog)

/** This process's user + system CPU time, in microseconds. */
const cpuMicros = () => {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

/** Runs `effect` under V8's CPU profiler when `--cpu-profile` is given, writing the profile as `name`. */
const profiled = <A, E, R>(name: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  profileDirectory === undefined ? effect : Effect.acquireUseRelease(
    Effect.promise(async () => {
      const session = new Inspector.Session()
      session.connect()
      await session.post("Profiler.enable")
      await session.post("Profiler.start")
      return session
    }),
    () => effect,
    (session) =>
      Effect.promise(async () => {
        const { profile } = await session.post("Profiler.stop")
        await Fs.mkdir(profileDirectory, { recursive: true })
        await Fs.writeFile(Path.join(profileDirectory, `webhooks-${name}.cpuprofile`), JSON.stringify(profile))
        session.disconnect()
      })
  )

const StoreLive = Layer.mergeAll(
  ApiKeyStore.Default,
  EventSubscriptionStore.Default,
  EventStore.Default,
  WebhookDeliveryStore.Default
)

const dispatcherLayer = Dispatcher.layer({ environment: "sandbox", concurrency, batchSize }).pipe(
  Layer.provide(Transport.layer("sandbox"))
)

/**
 * The reference of the same run: `count` POSTs of an event-sized signed body
 * through undici's own `request` (keep-alive, `concurrency` in flight) to the
 * same receiver, with no database and no dispatcher; deliveries per second
 * read as a ratio of it.
 */
const bareUndiciRate = (url: string, count: number) =>
  Effect.promise(async () => {
    const agent = new Agent()
    const target = new URL(url)
    const body = Buffer.from(JSON.stringify({
      associated_object_id: "wire_transfer_benchmark",
      associated_object_type: "wire_transfer",
      category: "wire_transfer.updated",
      created_at: new Date().toISOString(),
      id: "event_0000000000000000000000",
      type: "event"
    }))
    const headers = { "content-type": "application/json", "webhook-id": "", "webhook-signature": "v1,reference" }
    let sent = 0
    const worker = async () => {
      while (sent < count) {
        sent += 1
        const response = await agent.request({
          origin: target.origin,
          path: target.pathname,
          method: "POST",
          headers: { ...headers, "webhook-id": `reference_${sent}` },
          body
        })
        await response.body.dump()
      }
    }
    const started = performance.now()
    const cpuBefore = cpuMicros()
    await Promise.all(Array.from({ length: concurrency }, worker))
    const seconds = (performance.now() - started) / 1000
    const cpuPerPost = (cpuMicros() - cpuBefore) / count
    await agent.close()
    return { perSecond: count / seconds, cpuPerPost }
  })

const percentile = (sorted: ReadonlyArray<number>, fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN

interface Throughput {
  readonly receiver: WebhookReceiver.Layout
  readonly deliveriesPerSecond: number
  readonly referencePerSecond: number
  readonly cpuPerDelivery: number
  readonly cpuPerReferencePost: number
}

interface Latency {
  readonly p50: number
  readonly p99: number
  readonly max: number
}

interface Result {
  readonly database: string
  readonly throughputs: ReadonlyArray<Throughput>
  readonly latency: Latency
}

/** A tenant whose one subscription sends every event to `url`; `commit(n)` appends n events in one transaction. */
const subscribedTenant = (url: string) =>
  Effect.gen(function*() {
    const groupId = yield* newId("group")
    yield* (yield* ApiKeyStore).insertGroup(groupId, "Benchmark", yield* DateTime.now)
    const tenant: TenantShape = { groupId, environment: "sandbox" }
    const { next } = EventSubscription.create({
      id: yield* newId("event_subscription"),
      createdAt: yield* DateTime.now,
      idempotencyKey: null,
      body: { url }
    })
    yield* (yield* EventSubscriptionStore).insert(tenant, next, "benchmark secret")
    const events = yield* EventStore
    return (count: number) =>
      transactionally(
        Effect.flatMap(DateTime.now, (createdAt) =>
          events.append(
            tenant,
            Array.from({ length: count }, () =>
              pendingEvent("wire_transfer.updated", "wire_transfer", "wire_transfer_benchmark")),
            createdAt
          ))
      )
  })

/** A full outbox, then one dispatcher, until `layout`'s receiver has every delivery. */
const throughput = (database: string, layout: WebhookReceiver.Layout) =>
  Effect.gen(function*() {
    const receiver = yield* WebhookReceiver.start(layout)
    const commit = yield* subscribedTenant(receiver.url)
    const reference = yield* bareUndiciRate(receiver.url, throughputEvents)
    for (let written = 0; written < throughputEvents; written += 100) {
      yield* commit(Math.min(100, throughputEvents - written))
    }
    const delivered = yield* receiver.expect(throughputEvents, 600_000)
    const started = performance.now()
    const cpuBefore = cpuMicros()
    const seconds = yield* profiled(
      `${database}-${layout}`,
      Effect.scoped(Effect.gen(function*() {
        yield* Layer.build(dispatcherLayer)
        yield* delivered
        return (performance.now() - started) / 1000
      }))
    )
    return {
      receiver: layout,
      deliveriesPerSecond: throughputEvents / seconds,
      referencePerSecond: reference.perSecond,
      cpuPerDelivery: (cpuMicros() - cpuBefore) / throughputEvents,
      cpuPerReferencePost: reference.cpuPerPost
    } satisfies Throughput
  }).pipe(Effect.scoped)

/** One event per transaction at a steady rate, the dispatcher waiting on NOTIFY; commit → receipt at the inline receiver. */
const latency = Effect.gen(function*() {
  const receiver = yield* WebhookReceiver.inline
  const commit = yield* subscribedTenant(receiver.url)
  const committedAt = new Map<string, number>()
  yield* Layer.build(dispatcherLayer)
  yield* Effect.sleep("500 millis")
  const delivered = yield* receiver.expect(latencyEvents, 60_000)
  const interval = 1000 / rate
  const first = performance.now()
  for (let index = 0; index < latencyEvents; index++) {
    const due = first + index * interval
    const wait = due - performance.now()
    if (wait > 0) yield* Effect.sleep(`${wait} millis`)
    const [event] = yield* commit(1)
    if (event !== undefined) committedAt.set(event.id, performance.now())
  }
  yield* delivered
  const latencies = [...committedAt].map(([id, at]) => (receiver.arrivals.get(id) ?? Number.NaN) - at).sort((a, b) =>
    a - b
  )
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN
  } satisfies Latency
}).pipe(Effect.scoped)

/**
 * `--backlog`'s history: a tenant whose subscription's URL nobody listens on,
 * with `count` deliveries pending until tomorrow and `count` finished, written
 * straight into the table (its one event was appended before the subscription
 * existed, so it made no delivery of its own).
 */
const seedBacklog = (count: number) =>
  Effect.gen(function*() {
    if (count === 0) return
    const sql = yield* SqlClient.SqlClient
    const groupId = yield* newId("group")
    const now = yield* DateTime.now
    yield* (yield* ApiKeyStore).insertGroup(groupId, "Backlog", now)
    const tenant: TenantShape = { groupId, environment: "sandbox" }
    const [event] = yield* transactionally(
      (yield* EventStore).append(tenant, [pendingEvent("wire_transfer.updated", "wire_transfer", "wire_backlog")], now)
    )
    if (event === undefined) return yield* Effect.die(new Error("the backlog's event was not appended"))
    const { next } = EventSubscription.create({
      id: yield* newId("event_subscription"),
      createdAt: now,
      idempotencyKey: null,
      body: { url: "http://127.0.0.1:9/unreached" }
    })
    yield* (yield* EventSubscriptionStore).insert(tenant, next, "backlog secret")
    yield* sql`INSERT INTO webhook_deliveries
        (group_id, environment, event_id, event_subscription_id, trigger, status, attempt_count, due_at, created_at)
      SELECT ${groupId}, 'sandbox', ${event.id}, ${next.id}, 'event', status, 1,
        ${DateTime.toDate(now)}::timestamptz + interval '1 day' + i * interval '1 millisecond',
        ${DateTime.toDate(now)}::timestamptz
      FROM generate_series(1, ${count}) AS i, (VALUES ('pending'), ('succeeded')) AS statuses (status)`
    yield* sql`ANALYZE webhook_deliveries`
  }).pipe(Effect.orDie)

const measure = (database: string) =>
  Effect.gen(function*() {
    yield* seedBacklog(backlog)
    const throughputs: Array<Throughput> = []
    for (const layout of receiverLayouts) throughputs.push(yield* throughput(database, layout))
    return { database, throughputs, latency: yield* latency } satisfies Result
  })

const migrated = <E>(database: Layer.Layer<SqlClient.SqlClient | Notifications.Notifications | Database.Info, E>) =>
  StoreLive.pipe(Layer.provideMerge(Layer.tap(database, (context) => Effect.provide(Migrations.run, context))))

const onDatabase = (database: string) =>
  Effect.gen(function*() {
    // As the server reads it: MONETA_PREPARED_STATEMENTS=false runs every statement unprepared.
    const { preparedStatements } = yield* Database.config
    if (database === "embedded") {
      return yield* measure(database).pipe(
        Effect.provide(migrated(Database.layerPglite("memory://", { preparedStatements })))
      )
    }
    const postgres = yield* Effect.acquireRelease(
      Effect.promise(() => startPostgres(process.env.DATABASE_URL)),
      (server) => Effect.promise(() => server.stop())
    )
    const result = yield* measure(database).pipe(
      Effect.provide(migrated(Database.layerPostgres(Redacted.make(postgres.databaseUrl), { preparedStatements })))
    )
    return { ...result, database: `postgres: ${postgres.label}` }
  }).pipe(Effect.scoped)

/** The settings, for a report's first line. */
const settings = `${throughputEvents} deliveries (throughput), ${latencyEvents} at ${rate}/s (latency); ` +
  (backlog > 0 ? `another tenant's backlog of ${backlog} pending and ${backlog} finished deliveries; ` : "") +
  `dispatcher concurrency ${concurrency}, batch ${batchSize}; ${Os.cpus().length} cores, Node ${process.version}`

const loadLine = (atStart: ReadonlyArray<number>) =>
  `load average at the start: ${atStart.map((load) => load.toFixed(2)).join(", ")}; ` +
  `at the end: ${Os.loadavg().map((load) => load.toFixed(2)).join(", ")}`

const program = Effect.gen(function*() {
  const loadAtStart = Os.loadavg()
  const results: Array<Result> = []
  for (const database of databases) results.push(yield* onDatabase(database))
  const fixed = (value: number, digits = 1) => value.toFixed(digits)
  const lines = [
    `Webhook delivery: ${settings}`,
    "",
    loadLine(loadAtStart),
    "",
    "| database | receiver | deliveries/s | bare undici POSTs/s, same run | ratio | CPU µs/delivery | " +
    "CPU µs/bare POST | p50 commit→receipt (ms) | p99 (ms) | max (ms) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.flatMap((result) =>
      result.throughputs.map((measured, index) =>
        `| ${result.database} | ${measured.receiver} | ${fixed(measured.deliveriesPerSecond, 0)} | ` +
        `${fixed(measured.referencePerSecond, 0)} | ` +
        `${fixed(measured.deliveriesPerSecond / measured.referencePerSecond, 2)} | ` +
        `${fixed(measured.cpuPerDelivery, 0)} | ${fixed(measured.cpuPerReferencePost, 0)} | ` +
        (index === 0
          ? `${fixed(result.latency.p50)} | ${fixed(result.latency.p99)} | ${fixed(result.latency.max)} |`
          : "| | |")
      )
    ),
    "",
    "receiver: inline, in this process (its CPU counted with the dispatcher's); process, in a process of its own.",
    "Latency: measured once per database, with the inline receiver."
  ]
  yield* Effect.sync(() => process.stdout.write(`${lines.join("\n")}\n`))
})

/** One run of a checkout's own bench:webhooks on one database: its rows, as it printed them. */
interface CheckoutRun {
  readonly throughputs: ReadonlyArray<Throughput>
  readonly latency: Latency
}

/** The rows of bench:webhooks' table: `| database | receiver | deliveries/s | bare/s | ratio | CPU | CPU bare | p50 | p99 | max |`. */
const parseRun = (output: string): CheckoutRun => {
  const rows = output.split("\n").map((line) => line.split("|").map((cell) => cell.trim()).slice(1, -1))
    .filter((cells) => cells.length === 10 && (cells[1] === "inline" || cells[1] === "process"))
  const number = (cells: ReadonlyArray<string>, index: number) => Number(cells[index] ?? Number.NaN)
  const first = rows[0]
  if (first === undefined) throw new Error(`no result rows in:\n${output}`)
  return {
    throughputs: rows.map((cells) => ({
      receiver: cells[1] === "inline" ? "inline" : "process",
      deliveriesPerSecond: number(cells, 2),
      referencePerSecond: number(cells, 3),
      cpuPerDelivery: number(cells, 5),
      cpuPerReferencePost: number(cells, 6)
    })),
    latency: { p50: number(first, 7), p99: number(first, 8), max: number(first, 9) }
  }
}

/** `checkout`'s own bench:webhooks on `database` (Postgres: a database of its own on `postgresUrl`'s server). */
const runCheckout = (checkout: Checkout, database: string, postgresUrl: string | undefined) =>
  Effect.callback<CheckoutRun, Error>((resume) => {
    const args = [
      "--conditions=@moneta/source",
      Path.join("src", "Webhooks.ts"),
      ...["--databases", database, "--events", String(throughputEvents), "--latency-events", String(latencyEvents)],
      ...["--rate", String(rate), "--concurrency", String(concurrency), "--batch", String(batchSize)],
      ...["--receivers", receiverLayouts.join(","), "--backlog", String(backlog)]
    ]
    const child = spawn(Path.join(checkout.root, "node_modules", ".bin", "tsx"), args, {
      cwd: Path.join(checkout.root, "bench"),
      env: environmentWith({ MONETA_BENCH_BASELINE: undefined, DATABASE_URL: postgresUrl }),
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    let errors = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")))
    child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString("utf8")).slice(-10_000)))
    child.once("error", (error) => resume(Effect.fail(error)))
    child.once("exit", (code, signal) => {
      resume(
        code === 0
          ? Effect.try({ try: () => parseRun(output), catch: (error) => new Error(String(error)) })
          : Effect.fail(new Error(`${named("bench:webhooks", checkout)} exited (${signal ?? code}):\n${errors}`))
      )
    })
    return Effect.sync(() => child.kill())
  })

const throughputOf = (run: CheckoutRun, receiver: WebhookReceiver.Layout) =>
  run.throughputs.find((each) => each.receiver === receiver)

/** A run's figures as a measurement of Alternation.ts: deliveries per second and CPU µs per delivery. */
const asMeasured = (run: CheckoutRun, receiver: WebhookReceiver.Layout): Measured => {
  const throughput = throughputOf(run, receiver)
  return {
    perSecond: throughput?.deliveriesPerSecond ?? Number.NaN,
    p50: run.latency.p50,
    p99: run.latency.p99,
    succeeded: throughputEvents,
    failed: 0,
    cpuMicros: throughput?.cpuPerDelivery,
    postgresMicros: undefined
  }
}

/** Each checkout's bench:webhooks, database by database, in alternating rounds (the order reversed every other round). */
const besideBaseline = Effect.gen(function*() {
  if (profileDirectory !== undefined) {
    return yield* Effect.fail(new Error("--cpu-profile profiles this process: run it without MONETA_BENCH_BASELINE"))
  }
  const loadAtStart = Os.loadavg()
  const rounds = Number(values.rounds)
  const lines: Array<string> = []
  const ratioLines: Array<string> = []
  for (const database of databases) {
    // Each run makes a database of its own on this one's server.
    const postgres = database === "postgres"
      ? yield* Effect.acquireRelease(
        Effect.promise(() => startPostgres(process.env.DATABASE_URL)),
        (server) => Effect.promise(() => server.stop())
      )
      : undefined
    const runs: Array<Array<CheckoutRun>> = checkouts.map(() => [])
    for (let round = 0; round < rounds; round++) {
      const order = checkouts.map((_, index) => index)
      for (const index of round % 2 === 0 ? order : order.reverse()) {
        const checkout = checkouts[index]
        if (checkout === undefined) continue
        yield* Effect.sync(() =>
          process.stderr.write(`${database}: ${named("Moneta", checkout)}, round ${round + 1} …\n`)
        )
        runs[index]?.push(yield* runCheckout(checkout, database, postgres?.databaseUrl))
      }
    }
    const label = postgres === undefined ? database : `postgres: ${postgres.label}`
    const fixed = (value: number | undefined, digits = 1) => value === undefined ? "n/a" : value.toFixed(digits)
    for (const receiver of receiverLayouts) {
      const measuredRuns = runs.map((each) => each.map((run) => asMeasured(run, receiver)))
      checkouts.forEach((checkout, index) => {
        const each = runs[index] ?? []
        const references = each.map((run): Measured => ({
          ...asMeasured(run, receiver),
          perSecond: throughputOf(run, receiver)?.referencePerSecond ?? Number.NaN
        }))
        const moneta = medianRound(measuredRuns[index] ?? [])
        const againstReference = roundRatios(measuredRuns[index] ?? [], references)
        const cpuReference = median(each.map((run) => throughputOf(run, receiver)?.cpuPerReferencePost ?? Number.NaN))
        lines.push(
          `| ${label} | ${named("Moneta", checkout)} | ${receiver} | ${fixed(moneta.perSecond, 0)} | ` +
            `${fixed(medianRound(references).perSecond, 0)} | ${fixed(againstReference.ratio, 2)} (${
              roundsText(againstReference)
            }) | ${fixed(moneta.cpuMicros, 0)} | ${fixed(cpuReference, 0)} | ` +
            `${fixed(moneta.p50)} | ${fixed(moneta.p99)} | ${fixed(median(each.map((run) => run.latency.max)))} |`
        )
      })
      const [current, baseline] = measuredRuns
      if (current !== undefined && baseline !== undefined) {
        ratioLines.push(
          `${label}, receiver ${receiver}: Moneta ${
            againstBaselineCheckout(current, baseline, "deliveries/s", "CPU µs/delivery")
          }; commit→receipt p50 ${fixed(medianRound(current).p50 / medianRound(baseline).p50, 2)}, p99 ${
            fixed(medianRound(current).p99 / medianRound(baseline).p99, 2)
          }`
        )
      }
    }
  }
  const output = [
    `Webhook delivery, each checkout's own bench:webhooks in a process of its own, ${rounds} alternating rounds: ${settings}`,
    ...checkoutsLine(),
    "",
    loadLine(loadAtStart),
    "",
    "| database | server | receiver | deliveries/s | bare undici POSTs/s, same run | ratio (rounds) | CPU µs/delivery | " +
    "CPU µs/bare POST | p50 commit→receipt (ms) | p99 (ms) | max (ms) |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...lines,
    "",
    ...ratioLines,
    "",
    "Each figure: the median of the rounds (each round a run of that checkout's bench:webhooks on the database).",
    "receiver: inline, in the run's process (its CPU counted with the dispatcher's); process, in a process of its own.",
    "Latency: measured once per run, with the inline receiver (the same in both receivers' rows)."
  ]
  yield* Effect.sync(() => process.stdout.write(`${output.join("\n")}\n`))
}).pipe(Effect.scoped)

const main: Effect.Effect<void, unknown> = checkouts.length === 1 ? program : besideBaseline

Effect.runPromise(main).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
