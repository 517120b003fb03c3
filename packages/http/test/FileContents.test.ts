import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { contentDisposition, dispositionOf } from "../src/FileContents.js"

/** Any JavaScript string, lone surrogates and control characters included. */
const anyName = fc.string({ unit: "binary", maxLength: 60 })

/** The text a name becomes in UTF-8 (a lone surrogate is written as U+FFFD). */
const asUtf8 = (name: string) => new TextDecoder().decode(new TextEncoder().encode(name))

describe("file contents headers", () => {
  it("Content-Disposition is visible ASCII, its fallback a safe token, and filename* the exact name", () => {
    fc.assert(
      fc.property(anyName, fc.constantFrom("inline" as const, "attachment" as const), (name, disposition) => {
        const header = contentDisposition(disposition, name)
        expect(header).toMatch(/^[\x20-\x7e]*$/)
        const match =
          /^(inline|attachment); filename="([A-Za-z0-9._-]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/
            .exec(header)
        expect(match?.[1]).toBe(disposition)
        expect(decodeURIComponent(match?.[3] ?? "")).toBe(asUtf8(name))
      })
    )
  })

  it("only raster images and PDF are shown in place; parameters and case do not matter", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "IMAGE/PNG"]) {
      expect(dispositionOf(type), type).toBe("inline")
    }
    expect(dispositionOf("application/pdf; name=x")).toBe("inline")
    for (
      const type of [
        "image/svg+xml",
        "text/html",
        "text/plain",
        "application/xhtml+xml",
        "application/xml",
        "application/octet-stream",
        "image/png+xml",
        "image/pngx",
        ""
      ]
    ) {
      expect(dispositionOf(type), type).toBe("attachment")
    }
  })
})
