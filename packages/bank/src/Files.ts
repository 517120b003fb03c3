/**
 * Files: uploaded by clients (`POST /files`) or made by the service (the
 * images of simulated mail). The bytes are kept in the database beside the
 * metadata and served by `GET /files/{id}/contents`.
 */
import * as File from "@moneta/domain/File"
import { type FileId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { FileStore } from "@moneta/store/Files"
import { newId } from "@moneta/store/IdGenerator"
import { Context, type DateTime, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, applyStep, runStep } from "./Step.js"
import { now } from "./Time.js"

export type FileListParameters = ListParameters & File.FileFilter

/** A file the service makes, written in the caller's database transaction. */
export interface Production {
  readonly purpose: File.FilePurpose
  readonly filename: string
  readonly mimeType: string
  readonly description: string | null
  readonly contents: string
}

/** The file part of an upload. */
export interface UploadedPart {
  readonly filename: string | null
  readonly mimeType: string
  readonly contents: Uint8Array
}

const utf8 = new TextEncoder()

export class Files extends Context.Service<Files>()("@moneta/bank/Files", {
  make: Effect.gen(function*() {
    const store = yield* FileStore
    const events = yield* Events

    const fileId = newId("file")

    const write = (file: File.File, contents: Uint8Array, at: DateTime.Utc) =>
      Effect.gen(function*() {
        yield* store.insert(yield* Tenant, file, contents)
        yield* events.record([File.createdEvent(file)], at)
        return file
      })

    /** Makes a file inside the caller's transaction (no transaction of its own). */
    const produce = (production: Production, at: DateTime.Utc) =>
      applyStep({
        load: Effect.map(fileId, (id) => ({
          id,
          createdAt: at,
          purpose: production.purpose,
          filename: production.filename,
          mimeType: production.mimeType,
          description: production.description
        })),
        decide: (input: File.ProducedInput) => always(File.produced(input)),
        persist: (file) => write(file, utf8.encode(production.contents), at)
      })

    const upload = (body: File.CreateFile, part: UploadedPart) =>
      runStep({
        load: Effect.gen(function*() {
          return {
            id: yield* fileId,
            createdAt: yield* now,
            body,
            filename: part.filename,
            mimeType: part.mimeType,
            idempotencyKey: yield* idempotencyKey
          }
        }),
        decide: (input) => always(File.uploaded(input)),
        persist: (file, { createdAt }) => write(file, part.contents, createdAt)
      })

    const retrieve = (id: FileId) => findOwn("file", id, store.find)

    const contents = (id: FileId) => findOwn("file", id, store.findWithContents)

    const list = (parameters: FileListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      produce: spanned("bank.Files.produce", produce),
      upload: spanned("bank.Files.upload", upload, (body) => ({ "moneta.purpose": body.purpose })),
      retrieve: spanned("bank.Files.retrieve", retrieve, (id) => ({ "moneta.file_id": id })),
      contents: spanned("bank.Files.contents", contents, (id) => ({ "moneta.file_id": id })),
      list: spanned("bank.Files.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([FileStore.Default, Events.Default]))
}
