/**
 * The dashboard's files as the server serves them (`DashboardRoute`): its
 * page (the same HTML for every `/dashboard` path, naming the script and style
 * sheet by a hash of their content, so those can be cached for good) and the
 * two files, each compressed once (`Compression.prepare`).
 *
 * A bundled server (`pnpm start`, the installed command) reads the files from
 * the folder its bundle's build wrote beside it (`writePrebuilt`, of the same
 * key as the reference documents, `PrebuiltReference`); otherwise, or when
 * that folder is of other sources, the files are built from the dashboard's
 * sources here (`DashboardBuild`), once per process, on the first request.
 * Where neither works (an installed server without its folder) the route
 * answers 503 saying so.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { createHash } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import * as Compression from "./Compression.js"
import * as DashboardBuild from "./DashboardBuild.js"
import * as PrebuiltReference from "./PrebuiltReference.js"

/** Where the page and its files are served. */
export const basePath = "/dashboard"
export const assetsPath = `${basePath}/assets`

export interface Assets {
  /** The HTML of every page. */
  readonly page: Compression.Prepared
  /** The script and style sheet by their served name (`app-<hash>.js`, `style-<hash>.css`). */
  readonly files: ReadonlyMap<string, Compression.Prepared>
}

const extensions = { app: "js", style: "css" } as const

const nameOf = (file: DashboardBuild.BuiltFile) =>
  `${file.stem}-${createHash("sha256").update(file.contents).digest("hex").slice(0, 16)}.${extensions[file.stem]}`

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;")

/** The page: no inline script or style, so the route's Content-Security-Policy allows only this server's files. */
const pageHtml = (names: { readonly app: string; readonly style: string }) =>
  [
    "<!doctype html>",
    "<html lang=\"en\">",
    "<head>",
    "<meta charset=\"utf-8\">",
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
    "<meta name=\"referrer\" content=\"no-referrer\">",
    "<title>Moneta dashboard</title>",
    "<link rel=\"icon\" href=\"/favicon.ico\">",
    `<link rel="stylesheet" href="${escapeAttribute(`${assetsPath}/${names.style}`)}">`,
    `<script type="module" src="${escapeAttribute(`${assetsPath}/${names.app}`)}"></script>`,
    "</head>",
    "<body><div id=\"app\"></div></body>",
    "</html>"
  ].join("\n")

/** The built files compressed, under their hashed names, with the page naming them. */
export const prepare = (files: ReadonlyArray<DashboardBuild.BuiltFile>): Effect.Effect<Assets> =>
  Effect.gen(function*() {
    const named = files.map((file) => ({ file, name: nameOf(file) }))
    const app = named.find(({ file }) => file.stem === "app")
    const style = named.find(({ file }) => file.stem === "style")
    const prepared = yield* Effect.forEach(
      named,
      ({ file, name }) =>
        Effect.map(Compression.prepare(file.contents, file.contentType), (done) => [name, done] as const),
      { concurrency: "unbounded" }
    )
    const page = yield* Compression.prepare(
      new TextEncoder().encode(pageHtml({ app: app?.name ?? "", style: style?.name ?? "" })),
      "text/html; charset=utf-8"
    )
    return { page, files: new Map(prepared) }
  })

/** The folder's name beside the bundle. */
export const folderName = "dashboard"

const manifestFile = "manifest.json"

const Manifest = Schema.Struct({
  key: Schema.String,
  files: Schema.Array(Schema.Struct({
    stem: Schema.Literals(["app", "style"]),
    contentType: Schema.String,
    file: Schema.String
  }))
})

const decodeManifest = Schema.decodeUnknownOption(Schema.fromJsonString(Manifest))

/**
 * Builds the dashboard from `sources` and writes its files to `folder` under
 * `key` (scripts/bundle.mjs, beside the bundle), the manifest last; returns
 * the sources read.
 */
export const writePrebuilt = async (
  folder: string,
  key: string,
  sources: string
): Promise<ReadonlyArray<string>> => {
  const built = await DashboardBuild.build(sources)
  await rm(folder, { recursive: true, force: true })
  await mkdir(folder, { recursive: true })
  for (const file of built.files) await writeFile(join(folder, `${file.stem}.${extensions[file.stem]}`), file.contents)
  const manifest: typeof Manifest.Encoded = {
    key,
    files: built.files.map((file) => ({
      stem: file.stem,
      contentType: file.contentType,
      file: `${file.stem}.${extensions[file.stem]}`
    }))
  }
  await writeFile(join(folder, `${manifestFile}.part`), JSON.stringify(manifest))
  await rename(join(folder, `${manifestFile}.part`), join(folder, manifestFile))
  return built.inputs
}

const readPrebuilt = async (
  folder: string,
  key: string
): Promise<Option.Option<ReadonlyArray<DashboardBuild.BuiltFile>>> => {
  const manifest = decodeManifest(await readFile(join(folder, manifestFile), "utf8"))
  if (Option.isNone(manifest) || manifest.value.key !== key) return Option.none()
  const files = await Promise.all(manifest.value.files.map(async (entry) => ({
    stem: entry.stem,
    contentType: entry.contentType,
    contents: new Uint8Array(await readFile(join(folder, entry.file)))
  })))
  return Option.some(files)
}

/** The files of the folder beside the bundle when of this bundle's key; none otherwise (absent, other key, unreadable). */
const besideTheBundle: Effect.Effect<Option.Option<ReadonlyArray<DashboardBuild.BuiltFile>>> =
  PrebuiltReference.bundleKey === undefined
    ? Effect.succeedNone
    : Effect.tryPromise(() =>
      readPrebuilt(
        join(fileURLToPath(new URL(".", import.meta.url)), folderName),
        PrebuiltReference.bundleKey ?? ""
      )
    ).pipe(Effect.orElseSucceed(() => Option.none()))

/** The files built here from the sources of this checkout; none (with a warning) where they cannot be. */
const builtHere: Effect.Effect<Option.Option<ReadonlyArray<DashboardBuild.BuiltFile>>> = Effect.tryPromise(() =>
  DashboardBuild.build(DashboardBuild.sourcesInCheckout())
).pipe(
  Effect.map((built) => Option.some(built.files)),
  Effect.catch((error) =>
    Effect.logWarning("The dashboard is not built with this server and cannot be built here", error.cause).pipe(
      Effect.as(Option.none())
    )
  )
)

export class DashboardAssets extends Context.Service<DashboardAssets, {
  /** The assets, prepared on the first call (later calls wait for it); none where there are none. */
  readonly assets: Effect.Effect<Option.Option<Assets>>
}>()("@moneta/server/DashboardAssets") {}

/** The service over the files `source` gives, prepared once, on the first request. */
export const layerWith = (source: Effect.Effect<Option.Option<ReadonlyArray<DashboardBuild.BuiltFile>>>) =>
  Layer.effect(
    DashboardAssets,
    Effect.gen(function*() {
      const context = yield* Effect.context<never>()
      const prepared = yield* Effect.cached(
        source.pipe(
          Effect.flatMap(Option.match({
            onNone: () => Effect.succeedNone,
            onSome: (files) => Effect.map(prepare(files), Option.some)
          })),
          Effect.provideContext(context)
        )
      )
      return DashboardAssets.of({ assets: prepared })
    })
  )

/** The files beside the bundle when they are this bundle's; built from this checkout's sources otherwise. */
export const layer = layerWith(
  Effect.flatMap(besideTheBundle, (prebuilt) => Option.isSome(prebuilt) ? Effect.succeed(prebuilt) : builtHere)
)
