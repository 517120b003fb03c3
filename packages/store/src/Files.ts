/** Files: the metadata as the API encodes it, and the bytes (`contents`, bytea) beside it. */
import type { FileFilter } from "@moneta/domain/File"
import { File } from "@moneta/domain/File"
import type { FileId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"

/** A file's metadata and bytes (bytea: a `Uint8Array` from sql-pg and from PGlite). */
const ContentsRow = Schema.Struct({ body: Schema.Unknown, contents: Schema.Uint8Array })

export interface FileWithContents {
  readonly file: File
  readonly contents: Uint8Array
}

export class FileStore extends Context.Service<FileStore>()("@moneta/store/FileStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("files", File)
    const decodeRows = Schema.decodeUnknownEffect(Schema.Array(ContentsRow))
    const decodeFile = Schema.decodeUnknownEffect(File)

    const insert = (tenant: TenantShape, file: File, contents: Uint8Array) =>
      table.insert(tenant, file, {
        created_at: DateTime.toDate(file.created_at),
        idempotency_key: file.idempotency_key,
        purpose: file.purpose,
        contents
      })

    const find = (tenant: TenantShape, id: FileId) => table.find(tenant, id)

    const findWithContents = (tenant: TenantShape, id: FileId) =>
      Effect.gen(function*() {
        const rows = yield* sql`SELECT body, contents FROM files
          WHERE id = ${id} AND ${tenantIs(sql, tenant)}`.pipe(
          Effect.flatMap(decodeRows),
          Effect.orDie
        )
        const row = rows[0]
        if (row === undefined) return Option.none<FileWithContents>()
        const file = yield* Effect.orDie(decodeFile(row.body))
        return Option.some<FileWithContents>({ file, contents: row.contents })
      })

    const list = (tenant: TenantShape, request: PageRequest, filter: FileFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, { "purpose.in": "purpose", idempotency_key: "idempotency_key" })
      )

    return { insert, find, findWithContents, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
