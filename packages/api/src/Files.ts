/**
 * Files: upload (multipart), list, retrieve, and download the contents.
 * `POST /files` is the one endpoint whose body is `multipart/form-data`
 * rather than JSON, as the contract declares.
 */
import { File, FileFilter, UploadPurpose } from "@moneta/domain/File"
import { FileId } from "@moneta/domain/Ids"
import { ShortText } from "@moneta/domain/Text"
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { MalformedRequestError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

export const filePath = Schema.Struct({ file_id: FileId })

/** The parts of an upload: the file itself, `purpose` and an optional `description`. */
export const UploadFile = Schema.Struct({
  file: Multipart.SingleFileSchema,
  purpose: UploadPurpose,
  description: Schema.optional(ShortText)
}).annotate({ identifier: "UploadFile" }).pipe(HttpApiSchema.asMultipartStream())

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
  )
  .add(
    HttpApiEndpoint.get("list", "/files", { query: { ...listFields, ...FileFilter.fields }, success: Page(File) })
      .annotateMerge(OpenApi.annotations({
        summary: "List Files",
        description:
          "Lists files, newest first, filtered by purpose (comma-separated), idempotency key or creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/files/:file_id", { params: filePath, success: File, error: ObjectNotFoundError })
      .annotateMerge(OpenApi.annotations({ summary: "Retrieve a File", description: "Retrieves a file's metadata." }))
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
