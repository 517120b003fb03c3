/**
 * The reference for reads: a hand-written `node:http` + `pg` server in a
 * process of its own doing the SQL work Moneta does for `GET /accounts/{id}`
 * and `GET /accounts?limit=n`: the API key resolved by its SHA-256 hash
 * (cached for 5 s per process, as Moneta does), the indexed read by tenant,
 * the stored JSON written out. No validation, no framework.
 */
import * as Path from "node:path"
import { root } from "./MonetaServer.js"
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

const serverSource = `
const http = require("node:http")
const crypto = require("node:crypto")
const pg = require("pg")
const [port, databaseUrl] = process.argv.slice(1)
const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 })
const keys = new Map()
const tenantOf = async (authorization) => {
  if (authorization === undefined || !/^bearer\\s+/i.test(authorization)) return undefined
  const hash = crypto.createHash("sha256").update(authorization.replace(/^bearer\\s+/i, "").trim(), "utf8").digest("hex")
  const cached = keys.get(hash)
  if (cached !== undefined && cached.until > Date.now()) return cached.tenant
  const { rows } = await pool.query("SELECT group_id, environment FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL", [hash])
  if (rows.length === 0) return undefined
  const tenant = { groupId: rows[0].group_id, environment: rows[0].environment }
  keys.set(hash, { tenant, until: Date.now() + 5000 })
  return tenant
}
const answer = (response, status, body) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(body)
}
const handle = async (request, response) => {
  const tenant = await tenantOf(request.headers.authorization)
  if (tenant === undefined) return answer(response, 401, '{"status":401}')
  const url = new URL(request.url, "http://localhost")
  const one = /^\\/accounts\\/([^/]+)$/.exec(url.pathname)
  if (one !== null) {
    const { rows } = await pool.query(
      "SELECT id, created_at, body FROM accounts WHERE id = $1 AND group_id = $2 AND environment = $3",
      [one[1], tenant.groupId, tenant.environment]
    )
    return rows.length === 0 ? answer(response, 404, '{"status":404}') : answer(response, 200, JSON.stringify(rows[0].body))
  }
  if (url.pathname === "/accounts") {
    const limit = Number(url.searchParams.get("limit") ?? "100")
    const { rows } = await pool.query(
      "SELECT id, created_at, body FROM accounts WHERE group_id = $1 AND environment = $2 ORDER BY created_at DESC, id DESC LIMIT $3",
      [tenant.groupId, tenant.environment, limit + 1]
    )
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    const nextCursor = rows.length > limit && last !== undefined
      ? Buffer.from(JSON.stringify([last.created_at.toISOString(), last.id])).toString("base64url")
      : null
    return answer(response, 200, JSON.stringify({ data: page.map((row) => row.body), next_cursor: nextCursor }))
  }
  answer(response, 404, '{"status":404}')
}
http.createServer((request, response) => {
  request.resume()
  handle(request, response).catch((error) => answer(response, 500, JSON.stringify({ error: String(error) })))
}).listen(Number(port), "127.0.0.1")
`

export const startHandWrittenReads = async (
  databaseUrl: string,
  headers: Record<string, string>
): Promise<{ readonly child: Child; readonly url: string }> => {
  const port = await freePort()
  // Run from the bench package so that \`require("pg")\` finds its dependency.
  const child = start(
    process.execPath,
    ["-e", serverSource, String(port), databaseUrl],
    environmentWith({}),
    Path.join(root, "bench")
  )
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, `${url}/accounts?limit=1`, headers)
  return { child, url }
}
