/**
 * Reading a `multipart/form-data` upload (`POST /files`) into memory: the
 * `file` part's bytes, filename and content type, and the other fields
 * decoded by the contract's `CreateFile` (unknown fields are a 400 naming
 * them). Size is bounded by the API's body limit (ErrorMapping).
 *
 * Every way a body can fail to be a readable upload is the client's to fix: it
 * is answered 400 with the reason in words, never a 500 and never logged as an
 * error (docs/decisions.md, "File uploads and downloads").
 */
import { strictParseOptions } from "@moneta/api/Parameters"
import type { UploadedPart } from "@moneta/bank/Files"
import { InvalidParametersError, MalformedRequestError } from "@moneta/domain/Errors"
import { CreateFile } from "@moneta/domain/File"
import { Effect, Predicate, Schema, Stream } from "effect"
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

const multipartType = "multipart/form-data"

const mediaTypeOf = (contentType: string) => (contentType.split(";", 1)[0] ?? "").trim().toLowerCase()

/** The `boundary` parameter (a token or a quoted string), `undefined` when absent or empty. */
const boundaryOf = (contentType: string): string | undefined => {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2] ?? ""
  return boundary.length === 0 ? undefined : boundary
}

const malformed = (detail: string) => new MalformedRequestError({ detail })

const missingBoundary = malformed(
  "A multipart/form-data body needs a boundary in its Content-Type (multipart/form-data; boundary=…)."
)

const unnamedPart = malformed("Every part needs a header Content-Disposition: form-data; name=\"…\".")

/** The multipart parser's own failure (`effect/http/MultipartParser`), carried as the reason's cause. */
const parserFailureOf = (cause: unknown): string | undefined =>
  Predicate.hasProperty(cause, "_tag") && typeof cause._tag === "string" ? cause._tag : undefined

/** What went wrong, in words a client can act on; the platform's tags name the parser's state, not the fix. */
const unreadable = (error: Multipart.MultipartError): MalformedRequestError => {
  switch (error.reason._tag) {
    case "BodyTooLarge":
    case "FileTooLarge":
    case "FieldTooLarge":
      return malformed("The request body is larger than 1 MiB.")
    case "TooManyParts":
      return malformed("The multipart body has too many parts.")
    case "InternalError":
      return malformed("The multipart body could not be read to its end (the connection failed or closed).")
    case "Parse":
      switch (parserFailureOf(error.reason.cause)) {
        case "InvalidBoundary":
          return missingBoundary
        case "BadHeaders":
          return malformed("A part's headers could not be read: each part starts with headers and an empty line.")
        case "InvalidDisposition":
          return unnamedPart
        case "EndNotReached":
          return malformed(
            "The multipart body ended before its closing boundary (--boundary--): it is cut short, or its parts " +
              "are not separated by the boundary its Content-Type names."
          )
        default:
          return malformed("The body is not valid multipart/form-data for the boundary its Content-Type names.")
      }
  }
}

/** Refuses a body that cannot be an upload before reading it: the wrong media type or no boundary. */
const checkContentType = (request: HttpServerRequest.HttpServerRequest) => {
  const contentType = request.headers["content-type"] ?? ""
  if (mediaTypeOf(contentType) !== multipartType) {
    return Effect.fail(malformed("Upload files as multipart/form-data."))
  }
  return boundaryOf(contentType) === undefined ? Effect.fail(missingBoundary) : Effect.void
}

export const readUpload = (
  request: HttpServerRequest.HttpServerRequest,
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>
) =>
  Effect.gen(function*() {
    yield* checkContentType(request)
    const fields = new Map<string, string>()
    const files: Array<UploadedPart> = []
    yield* Stream.runForEach(parts, (part) =>
      Effect.gen(function*() {
        // A part without a name (no Content-Disposition) cannot be matched to a field.
        if (part.key.length === 0) return yield* Effect.fail(unnamedPart)
        yield* refuseNulIn(part.key, part.key)
        if (part._tag === "Field") {
          yield* refuseNulIn(part.key, part.value)
          if (part.key === filePartKey) {
            return yield* Effect.fail(
              InvalidParametersError.single(
                filePartKey,
                "must be a file part (with a filename in its Content-Disposition)"
              )
            )
          }
          // As a key repeated in a JSON object: which value would win is not ours to pick.
          if (fields.has(part.key)) {
            return yield* Effect.fail(InvalidParametersError.single(part.key, "must be sent once"))
          }
          fields.set(part.key, part.value)
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
      })).pipe(Effect.catchTag("MultipartError", (error) => Effect.fail(unreadable(error))))
    const file = files[0]
    if (file === undefined) {
      return yield* Effect.fail(InvalidParametersError.single(filePartKey, "is required"))
    }
    const decoded = yield* Effect.mapError(decodeFields(Object.fromEntries(fields)), invalidParameters)
    const fingerprint = JSON.stringify({
      fields: Array.from(fields).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)),
      filename: file.filename,
      mimeType: file.mimeType,
      sha256: createHash("sha256").update(file.contents).digest("hex")
    })
    return { body: decoded, part: file, fingerprint } satisfies Upload
  })
