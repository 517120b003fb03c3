/**
 * The baseline: a bare `node:http` server in a process of its own that drains
 * the request body and answers a small JSON object, driven exactly like the
 * Moneta server.
 */
import { type Child, environmentWith, freePort, start, waitUntilServing } from "./Processes.js"

const serverSource = `
const http = require("node:http")
const port = Number(process.argv[1])
http.createServer((request, response) => {
  request.resume()
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" })
    response.end('{"ok":true}')
  })
}).listen(port, "127.0.0.1")
`

export const startBareServer = async (): Promise<{ readonly child: Child; readonly url: string }> => {
  const port = await freePort()
  const child = start(process.execPath, ["-e", serverSource, String(port)], environmentWith({}))
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, url, {})
  return { child, url }
}
