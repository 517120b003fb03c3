/**
 * `pnpm crash`: the crash experiment of issue 9, repeatable. Two server
 * processes share one Postgres (a throwaway cluster of its own, fsync and
 * synchronous commits on); workers send mixed idempotent load to either of
 * them, retrying each request with the same Idempotency-Key on the other
 * process until it is answered; one process at a time is killed with SIGKILL
 * and started again, and once Postgres itself is stopped with `-m immediate`
 * and restarted. Then the invariants are checked:
 *
 * - one object per idempotency key (no key answered with two objects, no key
 *   stored twice in any table);
 * - per account: the current balance is the sum of its transactions, the
 *   available balance that minus the pending holds, and the money is
 *   conserved: what interest payments brought in minus what posted wires took
 *   out, by the answers the workers received;
 * - bookkeeping balances equal the entries acknowledged;
 * - every wire's status is consistent with its hold and its transaction;
 * - every event was delivered at least once to the local webhook receiver.
 *
 *   pnpm crash [--kills 3] [--interval 4] [--workers 6] [--accounts 4]
 *
 * Bounded: `kills` rounds of `interval` seconds of load, then a bounded wait
 * for deliveries. Loopback only. Exits 1 when an invariant fails.
 */
import { randomBytes, randomUUID } from "node:crypto"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Path from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import { root } from "./MonetaServer.js"
import { startCluster } from "./Postgres.js"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "3" },
    interval: { type: "string", default: "4" },
    workers: { type: "string", default: "6" },
    accounts: { type: "string", default: "4" }
  }
})
const kills = Number(values.kills)
const intervalMs = Number(values.interval) * 1000
const workerCount = Number(values.workers)
const accountCount = Number(values.accounts)

const log = (line: string) => process.stderr.write(`${line}\n`)
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))
const pick = <A>(items: ReadonlyArray<A>): A => {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error("nothing to pick from")
  return item
}

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

// ---------------------------------------------------------------------------
// The webhook receiver: counts deliveries per event id.
// ---------------------------------------------------------------------------

const startReceiver = async () => {
  const deliveries = new Map<string, number>()
  const server = Http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      const id = request.headers["webhook-id"]
      if (typeof id === "string") deliveries.set(id, (deliveries.get(id) ?? 0) + 1)
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  // Safe: a TCP server listening on a host and port has an AddressInfo address.
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    deliveries,
    close: () => {
      server.closeAllConnections()
      server.close()
    }
  }
}

// ---------------------------------------------------------------------------
// Two server processes on one database.
// ---------------------------------------------------------------------------

interface Slot {
  readonly port: number
  child: Child | undefined
}

const apiKey = `moneta_sandbox_crash_${randomBytes(16).toString("hex")}`
const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }

const startServer = async (slot: Slot, databaseUrl: string) => {
  const env = environmentWith({
    PORT: String(slot.port),
    HOST: "127.0.0.1",
    MONETA_ENVIRONMENT: "sandbox",
    MONETA_API_KEY: apiKey,
    DATABASE_URL: databaseUrl,
    // A killed process's claims come back after the lease: keep the experiment short.
    MONETA_WEBHOOK_LEASE: "15 seconds",
    MONETA_WEBHOOK_POLL_INTERVAL: "1 second"
  })
  const child = start(
    Path.join(root, "node_modules", ".bin", "tsx"),
    [Path.join(root, "packages", "server", "src", "main.ts")],
    env,
    root
  )
  slot.child = child
  await waitUntilServing(child, `http://127.0.0.1:${slot.port}/accounts?limit=1`, headers)
}

// ---------------------------------------------------------------------------
// Requests with retries: the same key, on either process, until answered.
// ---------------------------------------------------------------------------

const stats = { requests: 0, retries: 0 }

