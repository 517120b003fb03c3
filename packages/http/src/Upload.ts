/**
 * Reading a `multipart/form-data` upload (`POST /files`) into memory: the
 * `file` part's bytes, filename and content type, and the other fields
 * decoded by the contract's `CreateFile` (unknown fields are a 400 naming
 * them). Size is bounded by the API's body limit (ErrorMapping).
 */
import { strictParseOptions } from "@moneta/api/Parameters"
import type { UploadedPart } from "@moneta/bank/Files"
import { InvalidParametersError, MalformedRequestError } from "@moneta/domain/Errors"
import { CreateFile } from "@moneta/domain/File"
import { Effect, Schema, Stream } from "effect"
import type { HttpServerRequest, Multipart } from "effect/http"
import { createHash } from "node:crypto"
import { invalidParameters } from "./ErrorMapping.js"
import { refuseNulIn } from "./InputGuards.js"

export interface Upload {
  readonly body: CreateFile
  readonly part: UploadedPart
  /** Stands for the body in the idempotency fingerprint: the fields, the file's name, type and digest. */
  readonly fingerprint: string
}

const filePartKey = "file"
/** As the contract decodes a JSON body (unknown fields refused), naming the value refused. */
const decodeFields = Schema.decodeUnknownEffect(CreateFile, { ...strictParseOptions, reportInput: true })

const isMultipart = (request: HttpServerRequest.HttpServerRequest) =>
  (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data")

export const readUpload = (
  request: HttpServerRequest.HttpServerRequest,
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>
) =>
  Effect.gen(function*() {
    if (!isMultipart(request)) {
      return yield* Effect.fail(new MalformedRequestError({ detail: "Upload files as multipart/form-data." }))
    }
    const fields: Record<string, string> = {}
    const files: Array<UploadedPart> = []
    yield* Stream.runForEach(parts, (part) =>
      Effect.gen(function*() {
        yield* refuseNulIn(part.key, part.key)
        if (part._tag === "Field") {
          yield* refuseNulIn(part.key, part.value)
          fields[part.key] = part.value
          return
        }
        if (part.key !== filePartKey) {
          return yield* Effect.fail(
            InvalidParametersError.single(part.key, "is not a file part of this request (send the file as `file`)")
          )
        }
        if (files.length > 0) return yield* Effect.fail(InvalidParametersError.single(filePartKey, "must be sent once"))
        yield* refuseNulIn(filePartKey, part.name)
        const contents = yield* part.contentEffect
        files.push({
          filename: part.name.length === 0 ? null : part.name,
          mimeType: part.contentType.length === 0 ? "application/octet-stream" : part.contentType,
          contents
        })
      })).pipe(
        Effect.catchTag("MultipartError", (error) =>
          Effect.fail(
            new MalformedRequestError({ detail: `The multipart body could not be read (${error.reason._tag}).` })
          ))
      )
    const file = files[0]
    if (file === undefined) {
      return yield* Effect.fail(InvalidParametersError.single(filePartKey, "is required"))
    }
    const decoded = yield* Effect.mapError(decodeFields(fields), invalidParameters)
    const fingerprint = JSON.stringify({
      fields: Object.entries(fields).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)),
      filename: file.filename,
      mimeType: file.mimeType,
      sha256: createHash("sha256").update(file.contents).digest("hex")
    })
    return { body: decoded, part: file, fingerprint } satisfies Upload
  })
