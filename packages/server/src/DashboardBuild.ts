/**
 * Builds the dashboard (packages/dashboard/src, Preact) into its two browser
 * files with esbuild: a script and a style sheet, minified. The server's
 * bundle is built with them (scripts/bundle.mjs writes them beside it,
 * `DashboardAssets.writePrebuilt`); a server run from the sources (tests,
 * tsx) builds them on its first `/dashboard` request. esbuild is the
 * workspace's own build tool, loaded only then: an installed server never
 * loads it (its bundle carries the files).
 */
import { fileURLToPath } from "node:url"

/** One built file: its name's stem, content type and bytes. */
export interface BuiltFile {
  readonly stem: "app" | "style"
  readonly contentType: string
  readonly contents: Uint8Array
}

export interface Built {
  readonly files: ReadonlyArray<BuiltFile>
  /** The absolute paths of the sources read (scripts/start.mjs rebuilds when one changes). */
  readonly inputs: ReadonlyArray<string>
}

/** The dashboard's sources in this checkout, beside this package's. */
export const sourcesInCheckout = (): string => fileURLToPath(new URL("../../dashboard/src/", import.meta.url))

const contentTypes = { app: "text/javascript; charset=utf-8", style: "text/css; charset=utf-8" } as const

/** Builds the dashboard whose sources are in `sources` (a folder holding main.tsx and style.css). */
export const build = async (sources: string): Promise<Built> => {
  const esbuild = await import("esbuild")
  const result = await esbuild.build({
    absWorkingDir: sources,
    entryPoints: { app: "main.tsx", style: "style.css" },
    outdir: "out",
    write: false,
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    jsx: "automatic",
    jsxImportSource: "preact",
    conditions: ["@moneta/source"],
    legalComments: "none",
    metafile: true,
    logLevel: "silent"
  })
  const files = result.outputFiles.flatMap((file): Array<BuiltFile> => {
    const stem = file.path.endsWith(".css") ? "style" : file.path.endsWith(".js") ? "app" : undefined
    return stem === undefined ? [] : [{ stem, contentType: contentTypes[stem], contents: file.contents }]
  })
  const inputs = Object.keys(result.metafile.inputs).map((input) => fileURLToPath(new URL(input, `file://${sources}`)))
  return { files, inputs }
}
