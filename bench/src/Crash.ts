/**
 * `pnpm crash`: money safety under crashes (issue 28). A throwaway Postgres
 * cluster of its own (fsync and synchronous commits on), two Moneta server
 * processes on it run from the sources (no build needed), a local receiver
 * that verifies webhooks and answers card authorization decisions, and
 * `--workers` clients sending idempotent operations (wires and their
 * approvals and cancellations, interest payments, entry sets, card
 * authorizations, mail deposits), each retried with its key until answered.
 * Meanwhile one server at a time is killed with SIGKILL (its port must then
 * refuse connections) and started again, Postgres crashes
 * (`pg_ctl -m immediate`) and has one outage. Then, once the run settled,
 * the invariants are checked (crash/Findings.ts lists them) and a summary
 * printed; the exit code is 1 on any violation.
 *
 *   pnpm crash --short                       about a minute: 3 kills, 1 Postgres crash (CI)
 *   pnpm crash --duration 900 --kills 29 --postgres-crashes 3 --outage 20
 *
 * Modules: crash/Options (the command line), Client (requests and retries),
 * Servers (start, kill, stop), Receiver (webhooks, decisions), Load (setup,
 * operations, the ledger), Chaos (the faults), Sampler (keys in progress),
 * KeyChecks, MoneyChecks, DeliveryChecks, Report.
 */
import { randomBytes } from "node:crypto"
import * as Fs from "node:fs"
import * as Path from "node:path"
import pg from "pg"
import { crashPostgres, type FaultCounts, killServers, plan } from "./crash/Chaos.js"
import { type Client, judgeFaults, makeClient } from "./crash/Client.js"
import { openDatabase } from "./crash/Database.js"
import { checkDeliveries, deliveriesSettled, type DeliveryCounts } from "./crash/DeliveryChecks.js"
import { HarnessFailure, makeFindings } from "./crash/Findings.js"
import {
  checkAnswered,
  checkCardAuthorizations,
  checkInProgress,
  checkObjects,
  type KeyCheckInput
} from "./crash/KeyChecks.js"
import { emptyLedger, operate, replayed, type Setup, setUp } from "./crash/Load.js"
import { checkMoney } from "./crash/MoneyChecks.js"
import { parseOptions } from "./crash/Options.js"
import { seeded } from "./crash/Random.js"
import { type Receiver, startReceiver } from "./crash/Receiver.js"
import { report } from "./crash/Report.js"
import { sampleInProgress, type Sampler, startSampler } from "./crash/Sampler.js"
import { makeServers, type Servers } from "./crash/Servers.js"
import { makeTimeline } from "./crash/Timeline.js"
import { type Cluster, startCluster } from "./Postgres.js"
import { freePort } from "./Processes.js"

const options = parseOptions(process.argv.slice(2))
const random = seeded(options.seed)
const timeline = makeTimeline(options.verbose)
const findings = makeFindings()
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

const createDatabase = async (cluster: Cluster) => {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query("CREATE DATABASE moneta_crash")
  await admin.end()
  return cluster.url.replace(/\/postgres$/, "/moneta_crash")
}

/** Sends again, a few at a time, every acknowledged card authorization and every key that met a fault. */
const replayAtTheEnd = async (client: Client) => {
  const keys = [...client.keys.values()].filter((record) =>
    record.final !== undefined && record.final.status < 300 &&
    (record.kind === "card authorization" || [...record.met.keys()].some((met) => met !== String(record.final?.status)))
  ).map((record) => record.key)
  const queue = [...keys]
  await Promise.all(Array.from({ length: options.workers }, async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await replayed(client, findings, key)
  }))
  return keys.length
}

/** Waits, up to `--settle`, for no key in progress and every delivery finished and received. */
const settle = async (databaseUrl: string, groupId: string, setup: Setup, receiver: Receiver) => {
  const db = await openDatabase(databaseUrl)
  try {
    const deadline = Date.now() + options.settleSeconds * 1000
    for (;;) {
      const inProgress = (await sampleInProgress(databaseUrl)).length
      const delivered = await deliveriesSettled(db, groupId, setup, receiver)
      if ((inProgress === 0 && delivered) || Date.now() >= deadline) {
        timeline.note(
          `settled: ${inProgress} keys in progress, deliveries ${delivered ? "all received" : "not all received"}`
        )
        return
      }
      await sleep(1_000)
    }
  } finally {
    await db.close()
  }
}

