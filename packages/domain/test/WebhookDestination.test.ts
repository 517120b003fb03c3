/**
 * The destination rule (issue 9): address classification by the special-purpose
 * registries, in every textual form an address can take, and what each
 * environment lets receive.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  type AddressRange,
  addressRefusal,
  classify,
  parseIpv6,
  permits,
  urlRefusal,
  withoutCredentials
} from "../src/events/WebhookDestination.js"
import { prop } from "./support/Property.js"

const byte = fc.integer({ min: 0, max: 255 })
const ipv4 = fc.tuple(byte, byte, byte, byte)
const dotted = (bytes: ReadonlyArray<number>) => bytes.join(".")
const toUint32 = (bytes: ReadonlyArray<number>) => bytes.reduce((value, part) => value * 256 + part, 0)
const hex = (value: number) => value.toString(16)

/** An address inside `base/bits`. */
const inBlock = (base: ReadonlyArray<number>, bits: number) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => {
    const value = toUint32(base) + offset
    return [value >>> 24 & 255, value >>> 16 & 255, value >>> 8 & 255, value & 255]
  })

const ipv4Blocks: ReadonlyArray<readonly [ReadonlyArray<number>, number, AddressRange]> = [
  [[10, 0, 0, 0], 8, "private"],
  [[172, 16, 0, 0], 12, "private"],
  [[192, 168, 0, 0], 16, "private"],
  [[127, 0, 0, 0], 8, "loopback"],
  [[169, 254, 0, 0], 16, "link_local"],
  [[100, 64, 0, 0], 10, "shared"],
  [[224, 0, 0, 0], 4, "multicast"],
  [[198, 18, 0, 0], 15, "benchmarking"],
  [[192, 0, 2, 0], 24, "documentation"],
  [[198, 51, 100, 0], 24, "documentation"],
  [[203, 0, 113, 0], 24, "documentation"],
  [[192, 0, 0, 0], 24, "reserved"]
]

const ipv6Examples: ReadonlyArray<readonly [string, AddressRange]> = [
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["fd12:3456::1", "unique_local"],
  ["fc00::1", "unique_local"],
  ["fe80::1%eth0", "link_local"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "documentation"],
  ["2001::1", "reserved"],
  ["100::1", "reserved"],
  ["::127.0.0.1", "reserved"],
  ["64:ff9b:1::a", "private"],
  ["2606:4700::1111", "public"],
  ["2a00:1450:4001::200e", "public"]
]

describe("address classification", () => {
  for (const [base, bits, range] of ipv4Blocks) {
    prop(`${dotted(base)}/${bits} is ${range}`, [inBlock(base, bits)], ([address]) => {
      expect(classify(dotted(address))).toBe(range)
    })
  }

  it("knows the single addresses and the public space", () => {
    expect(classify("0.0.0.0")).toBe("unspecified")
    expect(classify("0.1.2.3")).toBe("reserved")
    expect(classify("255.255.255.255")).toBe("broadcast")
    expect(classify("240.0.0.1")).toBe("reserved")
    expect(classify("8.8.8.8")).toBe("public")
    expect(classify("93.184.216.34")).toBe("public")
    expect(classify("172.32.0.1")).toBe("public")
    expect(classify("100.128.0.1")).toBe("public")
    expect(classify("example.com")).toBeUndefined()
    expect(classify("1.2.3")).toBeUndefined()
    expect(classify("1.2.3.256")).toBeUndefined()
  })

  for (const [address, range] of ipv6Examples) {
    it(`${address} is ${range}`, () => {
      expect(classify(address)).toBe(range)
      expect(classify(`[${address.replace(/%.*$/, "")}]`)).toBe(range)
    })
  }

  prop("an IPv6 address carrying an IPv4 address (mapped, NAT64, 6to4) is judged by it", [ipv4], ([bytes]) => {
    const expected = classify(dotted(bytes))
    const high = hex(bytes[0] * 256 + bytes[1])
    const low = hex(bytes[2] * 256 + bytes[3])
    expect(classify(`::ffff:${dotted(bytes)}`)).toBe(expected)
    expect(classify(`::ffff:${high}:${low}`)).toBe(expected)
    expect(classify(`64:ff9b::${dotted(bytes)}`)).toBe(expected)
    expect(classify(`2002:${high}:${low}::1`)).toBe(expected)
  })

  prop("every IPv6 form the URL parser produces parses to the same bytes", [
    fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
  ], ([words]) => {
    const full = words.map(hex).join(":")
    const normalized = new URL(`http://[${full}]/`).hostname.slice(1, -1)
    const bytes = words.flatMap((word) => [word >> 8, word & 0xff])
    expect(parseIpv6(full)).toEqual(bytes)
    expect(parseIpv6(normalized)).toEqual(bytes)
  })

  prop("decimal, hexadecimal and octal IPv4 hosts are judged as the address they name", [ipv4], ([bytes]) => {
    const expected = classify(dotted(bytes))
    for (
      const host of [
        String(toUint32(bytes)),
        `0x${hex(toUint32(bytes))}`,
        bytes.map((part) => `0${part.toString(8)}`).join(".")
      ]
    ) {
      expect(classify(new URL(`https://${host}/`).hostname)).toBe(expected)
    }
  })
})

