/**
 * The two web-standard globals the domain uses, declared by the members it
 * uses, instead of the whole DOM library: the domain must compile without
 * Node's types and without a browser's, so a global that only one runtime has
 * fails `pnpm check`. `URL` (WHATWG URL) and `TextEncoder` (UTF-8) exist in
 * Node, Deno, Bun, browsers and workers alike. A member not declared here is
 * added here when the domain first needs it.
 */

interface URL {
  readonly hostname: string
  readonly protocol: string
  username: string
  password: string
  toString(): string
}

declare const URL: {
  prototype: URL
  new(url: string, base?: string): URL
}

interface TextEncoder {
  encode(input?: string): Uint8Array
}

declare const TextEncoder: {
  prototype: TextEncoder
  new(): TextEncoder
}
