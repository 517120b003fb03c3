/**
 * The headers of `GET /files/{id}/contents`. A file's bytes and content type
 * are whatever its uploader sent, and they are answered from the API's own
 * origin, so a browser must never run them: no sniffing (`nosniff`), only
 * types a browser shows without running anything are `inline` (raster images
 * and PDF; SVG is an image that can carry script), everything else is an
 * `attachment`, and a Content-Security-Policy that loads nothing and
 * sandboxes the document (docs/decisions.md, "File uploads and downloads").
 */
import type { File } from "@moneta/domain/File"

/** Raster images browsers display without running anything; not SVG, which is a document that can carry script. */
const inlineImageTypes: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"])
const pdfType = "application/pdf"

/**
 * Loads nothing and runs nothing; `style-src 'unsafe-inline'` only lets the
 * browser style its own image view. `sandbox` gives the document a unique
 * origin with scripts, forms and popups off.
 */
const sandboxedPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
/**
 * PDF without `sandbox`: Chrome and Safari refuse to start their built-in
 * PDF viewers in a sandboxed document (the viewer counts as a plugin), and
 * those viewers run a PDF's own scripts isolated from the page's origin.
 */
const pdfPolicy = "default-src 'none'; style-src 'unsafe-inline'"

export type Disposition = "inline" | "attachment"

const mediaTypeOf = (mimeType: string) => (mimeType.split(";", 1)[0] ?? "").trim().toLowerCase()

/** Whether a browser may show a file of this type in place, rather than only save it. */
export const dispositionOf = (mimeType: string): Disposition => {
  const mediaType = mediaTypeOf(mimeType)
  return inlineImageTypes.has(mediaType) || mediaType === pdfType ? "inline" : "attachment"
}

/** RFC 8187 `attr-char`: what `filename*` may carry unescaped. */
const attrChar = /^[A-Za-z0-9!#$&+\-.^_`|~]$/

/** RFC 8187 `ext-value` of `name` in UTF-8: every byte that is not an attr-char percent-encoded. */
const extendedValue = (name: string): string => {
  // TextEncoder writes a lone surrogate as U+FFFD, so any JavaScript string encodes (encodeURIComponent would throw).
  const bytes = new TextEncoder().encode(name)
  let encoded = ""
  for (const byte of bytes) {
    const char = String.fromCharCode(byte)
    encoded += byte < 0x80 && attrChar.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`
  }
  return `UTF-8''${encoded}`
}

/** A quoted-string fallback for clients without RFC 8187: ASCII letters, digits, `.`, `_` and `-` only. */
const asciiFallback = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, "_")

/** `Content-Disposition` (RFC 6266) with an ASCII fallback and the exact name (RFC 8187, formerly 5987). */
export const contentDisposition = (disposition: Disposition, name: string): string =>
  `${disposition}; filename="${asciiFallback(name)}"; filename*=${extendedValue(name)}`

/** Every header of a file's contents besides its length. */
export const contentHeaders = (file: File): Record<string, string> => {
  const disposition = dispositionOf(file.mime_type)
  return {
    "content-disposition": contentDisposition(disposition, file.filename ?? file.id),
    "x-content-type-options": "nosniff",
    "content-security-policy": disposition === "inline" && mediaTypeOf(file.mime_type) === pdfType
      ? pdfPolicy
      : sandboxedPolicy
  }
}
