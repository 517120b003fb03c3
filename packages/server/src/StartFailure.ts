/**
 * What `moneta` says when it cannot start: one line naming the cause and what
 * to change, for the failures a person meets (the port in use or not
 * allowed, the embedded data directory held by another server, a setting
 * refused, the database not reachable). Anything else is not explained
 * here: its whole report, stack traces included, is what a bug report needs.
 */
import { Cause, Config, Option, Predicate } from "effect"

/** `error` and the errors it was caused by (their `cause`), outermost first. */
const causeChain = (error: unknown): ReadonlyArray<unknown> => {
  const chain: Array<unknown> = []
  let current = error
  while (current !== undefined && current !== null && !chain.includes(current) && chain.length < 16) {
    chain.push(current)
    current = Predicate.isObject(current) && "cause" in current ? current.cause : undefined
  }
  return chain
}

const stringField = (error: unknown, name: string): string | undefined => {
  const value = Predicate.isObject(error) && name in error ? error[name] : undefined
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined
}

/** A refused `listen` (node's error carries its `code`, `address` and `port`). */
const listenFailure = (error: unknown): string | undefined => {
  const code = stringField(error, "code")
  const port = stringField(error, "port")
  const address = stringField(error, "address")
  const where = port === undefined ? `the address ${address ?? "asked for"}` : `port ${port} on ${address ?? "HOST"}`
  switch (code) {
    case "EADDRINUSE":
      return `${where} is in use; set PORT to a free port`
    case "EACCES":
      return `${where} needs privileges this process lacks; set PORT to 1024 or above`
    case "EADDRNOTAVAIL":
      return `${
        address ?? "HOST"
      } is not an address of this machine; set HOST (127.0.0.1, or 0.0.0.0 for every interface)`
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return stringField(error, "syscall") === "getaddrinfo"
        ? `HOST ${stringField(error, "hostname") ?? ""} does not resolve to an address; set HOST`.replace("  ", " ")
        : undefined
    default:
      return undefined
  }
}

// store's PgliteOpening.lockDataDir: "<dir> is in use by process <pid> (lock file <file>)".
const heldDataDir = /^(.*) is in use by process (\d+) \(lock file (.*)\)$/

/** The embedded data directory held by another server. */
const dataDirInUse = (error: unknown): string | undefined => {
  const held = error instanceof Error ? heldDataDir.exec(error.message) : null
  if (held === null) return undefined
  const [, dataDir, pid] = held
  return `the data directory ${dataDir} is in use by process ${pid} (another Moneta server?); ` +
    "stop it, or set MONETA_DATA_DIR to another directory"
}

/** A setting refused: `PORT: Expected a value between 1 and 65535`. */
const settingRefused = (error: unknown): string | undefined => {
  if (!(error instanceof Config.ConfigError)) return undefined
  const text = error.cause.message
  const at = /\n\s*at \[(.*)\]\s*$/m.exec(text)?.[1]
  const keys = at === undefined ? [] : Array.from(at.matchAll(/"([^"]*)"/g), (match) => match[1] ?? "")
  const what = text.replace(/\n\s*at \[.*\]/g, "").split(/\s*\n\s*/).join("; ")
  return `${keys.length > 0 ? `${keys.join(".")}: ` : ""}${what} (moneta --help lists the settings)`
}

/** A database that could not be reached or opened: the client's message and its cause's. */
const databaseUnreachable = (chain: ReadonlyArray<unknown>): string | undefined => {
  const index = chain.findIndex((error) => Predicate.isTagged(error, "ConnectionError"))
  if (index < 0) return undefined
  const message = stringField(chain[index], "message") ?? "the database could not be reached"
  const innermost = chain.at(-1)
  const detail = index < chain.length - 1 && innermost instanceof Error ? `: ${innermost.message}` : ""
  return `${message}${detail}`.replace(/\s*\n\s*/g, " ")
}

/** The primary of several processes (`Cluster`): a worker ended before it served (it said why). */
const clusterFailure = (error: unknown): string | undefined =>
  Predicate.isTagged(error, "ClusterError") ? stringField(error, "message") : undefined

/** One line for a failure of a start that a person can act on, if it is one. */
export const explain = (cause: Cause.Cause<unknown>): Option.Option<string> => {
  if (Cause.hasInterruptsOnly(cause)) return Option.none()
  const chain = causeChain(Cause.squash(cause))
  for (const error of chain) {
    const line = listenFailure(error) ?? dataDirInUse(error) ?? settingRefused(error) ?? clusterFailure(error)
    if (line !== undefined) return Option.some(line)
  }
  return Option.fromUndefinedOr(databaseUnreachable(chain))
}
