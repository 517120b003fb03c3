/**
 * The network side of where webhooks may go (`WebhookDestination` in domain is
 * the rule): the operator's allowed hosts, name resolution at creation, and,
 * for every delivery, a connection that goes only to an address that was
 * judged.
 *
 * - `MONETA_WEBHOOK_ALLOWED_HOSTS`: comma-separated host names or IP
 *   addresses that may receive whatever they resolve to (an internal
 *   receiver the operator vouches for). Empty by default.
 * - `HOST`, the address the server listens on: the sandbox sends to loopback
 *   addresses only while it is a loopback one (`listensOnLoopbackOnly`), as a
 *   server others can reach must not let them probe its host's ports.
 * - Delivery: the HTTP agent resolves each host itself (`guardedLookup`),
 *   judges every address, and connects to the address it judged, so a name
 *   that resolves differently at delivery time (DNS rebinding) is refused,
 *   not followed. IP literals are judged before the request (`Delivery`).
 * - Redirects are never followed (undici's default).
 */
import type { Environment } from "@moneta/domain/Environment"
import {
  addressRefusal,
  hostOf,
  isAllowedHost,
  isLoopbackName,
  listensOnLoopbackOnly,
  type Reach,
  reachOf,
  WebhookDestinations
} from "@moneta/domain/WebhookDestination"
import { Config, Duration, Effect, Layer, Schema } from "effect"
import type { Scope } from "effect"
import * as Dns from "node:dns"
import type { LookupFunction } from "node:net"
import { Agent } from "undici"

/** Refused by the destination rule: the delivery is not sent. */
export class RefusedDestination extends Error {
  readonly code = "EMONETA_REFUSED_DESTINATION"
  constructor(readonly reason: string) {
    super(`webhook destination refused: ${reason}`)
  }
}

/** The refusal somewhere in an error's cause chain, if any. */
export const refusalIn = (error: unknown): RefusedDestination | undefined => {
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 10; depth++) {
    if (cause instanceof RefusedDestination) return cause
    cause = typeof cause === "object" && "cause" in cause ? cause.cause : undefined
  }
  return undefined
}

export const config = Config.Array(Schema.String, "MONETA_WEBHOOK_ALLOWED_HOSTS").pipe(
  Config.map((hosts) => hosts.map((host) => host.trim().toLowerCase()).filter((host) => host !== "")),
  Config.withDefault<ReadonlyArray<string>>([])
)

/**
 * The address the server listens on: `HOST`, with the same default as
 * `@moneta/server`'s `ServerConfig` (which this package cannot import; a
 * server test checks that the two agree).
 */
export const listenHostConfig = Config.String("HOST").pipe(Config.withDefault("127.0.0.1"))

/** How long resolving a name at creation may take; a name that does not resolve in time is judged at delivery. */
const resolveTimeout = Duration.seconds(2)

const resolve = (hostname: string) =>
  Effect.tryPromise(() => Dns.promises.lookup(hostname, { all: true, verbatim: true })).pipe(
    Effect.map((addresses) => addresses.map((entry) => entry.address)),
    Effect.timeout(resolveTimeout),
    Effect.orElseSucceed((): ReadonlyArray<string> => [])
  )

/** `WebhookDestinations` from the environment's configuration and the system resolver. */
export const layer: Layer.Layer<never, Config.ConfigError> = Layer.effect(
  WebhookDestinations,
  Effect.map(Config.all({ allowedHosts: config, listenHost: listenHostConfig }), ({ allowedHosts, listenHost }) => ({
    allowedHosts,
    loopbackInSandbox: listensOnLoopbackOnly(listenHost),
    resolve
  }))
)

/** Resolves every address of a name, as `dns.lookup` with `all: true` does. */
export type ResolveAll = (
  hostname: string,
  options: Dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: Array<Dns.LookupAddress>) => void
) => void

/**
 * A `lookup` for outgoing connections that resolves as usual (`resolveAll`,
 * the system resolver by default) and then refuses the connection unless every
 * address is within `reach`; the connection goes to an address so judged.
 */
export const guardedLookup = (
  reach: Reach,
  allowedHosts: ReadonlyArray<string>,
  resolveAll: ResolveAll = Dns.lookup
): LookupFunction =>
(hostname, options, callback) => {
  resolveAll(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, "", 0)
    const host = hostOf(new URL(`http://${hostname.includes(":") ? `[${hostname}]` : hostname}`))
    const refusal = isAllowedHost(allowedHosts, host)
      ? undefined
      : isLoopbackName(host) && reach === "public"
      ? "points to a loopback address"
      : addresses.map((entry) => addressRefusal(reach, entry.address)).find((reason) => reason !== undefined)
    if (refusal !== undefined) {
      return callback(new RefusedDestination(refusal.replace(/^points to/, "resolves to")), "", 0)
    }
    if (options.all === true) return callback(null, addresses)
    const [first] = addresses
    return first === undefined
      ? callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0)
      : callback(null, first.address, first.family)
  })
}

/** The HTTP agent deliveries of `environment` go through: connections only to judged addresses, no redirects. */
export const makeAgent = (
  environment: Environment,
  resolveAll?: ResolveAll
): Effect.Effect<Agent, never, Scope.Scope> =>
  Effect.gen(function*() {
    const { allowedHosts, loopbackInSandbox } = yield* WebhookDestinations
    const lookup = guardedLookup(reachOf(environment, loopbackInSandbox), allowedHosts, resolveAll)
    return yield* Effect.acquireRelease(
      Effect.sync(() => new Agent({ connect: { lookup } })),
      (agent) => Effect.promise(() => agent.destroy())
    )
  })
