/**
 * Files: upload (multipart), list, retrieve, and download the contents.
 * `POST /files` is the one endpoint whose body is `multipart/form-data`
 * rather than JSON, as the contract declares.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { File, FileFilter, UploadPurpose } from "@moneta/domain/File"
import { FileId } from "@moneta/domain/Ids"
import { ShortText } from "@moneta/domain/Text"
import { Schema } from "effect"
import { InvalidParametersError, MalformedRequestError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page, urlParams } from "./Parameters.js"

export const filePath = Schema.Struct({ file_id: FileId })

/** The parts of an upload: the file itself, `purpose` and an optional `description`. */
export const UploadFile = HttpApiSchema.MultipartStream(
  Schema.Struct({
    file: Multipart.SingleFileSchema,
    purpose: UploadPurpose,
    description: Schema.optional(ShortText)
  }).annotations({ identifier: "UploadFile" })
)

export class Files extends HttpApiGroup.make("files")
  .add(
    HttpApiEndpoint.post("create", "/files")
      .setPayload(UploadFile)
      .addSuccess(File)
      .addError(MalformedRequestError)
      .annotateContext(OpenApi.annotations({
        summary: "Create a File",
        description:
          "Uploads a file as `multipart/form-data`: the part `file` holds the contents (its filename and content type are kept), `purpose` says what it is for, `description` is optional. Bodies over 1 MiB are refused."
      }))
  )
  .add(
    HttpApiEndpoint.get("list", "/files")
      .setUrlParams(urlParams({ ...listFields, ...FileFilter.fields }))
      .addSuccess(Page(File))
      .annotateContext(OpenApi.annotations({
        summary: "List Files",
        description:
          "Lists files, newest first, filtered by purpose (comma-separated), idempotency key or creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/files/:file_id")
      .setPath(filePath)
      .addSuccess(File)
      .addError(ObjectNotFoundError)
      .annotateContext(OpenApi.annotations({ summary: "Retrieve a File", description: "Retrieves a file's metadata." }))
  )
  .add(
    HttpApiEndpoint.get("contents", "/files/:file_id/contents")
      .setPath(filePath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }))
      .addError(ObjectNotFoundError)
      .annotateContext(OpenApi.annotations({
        summary: "Download a File's contents",
        description:
          "Answers the file's bytes, with `Content-Type` set to its `mime_type` and `Content-Disposition` to its filename (for example the scanned check of an inbound mail item)."
      }))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
  .annotateContext(OpenApi.annotations({ title: "Files" }))
{}
