/**
 * Where webhooks may go (issue 9, SSRF): the rule, without the network.
 *
 * - A URL with credentials (`https://user:pass@…`) is refused in every
 *   environment, and the refusal never repeats them.
 * - Addresses are classified by the IANA special-purpose registries. The live
 *   environment sends only to public addresses; the sandbox also to loopback
 *   (receivers under development), but only while the server listens on
 *   loopback alone (issue 28): a sandbox others can reach would let anyone
 *   with a key probe the ports of its host and read their answers in the
 *   delivery log. Which of the two applies is the `Reach`. An operator can
 *   name hosts that are allowed whatever they resolve to (`allowedHosts`).
 * - The check applies to the host as written (an IP literal, in any form the
 *   URL parser accepts: `https://2130706433/` is 127.0.0.1) and to every
 *   address a host name resolves to, at creation and again for every
 *   delivery (DNS rebinding): resolving is the caller's part
 *   (`WebhookDestinations`).
 * - IPv6 addresses that carry an IPv4 address (IPv4-mapped, NAT64, 6to4) are
 *   judged by the IPv4 address they carry.
 */
import { Context, Effect } from "effect"
import type { Environment } from "../core/Environment.js"
import { parseUrl } from "../core/Url.js"

/** What an address is, by the special-purpose registries; `public` is everything else. */
export type AddressRange =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "unique_local"
  | "shared"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "documentation"
  | "benchmarking"
  | "reserved"

interface Block {
  readonly prefix: ReadonlyArray<number>
  readonly bits: number
  readonly range: AddressRange
}

const v4 = (text: string, bits: number, range: AddressRange): Block => ({
  prefix: text.split(".").map(Number),
  bits,
  range
})

// IPv4 special-purpose registry (RFC 6890 and successors).
const ipv4Blocks: ReadonlyArray<Block> = [
  v4("0.0.0.0", 32, "unspecified"),
  v4("0.0.0.0", 8, "reserved"),
  v4("10.0.0.0", 8, "private"),
  v4("100.64.0.0", 10, "shared"),
  v4("127.0.0.0", 8, "loopback"),
  v4("169.254.0.0", 16, "link_local"),
  v4("172.16.0.0", 12, "private"),
  v4("192.0.0.0", 24, "reserved"),
  v4("192.0.2.0", 24, "documentation"),
  v4("192.88.99.0", 24, "reserved"),
  v4("192.168.0.0", 16, "private"),
  v4("198.18.0.0", 15, "benchmarking"),
  v4("198.51.100.0", 24, "documentation"),
  v4("203.0.113.0", 24, "documentation"),
  v4("224.0.0.0", 4, "multicast"),
  v4("255.255.255.255", 32, "broadcast"),
  v4("240.0.0.0", 4, "reserved")
]

const v6 = (words: ReadonlyArray<number>, bits: number, range: AddressRange): Block => ({
  prefix: words.flatMap((word) => [word >> 8, word & 0xff]),
  bits,
  range
})

// IPv6 special-purpose registry; checked in order, the first match decides.
const ipv6Blocks: ReadonlyArray<Block> = [
  v6([0, 0, 0, 0, 0, 0, 0, 0], 128, "unspecified"),
  v6([0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback"),
  v6([0x64, 0xff9b, 1], 48, "private"),
  v6([0x100], 64, "reserved"),
  v6([0x2001, 0xdb8], 32, "documentation"),
  v6([0x2001, 0x2], 48, "benchmarking"),
  v6([0x2001], 23, "reserved"),
  v6([0x3fff], 20, "documentation"),
  v6([0x5f00], 16, "reserved"),
  v6([0xfc00], 7, "unique_local"),
  v6([0xfe80], 10, "link_local"),
  v6([0xfec0], 10, "reserved"),
  v6([0xff00], 8, "multicast")
]

const matches = (bytes: ReadonlyArray<number>, block: Block): boolean => {
  for (let bit = 0; bit < block.bits; bit += 8) {
    const width = Math.min(8, block.bits - bit)
    const mask = (0xff << (8 - width)) & 0xff
    if (((bytes[bit / 8] ?? 0) & mask) !== ((block.prefix[bit / 8] ?? 0) & mask)) return false
  }
  return true
}

/** Dotted-quad IPv4, four decimal parts (the form URLs and resolvers produce). */
export const parseIpv4 = (text: string): ReadonlyArray<number> | undefined => {
  const parts = text.split(".")
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part))) return undefined
  const bytes = parts.map(Number)
  return bytes.every((byte) => byte <= 255) ? bytes : undefined
}