const send = async (
  slots: ReadonlyArray<Slot>,
  method: string,
  path: string,
  body?: unknown,
  key?: string
): Promise<Answer> => {
  const deadline = Date.now() + 120_000
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const slot = slots[(attempt + Math.floor(Math.random() * 2)) % slots.length]
    if (slot === undefined) throw new Error("no server")
    stats.requests++
    if (attempt > 0) stats.retries++
    try {
      const response = await fetch(`http://127.0.0.1:${slot.port}${path}`, {
        method,
        headers: key === undefined ? headers : { ...headers, "idempotency-key": key },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000)
      })
      const parsed: unknown = await response.json()
      if (response.status < 500) return { status: response.status, body: isRecord(parsed) ? parsed : {} }
    } catch {
      // The process died or the connection broke: try again.
    }
    await sleep(Math.min(1_000, 50 * 2 ** Math.min(attempt, 5)))
  }
  throw new Error(`${method} ${path} unanswered for 120 s`)
}

const expectOk = (answer: Answer, what: string): Record<string, unknown> => {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

const listAll = async (slots: ReadonlyArray<Slot>, path: string): Promise<Array<Record<string, unknown>>> => {
  const items: Array<Record<string, unknown>> = []
  let cursor: string | undefined
  for (;;) {
    const separator = path.includes("?") ? "&" : "?"
    const page = expectOk(
      await send(slots, "GET", `${path}${separator}limit=100${cursor === undefined ? "" : `&cursor=${cursor}`}`),
      path
    )
    const data = Array.isArray(page.data) ? page.data.filter(isRecord) : []
    items.push(...data)
    if (typeof page.next_cursor !== "string") return items
    cursor = page.next_cursor
  }
}

// ---------------------------------------------------------------------------
// The load and what the workers were told.
// ---------------------------------------------------------------------------

interface Ledger {
  /** Idempotency key → the id of the object it was answered with. */
  readonly objects: Map<string, string>
  readonly violations: Array<string>
  readonly interest: Map<string, number>
  readonly wires: Set<string>
  readonly entries: Map<string, number>
  readonly counts: Record<string, number>
}

const remember = (ledger: Ledger, key: string, id: unknown) => {
  if (typeof id !== "string") return
  const earlier = ledger.objects.get(key)
  if (earlier !== undefined && earlier !== id) ledger.violations.push(`key ${key} answered with ${earlier} and ${id}`)
  ledger.objects.set(key, id)
}

const today = new Date().toISOString()

const operation = async (
  slots: ReadonlyArray<Slot>,
  ledger: Ledger,
  setup: {
    readonly accounts: ReadonlyArray<string>
    readonly books: readonly [string, string]
    readonly receiverUrl: string
  }
) => {
  const key = randomUUID()
  const kind = pick(["wire", "wire", "interest", "entry_set", "approve", "cancel", "subscription"] as const)
  const count = (name: string) => {
    ledger.counts[name] = (ledger.counts[name] ?? 0) + 1
  }
  if (kind === "interest") {
    const accountId = pick(setup.accounts)
    const amount = 1 + Math.floor(Math.random() * 1_000)
    const answer = await send(slots, "POST", "/simulations/interest_payments", { account_id: accountId, amount }, key)
    remember(ledger, key, expectOk(answer, "interest payment").id)
    ledger.interest.set(accountId, (ledger.interest.get(accountId) ?? 0) + amount)
    count("interest payments")
  } else if (kind === "wire") {
    const answer = await send(slots, "POST", "/wire_transfers", {
      account_id: pick(setup.accounts),
      amount: 1 + Math.floor(Math.random() * 500),
      creditor: { name: "Crash Creditor" },
      remittance: { category: "unstructured", unstructured: { message: `crash ${key}` } },
      account_number: "987654321",
      routing_number: "021000021",
      require_approval: Math.random() < 0.5
    }, key)
    const wire = expectOk(answer, "wire transfer")
    remember(ledger, key, wire.id)
    if (typeof wire.id === "string") ledger.wires.add(wire.id)
    count("wire transfers")
  } else if (kind === "approve" || kind === "cancel") {
    const pending = [...ledger.wires]
    if (pending.length === 0) return
    const answer = await send(slots, "POST", `/wire_transfers/${pick(pending)}/${kind}`, undefined, key)
    // 409: not pending approval (any more): the state check below judges the wire either way.
    if (answer.status !== 200 && answer.status !== 409) {
      throw new Error(`${kind}: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
    count(`wire ${kind} calls`)
  } else if (kind === "entry_set") {
    const amount = 1 + Math.floor(Math.random() * 1_000)
    const answer = await send(slots, "POST", "/bookkeeping_entry_sets", {
      date: today,
      entries: [{ account_id: setup.books[0], amount }, { account_id: setup.books[1], amount: -amount }]
    }, key)
    remember(ledger, key, expectOk(answer, "entry set").id)
    ledger.entries.set(setup.books[0], (ledger.entries.get(setup.books[0]) ?? 0) + amount)
    ledger.entries.set(setup.books[1], (ledger.entries.get(setup.books[1]) ?? 0) - amount)
    count("entry sets")
  } else {
    const answer = await send(slots, "POST", "/event_subscriptions", {
      url: setup.receiverUrl,
      status: "disabled"
    }, key)
    remember(ledger, key, expectOk(answer, "event subscription").id)
    count("event subscriptions")
  }
}

// ---------------------------------------------------------------------------
// The invariants.
// ---------------------------------------------------------------------------

const amountOf = (item: Record<string, unknown>) => (typeof item.amount === "number" ? item.amount : Number.NaN)
const sum = (items: ReadonlyArray<Record<string, unknown>>) => items.reduce((total, item) => total + amountOf(item), 0)

const checkAccounts = async (slots: ReadonlyArray<Slot>, ledger: Ledger, accounts: ReadonlyArray<string>) => {
  const wires = new Map<string, Record<string, unknown>>()
  for (const id of ledger.wires) wires.set(id, expectOk(await send(slots, "GET", `/wire_transfers/${id}`), "wire"))
  for (const accountId of accounts) {
    const balance = expectOk(await send(slots, "GET", `/accounts/${accountId}/balance`), "balance")
    const transactions = await listAll(slots, `/transactions?account_id=${accountId}`)
    const pending = (await listAll(slots, `/pending_transactions?account_id=${accountId}`)).filter((item) =>
      item.status === "pending"
    )
    const posted = [...wires.values()].filter((wire) =>
      wire.account_id === accountId && typeof wire.transaction_id === "string"
    )
    const expected = (ledger.interest.get(accountId) ?? 0) - sum(posted)
    if (balance.current_balance !== sum(transactions)) {
      ledger.violations.push(
        `${accountId}: current balance ${String(balance.current_balance)} ≠ Σ transactions ${sum(transactions)}`
      )
    }
    if (balance.available_balance !== sum(transactions) + sum(pending)) {
      ledger.violations.push(
        `${accountId}: available balance ${String(balance.available_balance)} ≠ current + holds ${
          sum(transactions) + sum(pending)
        }`
      )
    }
    if (balance.current_balance !== expected) {
      ledger.violations.push(
        `${accountId}: current balance ${
          String(balance.current_balance)
        } ≠ acknowledged interest − posted wires ${expected}`
      )
    }
  }
  const pendingById = new Map<string, Record<string, unknown>>()
  for (const accountId of accounts) {
    for (const item of await listAll(slots, `/pending_transactions?account_id=${accountId}`)) {
      if (typeof item.id === "string") pendingById.set(item.id, item)
    }
  }
  for (const [id, wire] of wires) {
    const hold = typeof wire.pending_transaction_id === "string"
      ? pendingById.get(wire.pending_transaction_id)
      : undefined
    const posted = typeof wire.transaction_id === "string"
    const consistent = wire.status === "pending_approval"
      ? hold?.status === "pending" && !posted
      : wire.status === "canceled"
      ? hold?.status === "complete" && !posted
      : posted && (wire.pending_transaction_id === null || hold?.status === "complete")
    if (!consistent) {
      ledger.violations.push(
        `wire ${id}: status ${String(wire.status)} inconsistent with hold ${String(hold?.status)} and transaction ${
          String(wire.transaction_id)
        }`
      )
    }
  }
}

const checkBooks = async (slots: ReadonlyArray<Slot>, ledger: Ledger, books: ReadonlyArray<string>) => {
  for (const bookId of books) {
    const balance = expectOk(await send(slots, "GET", `/bookkeeping_accounts/${bookId}/balance`), "bookkeeping balance")
    if (balance.balance !== (ledger.entries.get(bookId) ?? 0)) {
      ledger.violations.push(
        `${bookId}: bookkeeping balance ${String(balance.balance)} ≠ acknowledged entries ${
          ledger.entries.get(bookId) ?? 0
        }`
      )
    }
  }
}

/** No idempotency key stored twice in any table that keeps keys. */
const checkStoredKeys = async (databaseUrl: string, ledger: Ledger) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE column_name = 'idempotency_key' AND table_schema = 'public'"
    )
    for (const { table_name } of tables.rows) {
      const duplicates = await client.query(
        `SELECT idempotency_key FROM ${pg.escapeIdentifier(table_name)} WHERE idempotency_key IS NOT NULL
         GROUP BY group_id, environment, idempotency_key HAVING count(*) > 1`
      )
      for (const row of duplicates.rows) {
        ledger.violations.push(`${table_name}: idempotency key stored twice: ${JSON.stringify(row)}`)
      }
    }
  } finally {
    await client.end()
  }
}

/**
 * Every event of the group since the receiving subscription was made reached
 * the receiver at least once, waiting up to `waitMs` for stragglers.
 */
const checkDeliveries = async (
  slots: ReadonlyArray<Slot>,
  ledger: Ledger,
  deliveries: ReadonlyMap<string, number>,
  since: string,
  waitMs: number
) => {
  const events = (await listAll(slots, `/events?created_at.on_or_after=${encodeURIComponent(since)}`))
    .flatMap((event) => (typeof event.id === "string" ? [event.id] : []))
  const deadline = Date.now() + waitMs
  let missing = events.filter((id) => !deliveries.has(id))
  while (missing.length > 0 && Date.now() < deadline) {
    await sleep(500)
    missing = missing.filter((id) => !deliveries.has(id))
  }
  if (missing.length > 0) {
    ledger.violations.push(
      `${missing.length} of ${events.length} events never delivered, e.g. ${missing.slice(0, 3).join(", ")}`
    )
  }
  return events.length
}

// ---------------------------------------------------------------------------

const main = async () => {
  const started = Date.now()
  const cluster = await startCluster({ durable: true })
  const receiver = await startReceiver()
  const slots: Array<Slot> = [{ port: await freePort(), child: undefined }, {
    port: await freePort(),
    child: undefined
  }]
  const stopAll = async () => {
    await Promise.allSettled(slots.map((slot) => slot.child?.stop()))
    receiver.close()
    await cluster.stop()
  }
  try {
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query("CREATE DATABASE moneta_crash")
    await admin.end()
    const databaseUrl = cluster.url.replace(/\/postgres$/, "/moneta_crash")
    log(`Postgres: ${cluster.label}`)
    for (const slot of slots) await startServer(slot, databaseUrl)
    log(`servers on ports ${slots.map((slot) => slot.port).join(" and ")}`)

    const ledger: Ledger = {
      objects: new Map(),
      violations: [],
      interest: new Map(),
      wires: new Set(),
      entries: new Map(),
      counts: {}
    }
    const subscription = expectOk(
      await send(slots, "POST", "/event_subscriptions", { url: receiver.url }, randomUUID()),
      "subscription"
    )
    if (typeof subscription.created_at !== "string") throw new Error("subscription without created_at")
    const accounts: Array<string> = []
    for (let index = 0; index < accountCount; index++) {
      const account = expectOk(
        await send(slots, "POST", "/accounts", { name: `Crash account ${index + 1}` }, randomUUID()),
        "account"
      )
      if (typeof account.id !== "string") throw new Error("account without id")
      const funding = 100_000_000
      expectOk(
        await send(
          slots,
          "POST",
          "/simulations/interest_payments",
          { account_id: account.id, amount: funding },
          randomUUID()
        ),
        "funding"
      )
      ledger.interest.set(account.id, funding)
      accounts.push(account.id)
    }
    const books: Array<string> = []
    for (const name of ["Crash assets", "Crash liabilities"]) {
      const book = expectOk(
        await send(slots, "POST", "/bookkeeping_accounts", { name }, randomUUID()),
        "bookkeeping account"
      )
      if (typeof book.id !== "string") throw new Error("bookkeeping account without id")
      books.push(book.id)
    }
    const [assets, liabilities] = books
    if (assets === undefined || liabilities === undefined) throw new Error("no bookkeeping accounts")
    const setup = { accounts, books: [assets, liabilities] as const, receiverUrl: receiver.url }

    let running = true
    const workers = Array.from({ length: workerCount }, async () => {
      while (running) await operation(slots, ledger, setup)
    })

    const crashPostgresAt = Math.ceil(kills / 2)
    let postgresCrashes = 0
    for (let round = 1; round <= kills; round++) {
      await sleep(intervalMs)
      const slot = slots[round % 2]
      if (slot?.child === undefined) continue
      slot.child.process.kill("SIGKILL")
      await slot.child.stop()
      log(`kill ${round}: SIGKILL to the server on port ${slot.port}`)
      if (round === crashPostgresAt) {
        cluster.halt("immediate")
        log("Postgres stopped with -m immediate")
        await sleep(1_000)
        cluster.start()
        postgresCrashes++
        log("Postgres started again (crash recovery)")
      }
      await startServer(slot, databaseUrl)
    }
    await sleep(intervalMs)
    running = false
    await Promise.all(workers)
    log("load stopped; checking")

    await checkAccounts(slots, ledger, accounts)
    await checkBooks(slots, ledger, books)
    await checkStoredKeys(databaseUrl, ledger)
    const events = await checkDeliveries(slots, ledger, receiver.deliveries, subscription.created_at, 60_000)
    const received = [...receiver.deliveries.values()].reduce((total, count) => total + count, 0)

    const figures = [
      `duration: ${
        ((Date.now() - started) / 1000).toFixed(0)
      } s; ${kills} SIGKILLs, ${postgresCrashes} Postgres crash (-m immediate)`,
      `requests: ${stats.requests} sent, ${stats.retries} of them retries; ${ledger.objects.size} idempotency keys answered with an object`,
      `operations: ${Object.entries(ledger.counts).map(([name, count]) => `${count} ${name}`).join(", ")}`,
      `events: ${events}; deliveries received: ${received} (${receiver.deliveries.size} distinct, ${
        received - receiver.deliveries.size
      } duplicates)`,
      `violations: ${ledger.violations.length}`
    ]
    for (const line of figures) log(line)
    for (const violation of ledger.violations.slice(0, 20)) log(`  ✗ ${violation}`)
    process.exitCode = ledger.violations.length === 0 ? 0 : 1
  } finally {
    await stopAll()
  }
}

// Exits explicitly: fetch's keep-alive connections must not hold the process once everything is stopped.
main().then(
  () => process.exit(),
  (error: unknown) => {
    log(error instanceof Error ? error.stack ?? error.message : String(error))
    process.exit(1)
  }
)
