/**
 * The reference documents built with the bundle (`PrebuiltReference`): a
 * folder of the current key is served byte for byte as the documents built
 * in the process; a folder of another key (a bundle since rebuilt from other
 * sources), or none, is ignored and the documents are built.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type * as Compression from "../src/Compression.js"
import * as DocsRoute from "../src/DocsRoute.js"
import * as PrebuiltReference from "../src/PrebuiltReference.js"
import * as ReferenceDocuments from "../src/ReferenceDocuments.js"

const scratchFolder = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "moneta-prebuilt-"))),
  (folder) => Effect.promise(() => rm(folder, { recursive: true, force: true }))
)

const sameBytes = (actual: Uint8Array, expected: Uint8Array) =>
  expect(Buffer.from(actual).equals(Buffer.from(expected))).toBe(true)

const expectSame = (actual: Compression.Prepared, expected: Compression.Prepared) =>
  Effect.gen(function*() {
    expect(actual.contentType).toBe(expected.contentType)
    sameBytes(yield* actual.identity, yield* expected.identity)
    sameBytes(actual.br, expected.br)
    sameBytes(actual.gzip, expected.gzip)
  })

/** The body `/docs` answers with, for `acceptEncoding`, over the documents `prebuilt` gives. */
const servedPage = (prebuilt: Effect.Effect<Option.Option<ReferenceDocuments.Documents>>, acceptEncoding: string) =>
  Effect.gen(function*() {
    const app = yield* HttpRouter.toHttpEffect(
      DocsRoute.layer.pipe(Layer.provide(ReferenceDocuments.layerWith(prebuilt)))
    )
    const request = new Request("http://x/docs", { headers: { "accept-encoding": acceptEncoding } })
    const response = yield* app.pipe(
      Effect.provideService(HttpServerRequest.HttpServerRequest, HttpServerRequest.fromWeb(request))
    )
    return response.body._tag === "Uint8Array" ? response.body.body : new Uint8Array()
  }).pipe(Effect.scoped)

describe("the reference documents built ahead", () => {
  it.live("are served byte for byte as built when of the current key; of another key or absent, ignored", () =>
    Effect.gen(function*() {
      const built = yield* ReferenceDocuments.built
      const folder = join(yield* scratchFolder, PrebuiltReference.folderName)

      yield* Effect.promise(() => PrebuiltReference.write(folder, "current", built))
      const current = yield* PrebuiltReference.load(folder, "current")
      expect(Option.isSome(current)).toBe(true)
      if (Option.isSome(current)) {
        yield* expectSame(current.value.page, built.page)
        yield* expectSame(current.value.openApi, built.openApi)
      }
      // Served from the folder: a folder of the key with other bytes would show it.
      sameBytes(yield* servedPage(PrebuiltReference.load(folder, "current"), "br"), built.page.br)
      sameBytes(yield* servedPage(PrebuiltReference.load(folder, "current"), "identity"), yield* built.page.identity)

      // Another key: what a server of other sources must not serve.
      expect(Option.isNone(yield* PrebuiltReference.load(folder, "rebuilt since"))).toBe(true)
      const stale = { openApi: built.openApi, page: { ...built.page, br: new Uint8Array([1, 2, 3]) } }
      yield* Effect.promise(() => PrebuiltReference.write(folder, "stale", stale))
      sameBytes(yield* servedPage(PrebuiltReference.load(folder, "current"), "br"), built.page.br)

      yield* Effect.promise(() => rm(folder, { recursive: true }))
      expect(Option.isNone(yield* PrebuiltReference.load(folder, "current"))).toBe(true)
    }).pipe(Effect.scoped))

  it.live("are decompressed only for a request that takes neither encoding", () =>
    Effect.gen(function*() {
      const built = yield* ReferenceDocuments.built
      const folder = join(yield* scratchFolder, PrebuiltReference.folderName)
      // A gzip form that is not gzip: loading must not read it, only a plain request does.
      const notGzip = new TextEncoder().encode("not gzip")
      const broken = { openApi: built.openApi, page: { ...built.page, gzip: notGzip } }
      yield* Effect.promise(() => PrebuiltReference.write(folder, "current", broken))

      const loaded = yield* PrebuiltReference.load(folder, "current")
      expect(Option.isSome(loaded)).toBe(true)
      sameBytes(yield* servedPage(PrebuiltReference.load(folder, "current"), "br"), built.page.br)
      if (Option.isSome(loaded)) {
        expect(Exit.isFailure(yield* Effect.exit(loaded.value.page.identity))).toBe(true)
        sameBytes(yield* loaded.value.openApi.identity, yield* built.openApi.identity)
      }
    }).pipe(Effect.scoped))
})
