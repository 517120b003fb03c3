/**
 * The hand-written reference for wire creates: `node:http` + `pg` (a pool of
 * 16) in a process of its own, doing per POST one ledger transaction (lock the
 * two accounts in id order, update both, insert a posting for each) and
 * answering the debit posting as JSON. Driven by the same load as Moneta.
 */
import * as Path from "node:path"
import { ledgerTables } from "./LedgerTables.js"
import { root } from "./MonetaServer.js"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

const serverSource = `
const http = require("node:http")
const pg = require("pg")
const [port, databaseUrl] = process.argv.slice(1)
const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 })
const accounts = new Map()
const accountOf = (id) => {
  if (!accounts.has(id)) accounts.set(id, accounts.size % 8 + 1)
  return accounts.get(id)
}
const transfer = async (debit, credit, amount) => {
  const client = await pool.connect()
  try {
    await client.query("BEGIN")
    await client.query("SELECT id FROM ledger_accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE", [debit, credit])
    await client.query("UPDATE ledger_accounts SET balance = balance - $2 WHERE id = $1", [debit, amount])
    await client.query("UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1", [credit, amount])
    const posting = await client.query("INSERT INTO ledger_postings (account_id, amount) VALUES ($1, $2) RETURNING id, account_id, amount, created_at", [debit, -amount])
    await client.query("INSERT INTO ledger_postings (account_id, amount) VALUES ($1, $2)", [credit, amount])
    await client.query("COMMIT")
    return posting.rows[0]
  } catch (error) {
    await client.query("ROLLBACK")
    throw error
  } finally {
    client.release()
  }
}
const main = async () => {
  for (const statement of ${JSON.stringify(ledgerTables)}) await pool.query(statement)
  http.createServer((request, response) => {
    const chunks = []
    request.on("data", (chunk) => chunks.push(chunk))
    request.on("end", () => {
      if (request.method !== "POST") {
        response.writeHead(200, { "content-type": "application/json" })
        response.end("{}")
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"))
      const debit = accountOf(body.account_id)
      transfer(debit, debit + 1, body.amount).then((posting) => {
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ id: String(posting.id), account_id: String(posting.account_id), amount: Number(posting.amount), created_at: posting.created_at.toISOString() }))
      }, (error) => {
        response.writeHead(500, { "content-type": "application/json" })
        response.end(JSON.stringify({ detail: String(error) }))
      })
    })
  }).listen(Number(port), "127.0.0.1")
}
main().catch((error) => { console.error(error); process.exit(1) })
`

export const startLedgerServer = async (
  databaseUrl: string
): Promise<{ readonly child: Child; readonly url: string }> => {
  const port = await freePort()
  // Run from the bench package, where \`pg\` resolves.
  const child = start(
    process.execPath,
    ["-e", serverSource, String(port), databaseUrl],
    environmentWith({}),
    Path.join(root, "bench")
  )
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, url, {})
  return { child, url }
}
