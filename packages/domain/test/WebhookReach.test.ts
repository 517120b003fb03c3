/**
 * Issue 28: a sandbox server that listens beyond loopback sends webhooks only
 * where live does. Its reach follows from where it listens; then every
 * loopback or other internal address, in any form (IPv4-mapped IPv6
 * included), is refused unless the operator allows the host.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  addressRefusal,
  classify,
  listensOnLoopbackOnly,
  reachOf,
  urlRefusal
} from "../src/events/WebhookDestination.js"
import { prop } from "./support/Property.js"

const byte = fc.integer({ min: 0, max: 255 })
const dotted = (bytes: ReadonlyArray<number>) => bytes.join(".")
const hex = (value: number) => value.toString(16)

/** An IPv4 address inside `first.second/bits` (bits 8 to 16). */
const inIpv4Block = (first: number, second: number, bits: number) =>
  fc.tuple(fc.integer({ min: 0, max: 2 ** (16 - bits) - 1 }), byte, byte).map(([offset, third, fourth]) => [
    first,
    second + offset,
    third,
    fourth
  ])

const loopbackIpv4 = fc.tuple(byte, byte, byte).map(([b, c, d]) => [127, b, c, d])

/** The internal IPv4 ranges a scan of the server's host and network would go for. */
const internalIpv4 = fc.oneof(
  loopbackIpv4,
  inIpv4Block(10, 0, 8),
  inIpv4Block(172, 16, 12),
  inIpv4Block(192, 168, 16),
  inIpv4Block(169, 254, 16),
  inIpv4Block(100, 64, 10),
  fc.constant([0, 0, 0, 0])
)

/** The same address written as IPv6: IPv4-mapped, in dotted or hexadecimal form. */
const mappedForms = (bytes: ReadonlyArray<number>): ReadonlyArray<string> => [
  `::ffff:${dotted(bytes)}`,
  `::ffff:${hex((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0))}:${hex((bytes[2] ?? 0) * 256 + (bytes[3] ?? 0))}`
]

const word = fc.integer({ min: 0, max: 0xffff })

/** Internal IPv6: loopback, unique-local fc00::/7, link-local fe80::/10. */
const internalIpv6 = fc.oneof(
  fc.constantFrom("::1", "0:0:0:0:0:0:0:1", "::"),
  fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), word, word).map(([a, b, c]) => `${hex(a)}:${hex(b)}::${hex(c)}`),
  fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), word).map(([a, b]) => `${hex(a)}::${hex(b)}`)
)

const publicIpv4 = fc.tuple(byte, byte, byte, byte).filter((bytes) => classify(dotted(bytes)) === "public")

describe("where the server listens", () => {
  prop("any address of 127.0.0.0/8, in any form, is loopback only", [loopbackIpv4], ([bytes]) => {
    expect(listensOnLoopbackOnly(dotted(bytes))).toBe(true)
    for (const form of mappedForms(bytes)) expect(listensOnLoopbackOnly(form)).toBe(true)
  })

  it("::1 and localhost are loopback only", () => {
    for (const host of ["::1", "[::1]", "0:0:0:0:0:0:0:1", "localhost", "LocalHost", "localhost."]) {
      expect([host, listensOnLoopbackOnly(host)]).toEqual([host, true])
    }
  })

  prop("any other IPv4 address is reachable from elsewhere", [
    fc.tuple(byte, byte, byte, byte).filter((bytes) => bytes[0] !== 127)
  ], ([bytes]) => {
    expect(listensOnLoopbackOnly(dotted(bytes))).toBe(false)
  })

  it("every interface, IPv6 addresses beyond ::1 and names are reachable from elsewhere", () => {
    for (const host of ["0.0.0.0", "::", "[::]", "fe80::1", "fd00::1", "2001:db8::1", "example.com", "", "app.local"]) {
      expect([host, listensOnLoopbackOnly(host)]).toEqual([host, false])
    }
  })

  it("the sandbox reaches loopback only while it listens on loopback; live never", () => {
    expect(reachOf("sandbox", true)).toBe("public_and_loopback")
    expect(reachOf("sandbox", false)).toBe("public")
    expect(reachOf("live", true)).toBe("public")
    expect(reachOf("live", false)).toBe("public")
  })
})

describe("a sandbox listening beyond loopback (reach public)", () => {
  prop("refuses every internal IPv4 address, plain and IPv4-mapped, resolved or written in the URL", [
    internalIpv4,
    fc.integer({ min: 1, max: 65535 })
  ], ([bytes, port]) => {
    for (const address of [dotted(bytes), ...mappedForms(bytes)]) {
      expect([address, addressRefusal("public", address)]).not.toEqual([address, undefined])
      const host = address.includes(":") ? `[${address}]` : address
      for (const scheme of ["http", "https"]) {
        const url = new URL(`${scheme}://${host}:${port}/hooks`)
        expect([url.href, urlRefusal("public", [], url)]).not.toEqual([url.href, undefined])
      }
    }
  })

  prop("refuses internal IPv6 addresses", [internalIpv6], ([address]) => {
    expect(addressRefusal("public", address)).toBeDefined()
    expect(urlRefusal("public", [], new URL(`https://[${address}]/`))).toBeDefined()
  })

  it("refuses loopback names whatever they resolve to, naming the address rather than the scheme", () => {
    for (const url of ["http://localhost:3000/", "https://localhost/", "https://LOCALHOST./", "https://a.localhost/"]) {
      expect([url, urlRefusal("public", [], new URL(url))]).toEqual([url, "points to a loopback address"])
    }
    expect(urlRefusal("public", [], new URL("http://10.0.0.1/"))).toBe("points to a private address")
    expect(urlRefusal("public", [], new URL("http://hooks.example.com/"))).toBe("must use https")
  })

  prop("still sends to public addresses over https", [publicIpv4], ([bytes]) => {
    expect(addressRefusal("public", dotted(bytes))).toBeUndefined()
    expect(urlRefusal("public", [], new URL(`https://${dotted(bytes)}/hooks`))).toBeUndefined()
  })

  prop("sends to an internal host the operator names in MONETA_WEBHOOK_ALLOWED_HOSTS", [internalIpv4], ([bytes]) => {
    const url = new URL(`http://${dotted(bytes)}:8080/hooks`)
    expect(urlRefusal("public", [dotted(bytes)], url)).toBeUndefined()
    expect(urlRefusal("public", [], new URL("http://localhost:8080/"))).toBeDefined()
    expect(urlRefusal("public", ["localhost"], new URL("http://localhost:8080/"))).toBeUndefined()
  })
})

describe("a sandbox listening on loopback (reach public_and_loopback)", () => {
  prop("sends to loopback, plain and IPv4-mapped, and refuses the other internal ranges", [internalIpv4], ([bytes]) => {
    const loopback = bytes[0] === 127
    for (const address of [dotted(bytes), ...mappedForms(bytes)]) {
      expect([address, addressRefusal("public_and_loopback", address) === undefined]).toEqual([address, loopback])
    }
  })
})
