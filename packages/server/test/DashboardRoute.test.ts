/**
 * `/dashboard` without a browser: every path under it answers the same page,
 * which names the files by a hash of their content, with a policy allowing
 * this server only; the files are cached for good; a server without the
 * dashboard's files says so (503). (The page itself, in Chromium:
 * Dashboard.browser.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import * as DashboardAssets from "../src/DashboardAssets.js"
import type * as DashboardBuild from "../src/DashboardBuild.js"
import * as DashboardRoute from "../src/DashboardRoute.js"

const files: ReadonlyArray<DashboardBuild.BuiltFile> = [
  { stem: "app", contentType: "text/javascript; charset=utf-8", contents: new TextEncoder().encode("console.log(1)") },
  { stem: "style", contentType: "text/css; charset=utf-8", contents: new TextEncoder().encode("body{margin:0}") }
]

const get = (
  source: Effect.Effect<Option.Option<ReadonlyArray<DashboardBuild.BuiltFile>>>,
  path: string,
  headers: Record<string, string> = {}
) =>
  Effect.gen(function*() {
    const app = yield* HttpRouter.toHttpEffect(
      DashboardRoute.layer.pipe(Layer.provide(DashboardAssets.layerWith(source)))
    )
    const response = yield* app.pipe(
      Effect.provideService(
        HttpServerRequest.HttpServerRequest,
        HttpServerRequest.fromWeb(new Request(`http://x${path}`, { headers }))
      )
    )
    const body = response.body._tag === "Uint8Array" ? new TextDecoder().decode(response.body.body) : ""
    return { status: response.status, headers: response.headers, body }
  }).pipe(Effect.scoped)

describe("/dashboard", () => {
  it.effect("answers the same page for every path under it, with a policy allowing this server only", () =>
    Effect.gen(function*() {
      const source = Effect.succeed(Option.some(files))
      const pages = yield* Effect.forEach(
        ["/dashboard", "/dashboard/", "/dashboard/wire_transfers/wire_transfer_1"],
        (path) => get(source, path)
      )
      for (const page of pages) {
        expect(page.status).toBe(200)
        expect(page.body).toBe(pages[0]?.body)
        expect(page.headers["content-security-policy"]).toContain("default-src 'none'")
        expect(page.headers["content-security-policy"]).toContain("connect-src 'self'")
        expect(page.headers["cache-control"]).toBe("no-cache")
      }
      expect(pages[0]?.body).toMatch(/src="\/dashboard\/assets\/app-[0-9a-f]{16}\.js"/)
    }))

  it.effect("serves the files under their hashed names, compressed and cached for good; another name is 404", () =>
    Effect.gen(function*() {
      const source = Effect.succeed(Option.some(files))
      const page = yield* get(source, "/dashboard")
      const script = /\/dashboard\/assets\/app-[0-9a-f]{16}\.js/.exec(page.body)?.[0] ?? ""
      const plain = yield* get(source, script)
      expect(plain.body).toBe("console.log(1)")
      expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8")
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      const compressed = yield* get(source, script, { "accept-encoding": "gzip, br" })
      expect(compressed.headers["content-encoding"]).toBe("br")
      expect((yield* get(source, "/dashboard/assets/app-0000000000000000.js")).status).toBe(404)
    }))

  it.effect("says so (503) on a server without the dashboard's files", () =>
    Effect.gen(function*() {
      const answer = yield* get(Effect.succeedNone, "/dashboard")
      expect(answer.status).toBe(503)
      expect(answer.body).toContain("not built")
    }))
})
