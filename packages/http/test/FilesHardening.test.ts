/**
 * Issue 28's findings on files, through the real HTTP layer: every multipart
 * body that cannot be an upload is a 400 with the reason in words (never a
 * 500, nothing logged as an error), and file contents are served so that a
 * browser never runs them.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { activeAddress, mailToAddress } from "./support/Mail.js"
import { type Answer, expectError, expectInvalidParameters, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

/** What the server logged at Error or above while these tests ran (the logger also keeps the run quiet). */
const errorsLogged: Array<unknown> = []
const errorLogger = Logger.layer([
  Logger.make(({ logLevel, message }) => {
    if (LogLevel.isGreaterThanOrEqualTo(logLevel, "Error")) errorsLogged.push(message)
  })
])

const part = (headers: ReadonlyArray<string>, value: string) => `--x\r\n${headers.join("\r\n")}\r\n\r\n${value}\r\n`
const purposePart = part(["Content-Disposition: form-data; name=\"purpose\""], "other")
const filePart = part([
  "Content-Disposition: form-data; name=\"file\"; filename=\"a.txt\"",
  "Content-Type: text/plain"
], "hello")
const validBody = `${purposePart}${filePart}--x--\r\n`
const boundaryX = "multipart/form-data; boundary=x"

const sendRaw = (
  server: TestServer.TestServerShape,
  contentType: string,
  body: string | ReadableStream<Uint8Array>
): Effect.Effect<Answer> =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.apiKey}`, "content-type": contentType },
      body,
      // A stream is sent chunked, without a Content-Length.
      ...(typeof body === "string" ? {} : { duplex: "half" as const })
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not JSON: kept as text for the assertion to show.
    }
    return { status: response.status, headers: response.headers, body: parsed, text }
  })

/** `text` as a stream of 64 KiB chunks: a body whose size is known only once it has been read. */
const chunked = (text: string): ReadableStream<Uint8Array> => {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, offset + 65_536))
      offset += 65_536
    }
  })
}

const expectMalformed = (answer: Answer, detail: string) => {
  const body = expectError(answer, 400, "malformed_request_error")
  expect(body.detail).toContain(detail)
}

const uploadFile = (server: TestServer.TestServerShape, name: string, type: string) =>
  Effect.promise(async () => {
    const form = new FormData()
    form.append("purpose", "other")
    form.append("file", new Blob([new TextEncoder().encode("<script>alert(1)</script>")], { type }), name)
    const response = await fetch(`${server.baseUrl}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.apiKey}` },
      body: form
    })
    expect(response.status).toBe(200)
    const file = await response.json() as { readonly id: string; readonly filename: string | null }
    return file
  })

/** The name a `filename*=UTF-8''…` parameter carries. */
const extendedFilename = (disposition: string): string | undefined => {
  const encoded = /filename\*=UTF-8''([^;\s]*)/.exec(disposition)?.[1]
  return encoded === undefined ? undefined : decodeURIComponent(encoded)
}

for (const kind of TestDatabase.testDatabases) {
  describe(`files hardening (${kind})`, () => {
    layer(TestServer.layer(kind).pipe(Layer.provide(errorLogger)), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a multipart body that cannot be read is a 400 saying why, never a 500, and logs no error", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          errorsLogged.length = 0
          const boundary = "needs a boundary in its Content-Type"
          const cutShort = "ended before its closing boundary"
          const cases: ReadonlyArray<readonly [string, string | ReadableStream<Uint8Array>, string]> = [
            // The fuzz run's finding: no boundary at all, an empty one, a quoted empty one.
            ["multipart/form-data", validBody, boundary],
            ["multipart/form-data;", validBody, boundary],
            ["multipart/form-data; boundary=", validBody, boundary],
            ["multipart/form-data; boundary=\"\"", validBody, boundary],
            ["multipart/form-data; charset=utf-8", validBody, boundary],
            // A boundary other than the body's, a body cut short, an empty body, no closing boundary.
            ["multipart/form-data; boundary=y", validBody, cutShort],
            ["multipart/form-data; boundary=\"a long boundary that is not the body's\"", validBody, cutShort],
            [boundaryX, validBody.slice(0, validBody.length - 40), cutShort],
            [boundaryX, "", cutShort],
            [boundaryX, `${purposePart}${filePart}`, cutShort],
            [boundaryX, "not multipart at all", cutShort],
            // Parts that are not form fields.
            [boundaryX, `${part(["not a header"], "v")}--x--\r\n`, "headers could not be read"],
            [boundaryX, `${part(["Content-Disposition: form-data"], "v")}--x--\r\n`, "Content-Disposition"],
            [boundaryX, `${part(["Content-Type: text/plain"], "v")}${filePart}--x--\r\n`, "Content-Disposition"],
            // Over the 1 MiB body limit, declared or found while reading (chunked, no length).
            [boundaryX, `${purposePart}${filePart.replace("hello", "a".repeat(1_100_000))}--x--\r\n`, "1 MiB"],
            [boundaryX, chunked(`${purposePart}${filePart.replace("hello", "a".repeat(1_100_000))}--x--\r\n`), "1 MiB"],
            [
              boundaryX,
              chunked(`${part(["Content-Disposition: form-data; name=\"description\""], "d".repeat(1_100_000))}`),
              "1 MiB"
            ],
            // Not multipart: the endpoint says which type it takes.
            ["text/plain", "hello", "multipart/form-data"],
            ["multipart/mixed; boundary=x", validBody, "multipart/form-data"],
            ["application/x-www-form-urlencoded", "purpose=other", "multipart/form-data"],
            ["application/json", "{\"purpose\":\"other\"}", "Upload files as multipart/form-data"]
          ]
          for (const [contentType, body, detail] of cases) {
            expectMalformed(yield* sendRaw(server, contentType, body), detail)
          }
          expect(errorsLogged).toEqual([])
        }))

      it.effect("parts that do not make an upload are a 400 naming the part", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          errorsLogged.length = 0
          const fileAsField = part(["Content-Disposition: form-data; name=\"file\""], "hello")
          const secondFile = filePart.replace("a.txt", "b.txt")
          const cases: ReadonlyArray<readonly [string, string]> = [
            [`${purposePart}--x--\r\n`, "file"],
            [`${purposePart}${fileAsField}--x--\r\n`, "file"],
            [`${purposePart}${filePart}${secondFile}--x--\r\n`, "file"],
            [`${purposePart}${purposePart}${filePart}--x--\r\n`, "purpose"],
            [`${purposePart.replace("purpose", "__proto__")}${purposePart}${filePart}--x--\r\n`, "__proto__"],
            [`${purposePart}${filePart.replace("name=\"file\"", "name=\"upload\"")}--x--\r\n`, "upload"]
          ]
          for (const [body, field] of cases) expectInvalidParameters(yield* sendRaw(server, boundaryX, body), [field])
          expect((yield* sendRaw(server, boundaryX, validBody)).status).toBe(200)
          expect(errorsLogged).toEqual([])
        }))

      it.effect("contents are never sniffed; only raster images and PDF are shown in place, the rest is saved", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const cases: ReadonlyArray<readonly [string, string, "inline" | "attachment"]> = [
            ["photo.png", "image/png", "inline"],
            ["photo.jpg", "image/jpeg", "inline"],
            ["anim.gif", "image/gif", "inline"],
            ["photo.webp", "image/webp", "inline"],
            ["statement.pdf", "application/pdf", "inline"],
            ["drawing.svg", "image/svg+xml", "attachment"],
            ["page.html", "text/html", "attachment"],
            ["page.xhtml", "application/xhtml+xml", "attachment"],
            ["notes.txt", "text/plain", "attachment"],
            ["data.bin", "application/octet-stream", "attachment"],
            ["script.js", "text/javascript", "attachment"]
          ]
          for (const [name, type, disposition] of cases) {
            const file = yield* uploadFile(server, name, type)
            const contents = yield* raw(server).get(`/files/${file.id}/contents`)
            expect(contents.status).toBe(200)
            expect(contents.headers.get("content-type")).toBe(type)
            expect(contents.headers.get("x-content-type-options")).toBe("nosniff")
            const header = contents.headers.get("content-disposition") ?? ""
            expect(header.startsWith(`${disposition};`), `${type}: ${header}`).toBe(true)
            expect(extendedFilename(header)).toBe(name)
            const policy = contents.headers.get("content-security-policy") ?? ""
            expect(policy).toContain("default-src 'none'")
            // Chrome and Safari do not start their PDF viewers in a sandboxed document.
            expect(policy.includes("sandbox")).toBe(type !== "application/pdf")
            expect(contents.text).toBe("<script>alert(1)</script>")
          }
        }))

      it.effect("the service's own check images (SVG) are attachments too", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const item = yield* mailToAddress(server.client, yield* activeAddress(server.client), 100)
          const scan = yield* raw(server).get(`/files/${item.file_id}/contents`)
          expect(scan.headers.get("content-type")).toBe("image/svg+xml")
          expect(scan.headers.get("content-disposition")).toMatch(/^attachment; /)
          expect(scan.headers.get("content-security-policy")).toContain("sandbox")
          expect(scan.headers.get("x-content-type-options")).toBe("nosniff")
        }))

      it.effect("a filename is carried exactly (RFC 8187) beside an ASCII fallback", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (
            const name of ["résumé (final).pdf", "Überweisung 100%.png", "a'b;c,d=e.txt", "日本語.txt", "x\"y\\z.txt"]
          ) {
            const file = yield* uploadFile(server, name, "text/plain")
            const contents = yield* raw(server).get(`/files/${file.id}/contents`)
            const header = contents.headers.get("content-disposition") ?? ""
            // The name as stored (a form encodes `"` in a filename as %22), recovered exactly from the header.
            expect(extendedFilename(header)).toBe(file.filename)
            expect(header).toMatch(
              /^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/
            )
          }
        }))
    })
  })
}
