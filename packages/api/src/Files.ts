/**
 * Files: upload (multipart), list, retrieve, and download the contents.
 * `POST /files` is the one endpoint whose body is `multipart/form-data`
 * rather than JSON, as the contract declares.
 */
import { described } from "@moneta/domain/Described"
import { File, FileFilter, UploadPurpose, uploadPurposeMeanings } from "@moneta/domain/File"
import { FileId } from "@moneta/domain/Ids"
import { ShortText } from "@moneta/domain/Text"
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { MalformedRequestError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

export const filePath = Schema.Struct({ file_id: FileId })

/** The parts of an upload: the file itself, `purpose` and an optional `description`. */
export const UploadFile = Schema.Struct({
  file: described(
    Multipart.SingleFileSchema,
    "The contents, as one part of the form; its filename and content type are kept (`filename`, `mime_type`)."
  ),
  purpose: described(UploadPurpose, `What the File is for. ${uploadPurposeMeanings}`),
  description: Schema.optional(ShortText).annotateKey({
    description: "The description you give the File, 1 to 200 characters."
  })
}).annotate({ identifier: "UploadFile" }).pipe(HttpApiSchema.asMultipartStream())

const file = {
  id: "file_makxrc67oh9l6sg7w9yc",
  created_at: "2026-11-21T22:41:05.123Z",
  description: "Front of the check from Ian Crease",
  direction: "to_increase",
  filename: "check-front.png",
  idempotency_key: null,
  mime_type: "image/png",
  purpose: "check_image_front",
  type: "file"
} satisfies typeof File.Encoded

/** A file's bytes, answered as they are (the handler sets the file's own `Content-Type`). */
export const FileContents = Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array())

export class Files extends HttpApiGroup.make("files")
  .add(
    HttpApiEndpoint.post("create", "/files", { payload: UploadFile, success: File, error: MalformedRequestError })
      .annotateMerge(OpenApi.annotations({
        summary: "Create a File",
        description:
          "Uploads a file as `multipart/form-data`: the part `file` holds the contents (its filename and content type are kept), `purpose` says what it is for, `description` is optional. Bodies over 1 MiB are refused."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            purpose: "check_image_front",
            description: "Front of the check from Ian Crease",
            file: "check-front.png"
          },
          response: file
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/files", { query: { ...listFields, ...FileFilter.fields }, success: Page(File) })
      .annotateMerge(OpenApi.annotations({
        summary: "List Files",
        description:
          "Lists files, newest first, filtered by purpose (comma-separated), idempotency key or creation time."
      }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [file], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/files/:file_id", { params: filePath, success: File, error: ObjectNotFoundError })
      .annotateMerge(OpenApi.annotations({ summary: "Retrieve a File", description: "Retrieves a file's metadata." }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: file }))
  )
  .add(
    HttpApiEndpoint.get("contents", "/files/:file_id/contents", {
      params: filePath,
      success: FileContents,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Download a File's contents",
        description:
          "Answers the file's bytes, with `Content-Type` set to its `mime_type` and `Content-Disposition` to its filename (for example the scanned check of an inbound mail item): `inline` for PNG, JPEG, GIF, WebP and PDF, `attachment` for anything else (SVG included). `X-Content-Type-Options: nosniff` and a `Content-Security-Policy` that loads nothing (and sandboxes all but PDF) keep a browser from running the contents."
      }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Files" }))
{}
