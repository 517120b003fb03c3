#!/usr/bin/env node
// Loads the reference page of a running Moneta server in headless Chromium
// with every request to another host sent to a local proxy that refuses it
// and writes it down, then reports those requests (exit code 1 if any).
// Not part of CI: it needs Chromium (`apt-get install chromium`).
//
//   node scripts/docs-offline-check.mjs [http://127.0.0.1:4010/docs] [--chromium /usr/bin/chromium]
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import { parseArgs } from "node:util"

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { chromium: { type: "string", default: "chromium" }, seconds: { type: "string", default: "20" } }
})
const page = positionals[0] ?? "http://127.0.0.1:4010/docs"

const refused = []
// Chromium's own background requests (time, accounts, updates), not the page's.
const browserOwn = /^(?:CONNECT |GET http:\/\/)(?:[a-z0-9-]+\.)*(?:google\.com|googleapis\.com|gvt1\.com|gstatic\.com)[:/]/
const proxy = createServer((request, response) => {
  refused.push(`${request.method} ${request.url}`)
  response.writeHead(403).end()
})
proxy.on("connect", (request, socket) => {
  refused.push(`CONNECT ${request.url}`)
  socket.end("HTTP/1.1 403 Forbidden\r\n\r\n")
})
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve))
const { port } = proxy.address()

// Loopback requests bypass the proxy (Chromium's default): the page itself loads directly.
const chromium = spawn(values.chromium, [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-client-side-phishing-detection",
  "--disable-domain-reliability",
  "--no-pings",
  `--proxy-server=http://127.0.0.1:${port}`,
  `--virtual-time-budget=${Number(values.seconds) * 1000}`,
  "--dump-dom",
  page
], { stdio: ["ignore", "pipe", "pipe"] })
let dom = ""
chromium.stdout.on("data", (chunk) => { dom += chunk })
const code = await new Promise((resolve) => chromium.once("exit", resolve))
proxy.close()
const ignored = refused.filter((line) => browserOwn.test(line))
const outside = refused.filter((line) => !browserOwn.test(line))

if (code !== 0 || dom.length === 0) {
  process.stderr.write(`chromium exited with ${code} and rendered nothing: is the server running at ${page}?\n`)
  process.exit(2)
}
// The reference renders its operations into the page once its script ran.
const rendered = dom.includes("Accounts")
process.stdout.write(`${page}: rendered ${rendered ? "the reference" : "no reference"} (${dom.length} characters of DOM)\n`)
process.stdout.write(`${ignored.length} background request(s) of Chromium itself to Google hosts ignored\n`)
if (outside.length === 0) {
  process.stdout.write("no request of the page left the server's host\n")
} else {
  process.stdout.write(`${outside.length} request(s) of the page to other hosts, refused:\n${outside.map((line) => `  ${line}`).join("\n")}\n`)
}
process.exit(outside.length === 0 && rendered ? 0 : 1)
