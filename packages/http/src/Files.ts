/** Files handlers: the upload reads its multipart body first, then runs idempotently like every POST. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Files } from "@moneta/bank/Files"
import { File } from "@moneta/domain/File"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { idempotent } from "./Idempotent.js"
import { readUpload } from "./Upload.js"

/** `Content-Disposition` with an ASCII fallback and the exact name (RFC 6266). */
const contentDisposition = (file: File): string => {
  const name = file.filename ?? file.id
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, "_")
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export const FilesLive = HttpApiBuilder.group(MonetaApi, "files", (handlers) =>
  Effect.gen(function*() {
    const files = yield* Files
    return handlers
      // Raw: the upload reads its own body, so that a body of another type is refused as the contract says
      // (malformed, not the platform's bare 415).
      .handleRaw("create", ({ request }) =>
        Effect.flatMap(readUpload(request, request.multipartStream), (upload) =>
          idempotent(File, files.upload(upload.body, upload.part), upload.fingerprint)))
      .handle("list", ({ query }) =>
        files.list(query))
      .handle("retrieve", ({ params }) =>
        files.retrieve(params.file_id))
      .handle("contents", ({ params }) =>
        Effect.map(files.contents(params.file_id), ({ contents, file }) =>
          HttpServerResponse.uint8Array(contents, {
            contentType: file.mime_type,
            headers: { "content-disposition": contentDisposition(file) }
          })))
  }))