/** IPv6 in any textual form (`::` compression, a trailing dotted IPv4, a `%zone`); 16 bytes. */
export const parseIpv6 = (text: string): ReadonlyArray<number> | undefined => {
  const address = text.replace(/%.*$/, "")
  const halves = address.split("::")
  if (halves.length > 2) return undefined
  const words = (half: string): Array<number> | undefined => {
    if (half === "") return []
    const groups = half.split(":")
    const result: Array<number> = []
    for (const [index, group] of groups.entries()) {
      if (index === groups.length - 1 && group.includes(".")) {
        const embedded = parseIpv4(group)
        if (embedded === undefined) return undefined
        result.push(((embedded[0] ?? 0) << 8) | (embedded[1] ?? 0), ((embedded[2] ?? 0) << 8) | (embedded[3] ?? 0))
      } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
        result.push(parseInt(group, 16))
      } else {
        return undefined
      }
    }
    return result
  }
  const head = words(halves[0] ?? "")
  const tail = halves.length === 2 ? words(halves[1] ?? "") : []
  if (head === undefined || tail === undefined) return undefined
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => 0), ...tail]
  return all.flatMap((word) => [word >> 8, word & 0xff])
}

const classifyIpv4 = (bytes: ReadonlyArray<number>): AddressRange =>
  ipv4Blocks.find((block) => matches(bytes, block))?.range ?? "public"

const startsWith = (bytes: ReadonlyArray<number>, prefix: ReadonlyArray<number>) =>
  prefix.every((byte, index) => bytes[index] === byte)

const classifyIpv6 = (bytes: ReadonlyArray<number>): AddressRange => {
  // IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96 carry an IPv4 address in their last 32 bits.
  if (
    startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) ||
    startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
  ) {
    return classifyIpv4(bytes.slice(12))
  }
  // 6to4 2002::/16 carries one in bits 16-47.
  if (startsWith(bytes, [0x20, 0x02])) return classifyIpv4(bytes.slice(2, 6))
  const special = ipv6Blocks.find((block) => matches(bytes, block))
  if (special !== undefined) return special.range
  // Global unicast is 2000::/3; the rest (IPv4-compatible ::/96 included) is reserved.
  return ((bytes[0] ?? 0) & 0xe0) === 0x20 ? "public" : "reserved"
}

/** The range of an IP address written as text (IPv4 dotted quad, or IPv6 with or without brackets); `undefined` for a name. */
export const classify = (address: string): AddressRange | undefined => {
  const ipv4 = parseIpv4(address)
  if (ipv4 !== undefined) return classifyIpv4(ipv4)
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  const ipv6 = bare.includes(":") ? parseIpv6(bare) : undefined
  return ipv6 === undefined ? undefined : classifyIpv6(ipv6)
}

/**
 * The addresses deliveries may go to (besides the operator's allowed hosts):
 * public ones only, or loopback ones too.
 */
export type Reach = "public" | "public_and_loopback"

/**
 * Whether a server listening on `host` (its `HOST`) can be reached from its
 * own machine only: an address of 127.0.0.0/8 or ::1 in any form (IPv4-mapped
 * included), or `localhost`. Anything else (`0.0.0.0`, `::`, a LAN address, a
 * name) is reachable from elsewhere.
 */
export const listensOnLoopbackOnly = (host: string): boolean =>
  host.trim().toLowerCase().replace(/\.$/, "") === "localhost" || classify(host.trim()) === "loopback"

/**
 * Whom a server's deliveries may reach: live sends to public addresses only;
 * the sandbox also to loopback ones, unless `loopbackInSandbox` is off (the
 * server listens beyond loopback: `listensOnLoopbackOnly`).
 */
export const reachOf = (environment: Environment, loopbackInSandbox: boolean): Reach =>
  environment === "sandbox" && loopbackInSandbox ? "public_and_loopback" : "public"

/** Whether deliveries of this reach go to an address of this range. */
export const permits = (reach: Reach, range: AddressRange): boolean =>
  range === "public" || (reach === "public_and_loopback" && range === "loopback")

