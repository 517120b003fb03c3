import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { FileId } from "../src/core/Ids.js"
import * as CheckImage from "../src/mail/CheckImage.js"
import * as File from "../src/mail/File.js"
import { timestampArbitrary } from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

describe("check images of simulated mail", () => {
  it("formats cents as dollars with thousands separators", () => {
    expect(CheckImage.formatDollars(0)).toBe("$0.00")
    expect(CheckImage.formatDollars(5)).toBe("$0.05")
    expect(CheckImage.formatDollars(123_456)).toBe("$1,234.56")
    expect(CheckImage.formatDollars(100_000_000_00)).toBe("$100,000,000.00")
  })

  prop("the same check always draws the same image, showing its amount", [
    fc.integer({ min: 1, max: 10 ** 11 }),
    fc.option(fc.string())
  ], ([amount, payee]) => {
    const check = { amount, payee, mailedTo: "1 Lockbox Plaza" }
    const front = CheckImage.front(check)
    expect(CheckImage.front({ ...check })).toBe(front)
    expect(front).toContain(CheckImage.formatDollars(amount))
    expect(CheckImage.mailScan(check)).toContain(front)
  })

  prop("text written on the check cannot break out of the SVG", [fc.string()], ([payee]) => {
    const svg = CheckImage.front({ amount: 100, payee: `${payee}<script>&"'`, mailedTo: "<x>" })
    expect(svg).not.toContain("<script>")
    expect(svg.match(/<svg /g)).toHaveLength(1)
    expect(CheckImage.mailScan({ amount: 100, payee, mailedTo: "</svg><svg>" })).not.toContain("</svg><svg>")
  })
})

describe("files", () => {
  prop("a produced file is from_increase and keyless; an uploaded one is to_increase with the key", [
    timestampArbitrary
  ], ([createdAt]) => {
    const produced = File.produced({
      id: FileId.make("file_a"),
      createdAt,
      purpose: "inbound_mail_item",
      filename: "scan.svg",
      mimeType: CheckImage.mimeType,
      description: null
    })
    expect(produced).toMatchObject({ direction: "from_increase", idempotency_key: null, purpose: "inbound_mail_item" })
    const uploaded = File.uploaded({
      id: FileId.make("file_b"),
      createdAt,
      body: { purpose: "check_image_back" },
      filename: null,
      mimeType: "image/png",
      idempotencyKey: "key"
    })
    expect(uploaded).toMatchObject({
      direction: "to_increase",
      idempotency_key: "key",
      description: null,
      filename: null
    })
    expect(File.createdEvent(uploaded)).toEqual({
      category: "file.created",
      associatedObjectType: "file",
      associatedObjectId: "file_b"
    })
  })
})
