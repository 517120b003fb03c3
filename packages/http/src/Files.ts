/**
 * Files handlers: the upload reads its multipart body first, then runs idempotently like every POST; contents are
 * answered with headers that keep a browser from running them (FileContents).
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Files } from "@moneta/bank/Files"
import { File } from "@moneta/domain/File"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { contentHeaders } from "./FileContents.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"
import { readUpload } from "./Upload.js"

export const FilesLive = Group.make(MonetaApi, "files", (handlers) =>
  Effect.gen(function*() {
    const files = yield* Files
    return handlers
      // Raw: the upload reads its own body, so that a body of another type is refused as the contract says
      // (malformed, not the platform's bare 415).
      .handleRaw("create", ({ request }) =>
        Effect.flatMap(readUpload(request, request.multipartStream), (upload) =>
          idempotent(File, files.upload(upload.body, upload.part), upload.fingerprint)))
      .handle("list", ({ query }) =>
        answerEncodedPage(File, files.list(query)))
      .handle("retrieve", ({ params }) =>
        answerEncoded(File, files.retrieve(params.file_id)))
      .handle("contents", ({ params }) =>
        Effect.map(files.contents(params.file_id), ({ contents, file }) =>
          HttpServerResponse.uint8Array(contents, {
            contentType: file.mime_type,
            headers: contentHeaders(file)
          })))
  }))