/** Host names that are loopback by definition (RFC 6761), whatever a resolver says. */
export const isLoopbackName = (hostname: string): boolean => {
  const name = hostname.toLowerCase().replace(/\.$/, "")
  return name === "localhost" || name.endsWith(".localhost")
}

/** The host of a URL as `classify` and `allowedHosts` take it: lower case, IPv6 without brackets. */
export const hostOf = (url: URL): string => {
  const host = url.hostname.toLowerCase()
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host
}

/** Whether the operator allows this host whatever it resolves to. */
export const isAllowedHost = (allowedHosts: ReadonlyArray<string>, host: string): boolean =>
  allowedHosts.some((allowed) => allowed.toLowerCase().replace(/^\[|\]$/g, "") === host)

const described: Record<AddressRange, string> = {
  public: "a public",
  loopback: "a loopback",
  private: "a private",
  link_local: "a link-local",
  unique_local: "a unique-local",
  shared: "a shared (carrier-grade NAT)",
  multicast: "a multicast",
  unspecified: "an unspecified",
  broadcast: "a broadcast",
  documentation: "a documentation",
  benchmarking: "a benchmarking",
  reserved: "a reserved"
}

/** Why an address may not receive, or `undefined` when it may. Never names the URL. */
export const addressRefusal = (reach: Reach, address: string): string | undefined => {
  const range = classify(address)
  if (range === undefined) return "is not an IP address"
  return permits(reach, range) ? undefined : `points to ${described[range]} address`
}

/**
 * Why a URL may not receive webhooks, judged on its text alone (scheme,
 * credentials, an IP literal or a loopback name as host), or `undefined`;
 * a host name must still be resolved and each address judged. An address
 * outside the reach is named before the scheme: switching to https would not
 * help (`http://localhost` on a server that sends only to public addresses).
 */
export const urlRefusal = (
  reach: Reach,
  allowedHosts: ReadonlyArray<string>,
  url: URL
): string | undefined => {
  if (url.username !== "" || url.password !== "") return "must not contain credentials"
  const host = hostOf(url)
  if (isAllowedHost(allowedHosts, host)) return undefined
  const range = isLoopbackName(host) ? "loopback" : classify(host)
  if (range !== undefined && !permits(reach, range)) return `points to ${described[range]} address`
  if (url.protocol !== "https:" && !(reach === "public_and_loopback" && range === "loopback")) {
    return reach === "public_and_loopback" ? "must use https (plain http only to localhost)" : "must use https"
  }
  return undefined
}

/** The URL without user name and password, for anything that shows it (a URL stored before the rule may have them). */
export const withoutCredentials = (url: string): string => {
  const parsed = parseUrl(url)
  if (parsed === undefined) return url
  if (parsed.username === "" && parsed.password === "") return url
  parsed.username = ""
  parsed.password = ""
  return parsed.toString()
}

/** Whether a host needs resolving before it can be judged (a name, not allowed outright, not loopback by name). */
export const needsResolving = (allowedHosts: ReadonlyArray<string>, url: URL): boolean => {
  const host = hostOf(url)
  return !isAllowedHost(allowedHosts, host) && !isLoopbackName(host) && classify(host) === undefined
}

/**
 * The network side of the rule, provided by `@moneta/webhooks`
 * (`Destinations.layer`): the hosts the operator allows, and name resolution.
 * Without it (a host application that embeds the bank and provides nothing),
 * no host is allowed beyond the rule and names are not resolved at creation;
 * the dispatcher still judges every resolved address when it delivers.
 */
export interface WebhookDestinations {
  readonly allowedHosts: ReadonlyArray<string>
  /**
   * Whether sandbox deliveries may go to loopback addresses: only while the
   * server listens on loopback alone (`listensOnLoopbackOnly`). Without the
   * layer it is on: a host application that embeds the bank listens where it
   * chooses, and says so by providing this service.
   */
  readonly loopbackInSandbox: boolean
  /** Every address the name resolves to; empty when it does not resolve (in time). */
  readonly resolve: (hostname: string) => Effect.Effect<ReadonlyArray<string>>
}

export const WebhookDestinations = Context.Reference<WebhookDestinations>(
  "@moneta/domain/WebhookDestination/WebhookDestinations",
  { defaultValue: () => ({ allowedHosts: [], loopbackInSandbox: true, resolve: () => Effect.succeed([]) }) }
)