describe("what each reach lets receive", () => {
  prop("public: public only; public_and_loopback: public and loopback", [fc.constantFrom<AddressRange>(
    "public",
    "loopback",
    "private",
    "link_local",
    "unique_local",
    "shared",
    "multicast",
    "unspecified",
    "broadcast",
    "documentation",
    "benchmarking",
    "reserved"
  )], ([range]) => {
    expect(permits("public", range)).toBe(range === "public")
    expect(permits("public_and_loopback", range)).toBe(range === "public" || range === "loopback")
  })

  prop("URLs with credentials are refused everywhere, without repeating them", [
    fc.constantFrom("public" as const, "public_and_loopback" as const),
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.stringMatching(/^[a-z0-9]{0,12}$/)
  ], ([reach, user, password]) => {
    const url = new URL(`https://${user}${password === "" ? "" : `:${password}`}@hooks.example.com/`)
    const refusal = urlRefusal(reach, [], url)
    expect(refusal).toBe("must not contain credentials")
    expect(withoutCredentials(url.toString())).toBe("https://hooks.example.com/")
  })

  it("the examples of the issue", () => {
    for (
      const url of [
        "https://169.254.169.254/latest",
        "https://10.0.0.1/",
        "https://127.0.0.1:22/",
        "https://2130706433/",
        "https://[::ffff:7f00:1]/"
      ]
    ) {
      expect([url, urlRefusal("public", [], new URL(url))]).not.toEqual([url, undefined])
    }
    expect(urlRefusal("public_and_loopback", [], new URL("http://127.0.0.1:3000/hooks"))).toBeUndefined()
    expect(urlRefusal("public_and_loopback", [], new URL("http://localhost:3000/hooks"))).toBeUndefined()
    expect(urlRefusal("public_and_loopback", [], new URL("https://[::1]/hooks"))).toBeUndefined()
    expect(urlRefusal("public_and_loopback", [], new URL("https://10.0.0.1/"))).toBe("points to a private address")
    expect(urlRefusal("public_and_loopback", ["10.0.0.1"], new URL("https://10.0.0.1/"))).toBeUndefined()
    expect(urlRefusal("public", ["hooks.internal"], new URL("https://hooks.internal/"))).toBeUndefined()
    expect(urlRefusal("public", [], new URL("https://hooks.example.com/"))).toBeUndefined()
    expect(addressRefusal("public", "10.1.2.3")).toBe("points to a private address")
    expect(addressRefusal("public_and_loopback", "::1")).toBeUndefined()
  })
})