const main = async (): Promise<number> => {
  const cluster = await startCluster({ durable: true })
  let servers: Servers | undefined
  let receiver: Receiver | undefined
  let sampler: Sampler | undefined
  let client: Client | undefined
  let deliveries: DeliveryCounts | undefined
  let failure: string | undefined
  let loadSeconds = 0
  const faults: FaultCounts = { postgresCrashes: 0, outages: 0, outageSeconds: 0 }
  const ledger = emptyLedger()
  const interrupted = () => {
    void (servers?.killAll() ?? Promise.resolve()).then(() => cluster.stop()).finally(() => process.exit(130))
  }
  process.once("SIGINT", interrupted)
  process.once("SIGTERM", interrupted)
  try {
    const databaseUrl = await createDatabase(cluster)
    timeline.note(`Postgres: ${cluster.label}`)
    const ports = [await freePort(), await freePort()]
    const apiKey = `moneta_sandbox_crash_${randomBytes(16).toString("hex")}`
    client = makeClient({ ports, apiKey, boundMs: options.requestBoundSeconds * 1000, random, findings, timeline })
    receiver = await startReceiver({ client, random, findings, timeline })
    servers = makeServers({
      ports,
      databaseUrl,
      apiKey,
      env: options.monetaEnv,
      ...(options.checkout === undefined
        ? {}
        : { checkout: { root: Path.resolve(options.checkout), label: "--checkout" } }),
      findings,
      timeline
    })
    await Promise.all(servers.slots.map((slot) => servers?.start(slot)))
    sampler = startSampler(databaseUrl)
    const setup = await setUp(client, receiver, ledger, options.accounts)
    timeline.note("set up: subscriptions, accounts, cards, lockbox recipients, bookkeeping accounts")

    // The load, and the faults beside it.
    const loadStarted = Date.now()
    let running = true
    let stopLoad = () => {}
    const loadOver = new Promise<void>((resolve) => (stopLoad = resolve))
    const timer = setTimeout(() => stopLoad(), options.durationSeconds * 1000)
    const workers = Array.from({ length: options.workers }, async () => {
      try {
        while (running && client !== undefined) await operate(client, ledger, setup, random, findings)
      } catch (error) {
        // A harness error (an answer without the fields it needs): stop the run, still cleaning up.
        failure ??= `a client failed: ${error instanceof Error ? error.stack : String(error)}`
        client?.abort()
        stopLoad()
      }
    })
    const planned = plan(options, random)
    const runningServers = servers
    const chaos = Promise.all([
      killServers(planned.kills, loadStarted, runningServers, client, random, timeline),
      crashPostgres(
        planned.postgres,
        loadStarted,
        options.outageSeconds * 1000,
        cluster,
        faults,
        client,
        random,
        timeline
      )
    ]).then(
      () => undefined,
      (error: unknown) => {
        failure = error instanceof Error ? error.message : String(error)
        client?.abort()
        stopLoad()
      }
    )
    await loadOver
    clearTimeout(timer)
    running = false
    await chaos
    timeline.note("load stopping: the workers finish their requests")
    await Promise.all(workers)
    await receiver.settled()
    timeline.note("load stopped")
    loadSeconds = (Date.now() - loadStarted) / 1000
    if (failure !== undefined) throw new HarnessFailure(failure)

    // Settle, then judge.
    const groupRow = (await openDatabase(databaseUrl).then(async (db) => {
      try {
        return await db.query<{ group_id: string }>("SELECT group_id FROM accounts WHERE id = $1", [setup.accounts[0]])
      } finally {
        await db.close()
      }
    }))[0]
    if (groupRow === undefined) throw new HarnessFailure("the run's accounts are not in the database")
    const groupId = groupRow.group_id
    const replays = await replayAtTheEnd(client)
    timeline.note(`replayed ${replays} keys (card authorizations, and keys that met a fault)`)
    await settle(databaseUrl, groupId, setup, receiver)
    await sampler.stop()
    const db = await openDatabase(databaseUrl)
    try {
      const input: KeyCheckInput = {
        db,
        groupId,
        setup,
        client,
        ledger,
        receiver,
        findings,
        requestBoundSeconds: options.requestBoundSeconds,
        runStarted: timeline.started
      }
      checkAnswered(input)
      await checkInProgress(input)
      await checkObjects(input)
      await checkCardAuthorizations(input)
      await checkMoney({ db, groupId, client, ledger, setup, findings })
      deliveries = await checkDeliveries(db, groupId, setup, receiver, findings)
    } finally {
      await db.close()
    }
    await servers.stopAll()
  } catch (error) {
    failure ??= error instanceof HarnessFailure || !(error instanceof Error) ? String(error) : error.stack
    client?.abort()
    await servers?.killAll()
  } finally {
    await sampler?.stop()
    receiver?.close()
    if (failure !== undefined && Fs.existsSync(cluster.logFile)) {
      const log = Fs.readFileSync(cluster.logFile, "utf8").trim().split("\n").slice(-15)
      timeline.note(`Postgres log (last lines):\n    ${log.join("\n    ")}`)
    }
    await cluster.stop()
  }
  if (client === undefined || servers === undefined || receiver === undefined || sampler === undefined) {
    process.stderr.write(`the crash run could not start: ${failure ?? "unknown"}\n${timeline.lines().join("\n")}\n`)
    return 1
  }
  judgeFaults(client, findings)
  // A 500 says nothing to the client: its cause is in the server's log.
  for (const entry of servers.unexpectedFailures()) {
    timeline.note(`a server logged:\n    ${entry.split("\n").slice(0, 40).join("\n    ")}`)
  }
  process.stdout.write(report({
    options,
    postgres: cluster.label,
    loadSeconds,
    client,
    ledger,
    receiver,
    servers,
    faults,
    sampler,
    deliveries,
    findings,
    timeline,
    failure
  }))
  return findings.total() === 0 && failure === undefined ? 0 : 1
}

// Exits explicitly: fetch's keep-alive connections must not hold the process once everything is stopped.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exit(1)
  }
)
