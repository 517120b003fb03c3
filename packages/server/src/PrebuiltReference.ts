/**
 * The reference documents built ahead, beside a bundle of the server: deriving
 * the OpenAPI document and building the page hold the main thread for some
 * 0.8 s (more on a busy machine), so the bundle's build (scripts/bundle.mjs,
 * for `pnpm start` and the installed command) builds and compresses them once
 * and writes them to a folder beside the bundle (`write`), and the bundled
 * server reads them from there (`load`) instead of building them.
 *
 * The folder names the key of the sources it was built from (a hash the build
 * takes of the workspace's sources and lockfile, written into the bundle as
 * well): a folder of another key, or one that cannot be read, is ignored, and
 * the server builds its documents as without one. Only the compressed forms
 * are kept; the plain one is the gzip form decompressed, off the event loop,
 * when a first request asks for it (`Compression.Prepared`).
 */
import { Effect, Option, Schema } from "effect"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { gunzip } from "node:zlib"
import type * as Compression from "./Compression.js"

/** The two documents served beside the API, each with its compressed forms (`ReferenceDocuments`). */
export interface Documents {
  readonly openApi: Compression.Prepared
  readonly page: Compression.Prepared
}

/** The folder's name beside the bundle. */
export const folderName = "reference-documents"

const manifestFile = "manifest.json"

/** Written into the bundle by scripts/bundle.mjs (esbuild's `define`); absent from dist/ and the sources. */
declare const __MONETA_REFERENCE_KEY__: string | undefined

/** The key of the sources this bundle was built from; undefined outside a bundle. */
export const bundleKey: string | undefined = typeof __MONETA_REFERENCE_KEY__ === "string"
  ? __MONETA_REFERENCE_KEY__
  : undefined

/** The folder beside this module's file: in a bundle, beside the bundle. */
export const besideThisFile = (): string => join(fileURLToPath(new URL(".", import.meta.url)), folderName)

const names = ["openApi", "page"] as const

const Manifest = Schema.Struct({
  key: Schema.String,
  contentTypes: Schema.Struct({ openApi: Schema.String, page: Schema.String })
})

type Manifest = typeof Manifest.Type

const decodeManifest = Schema.decodeUnknownOption(Schema.fromJsonString(Manifest))

/**
 * Writes `documents` to `folder` under `key`, replacing what was there; the
 * manifest last, so a folder whose writing stopped midway has none.
 */
export const write = (folder: string, key: string, documents: Documents): Promise<void> =>
  (async () => {
    await rm(folder, { recursive: true, force: true })
    await mkdir(folder, { recursive: true })
    for (const name of names) {
      await writeFile(join(folder, `${name}.br`), documents[name].br)
      await writeFile(join(folder, `${name}.gz`), documents[name].gzip)
    }
    const manifest: Manifest = {
      key,
      contentTypes: { openApi: documents.openApi.contentType, page: documents.page.contentType }
    }
    await writeFile(join(folder, `${manifestFile}.part`), JSON.stringify(manifest))
    await rename(join(folder, `${manifestFile}.part`), join(folder, manifestFile))
  })()

const gunzipAsync = promisify(gunzip)

const readFiles = async (folder: string, key: string) => {
  const manifest = decodeManifest(await readFile(join(folder, manifestFile), "utf8"))
  if (Option.isNone(manifest) || manifest.value.key !== key) return Option.none()
  const contentTypes = manifest.value.contentTypes
  const [openApi, page] = await Promise.all(names.map(async (name) => {
    const [br, gzip] = await Promise.all([readFile(join(folder, `${name}.br`)), readFile(join(folder, `${name}.gz`))])
    return { contentType: contentTypes[name], br, gzip }
  }))
  return openApi === undefined || page === undefined ? Option.none() : Option.some({ openApi, page })
}

/** A document read compressed; its plain form is decompressed once, when first asked for. */
const prepared = (read: Omit<Compression.Prepared, "identity">): Effect.Effect<Compression.Prepared> =>
  Effect.map(
    Effect.cached(Effect.promise(() => gunzipAsync(read.gzip))),
    (identity) => ({ ...read, identity })
  )

const isAbsent = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"

const read = (folder: string, key: string) =>
  Effect.tryPromise(() => readFiles(folder, key)).pipe(
    Effect.flatMap(Option.match({
      onNone: () => Effect.succeedNone,
      onSome: (files) =>
        Effect.all({ openApi: prepared(files.openApi), page: prepared(files.page) }).pipe(Effect.map(Option.some))
    }))
  )

/**
 * The documents of `folder` if it holds those of `key`; none if it is absent
 * or of another key, or (with a warning) cannot be read.
 */
export const load = (folder: string, key: string): Effect.Effect<Option.Option<Documents>> =>
  read(folder, key).pipe(
    Effect.catch((error) =>
      isAbsent(error.cause)
        ? Effect.succeedNone
        : Effect.logWarning("The reference documents built ahead could not be read: building them", error.cause).pipe(
          Effect.as(Option.none())
        )
    )
  )
