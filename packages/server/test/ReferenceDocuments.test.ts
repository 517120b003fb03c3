/**
 * The reference page and `/openapi.json` are built and compressed off the
 * request path (issue 33): the server prepares them by itself once it serves,
 * before any request asks for them, and requests are answered with those very
 * bytes, in the form each accepts. A request is never what compresses them.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateKey } from "@moneta/bank/Authentication"
import { ConfigProvider, Context, Effect, Layer } from "effect"
import { request } from "node:http"
import { ReferenceDocuments } from "../src/ReferenceDocuments.js"
import * as Server from "../src/Server.js"
import { freePort } from "../src/testing.js"

/** The body as sent (not decoded) and its encoding. */
const getRaw = (url: string, acceptEncoding: string) =>
  Effect.callback<{ readonly encoding: string | undefined; readonly body: Buffer }, Error>((resume) => {
    request(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on(
        "end",
        () => resume(Effect.succeed({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }))
      )
    }).on("error", (error) => resume(Effect.fail(error))).end()
  })

describe("the reference documents", () => {
  it.live("are prepared by the server once it serves, before any request; requests get the bytes prepared", () =>
    Effect.gen(function*() {
      const port = yield* freePort
      const settings = ConfigProvider.fromEnv({
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          MONETA_DATA_DIR: "memory://",
          MONETA_API_KEY: generateKey("sandbox")
        }
      })
      const server = yield* Layer.build(Server.layer.pipe(Layer.provide(ConfigProvider.layer(settings))))
      // Completes only once this server has begun preparing them: no request has asked for either.
      const prepared = yield* Context.get(server, ReferenceDocuments).prepared
      const baseUrl = `http://127.0.0.1:${port}`
      for (
        const [path, document] of [["/docs", prepared.page], ["/openapi.json", prepared.openApi]] as const
      ) {
        const br = yield* getRaw(`${baseUrl}${path}`, "br, gzip")
        expect(br.encoding).toBe("br")
        expect(br.body.equals(document.br)).toBe(true)
        const gzipped = yield* getRaw(`${baseUrl}${path}`, "gzip")
        expect(gzipped.encoding).toBe("gzip")
        expect(gzipped.body.equals(document.gzip)).toBe(true)
        const plain = yield* getRaw(`${baseUrl}${path}`, "identity")
        expect(plain.encoding).toBeUndefined()
        expect(plain.body.equals(yield* document.identity)).toBe(true)
      }
      expect(new TextDecoder().decode(yield* prepared.page.identity)).toContain("createApiReference")
    }).pipe(Effect.scoped))
})
