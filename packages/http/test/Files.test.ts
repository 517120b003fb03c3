import { describe, expect, layer } from "@effect/vitest"
import { FileId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { activeAddress, mailToAddress } from "./support/Mail.js"
import { type Answer, expectError, expectInvalidParameters, expectSameNotFound, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

/** A multipart upload made with fetch, as a client without the SDK would. */
const upload = (
  server: Pick<TestServer.TestServerShape, "baseUrl" | "apiKey">,
  parts: {
    readonly file?: { readonly bytes: Uint8Array; readonly name: string; readonly type: string }
    readonly fields?: Record<string, string>
  },
  headers: Record<string, string> = {}
): Effect.Effect<Answer> =>
  Effect.promise(async () => {
    const form = new FormData()
    for (const [key, value] of Object.entries(parts.fields ?? {})) form.append(key, value)
    if (parts.file !== undefined) {
      form.append("file", new Blob([parts.file.bytes], { type: parts.file.type }), parts.file.name)
    }
    const response = await fetch(`${server.baseUrl}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.apiKey}`, ...headers },
      body: form
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: JSON.parse(text), text }
  })

/** Every byte value, so any text decoding on the way would show. */
const binary = Uint8Array.from({ length: 512 }, (_, index) => (index * 7) % 256)

for (const kind of TestDatabase.testDatabases) {
  describe(`files (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("an uploaded file keeps its metadata and exact bytes", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const answer = yield* upload(server, {
            file: { bytes: binary, name: "front.png", type: "image/png" },
            fields: { purpose: "check_image_front", description: "Front of check 1001" }
          })
          expect(answer.status).toBe(200)
          const id = FileId.make(String((answer.body as { id: unknown }).id))
          const file = yield* client.files.retrieve({ params: { file_id: id } })
          expect(file).toMatchObject({
            type: "file",
            purpose: "check_image_front",
            description: "Front of check 1001",
            direction: "to_increase",
            filename: "front.png",
            mime_type: "image/png",
            idempotency_key: null
          })
          expect(answer.body).toEqual(yield* raw(server).get(`/files/${id}`).pipe(Effect.map((got) => got.body)))
          const contents = yield* raw(server).get(`/files/${id}/contents`)
          expect(contents.status).toBe(200)
          expect(contents.headers.get("content-type")).toBe("image/png")
          expect(contents.headers.get("content-disposition")).toContain("front.png")
          expect(new Uint8Array(yield* client.files.contents({ params: { file_id: id } }))).toEqual(binary)
          const events = yield* client.events.list({ query: { associated_object_id: id } })
          expect(events.data.map((event) => String(event.category))).toEqual(["file.created"])
        }))

      it.effect("the derived client uploads a form", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const form = new FormData()
          form.append("purpose", "check_image_back")
          form.append("file", new Blob([binary], { type: "image/png" }), "back.png")
          const file = yield* client.files.create({ payload: form })
          expect(file).toMatchObject({ purpose: "check_image_back", filename: "back.png", mime_type: "image/png" })
          expect(new Uint8Array(yield* client.files.contents({ params: { file_id: file.id } }))).toEqual(binary)
        }))

      it.effect("files are listed newest first and filtered by purpose", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const item = yield* mailToAddress(client, yield* activeAddress(client), 100)
          const uploaded = yield* upload(server, {
            file: { bytes: binary, name: "id.pdf", type: "application/pdf" },
            fields: { purpose: "identity_document" }
          })
          const uploadedId = String((uploaded.body as { id: unknown }).id)
          const scans = yield* client.files.list({ query: { "purpose.in": ["inbound_mail_item"] } })
          expect(scans.data.map((file) => file.id)).toContain(item.file_id)
          expect(scans.data.every((file) => file.purpose === "inbound_mail_item")).toBe(true)
          const some = yield* client.files.list({
            query: { "purpose.in": ["identity_document", "check_image_back"], limit: 2 }
          })
          expect(some.data.map((file) => file.id)).toEqual([uploadedId, item.checks[0]?.back_file_id])
          const encoded = yield* raw(server).get("/files?purpose.in=identity_document%2Ccheck_image_back")
          expect(encoded.status).toBe(200)
          expectInvalidParameters(yield* raw(server).get("/files?purpose.in=selfie"), ["purpose.in"])
        }))

      it.effect("an upload is idempotent by key: the same upload replays, another is a 409", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const parts = {
            file: { bytes: binary, name: "a.bin", type: "application/octet-stream" },
            fields: { purpose: "other" }
          }
          const first = yield* upload(server, parts, { "idempotency-key": "upload-1" })
          const again = yield* upload(server, parts, { "idempotency-key": "upload-1" })
          expect(first.status).toBe(200)
          expect(again.body).toEqual(first.body)
          expect(again.headers.get("idempotent-replayed")).toBe("true")
          expect(first.body).toMatchObject({ idempotency_key: "upload-1" })
          const changed = yield* upload(server, { ...parts, file: { ...parts.file, bytes: binary.slice(1) } }, {
            "idempotency-key": "upload-1"
          })
          expectError(changed, 409, "idempotency_key_already_used_error")
          const listed = yield* server.client.files.list({ query: { idempotency_key: "upload-1" } })
          expect(listed.data).toHaveLength(1)
        }))

      it.effect("a bad upload is a 400 naming the part", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const file = { bytes: binary, name: "x.png", type: "image/png" }
          expectInvalidParameters(yield* upload(server, { fields: { purpose: "other" } }), ["file"])
          expectInvalidParameters(yield* upload(server, { file }), ["purpose"])
          expectInvalidParameters(yield* upload(server, { file, fields: { purpose: "inbound_mail_item" } }), [
            "purpose"
          ])
          expectInvalidParameters(yield* upload(server, { file, fields: { purpose: "other", colour: "red" } }), [
            "colour"
          ])
          expectInvalidParameters(
            yield* upload(server, { file, fields: { purpose: "other", description: "a\u0000b" } }),
            ["description"]
          )
          expectInvalidParameters(
            yield* upload(server, { file, fields: { purpose: "other", description: "x".repeat(201) } }),
            ["description"]
          )
          expectError(yield* raw(server).post("/files", { purpose: "other" }), 400, "malformed_request_error")
          const garbage = yield* raw(server).send("POST", "/files", {
            body: "--x\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nother",
            headers: { "content-type": "multipart/form-data; boundary=x" }
          })
          expect(garbage.status).toBe(400)
        }))

      it.effect("another group's files are 404 like unknown ones", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const item = yield* mailToAddress(server.client, yield* activeAddress(server.client), 100)
          const stranger = yield* server.newGroup()
          const strangerRaw = raw(server, stranger.apiKey)
          expectSameNotFound(
            yield* strangerRaw.get(`/files/${item.file_id}`),
            item.file_id,
            yield* strangerRaw.get("/files/file_nope"),
            "file_nope"
          )
          expectSameNotFound(
            yield* strangerRaw.get(`/files/${item.file_id}/contents`),
            item.file_id,
            yield* strangerRaw.get("/files/file_nope/contents"),
            "file_nope"
          )
          const listed = yield* (yield* server.clientFor(stranger.apiKey)).files.list({ query: {} })
          expect(listed.data).toEqual([])
        }))
    })
  })
}
