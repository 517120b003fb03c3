/** `moneta --help`: what the command does and the configuration it reads from the environment. */
import { defaultDataDir } from "@moneta/store/PgliteOpening"
import { Schema } from "effect"
import { readFileSync } from "node:fs"

export interface Setting {
  readonly name: string
  readonly default: string
  readonly meaning: string
}

/** Every environment variable the server reads (README, "Configuration"). */
export const settings: ReadonlyArray<Setting> = [
  { name: "PORT", default: "4010", meaning: "port to listen on" },
  { name: "HOST", default: "127.0.0.1", meaning: "address to listen on (0.0.0.0 to accept outside connections)" },
  {
    name: "DATABASE_URL",
    default: "unset",
    meaning: "a real Postgres (postgres://user:password@host:5432/db); when unset, the embedded database"
  },
  {
    name: "MONETA_PREPARED_STATEMENTS",
    default: "true",
    meaning: "named prepared statements, on Postgres and embedded (false behind a pooler that cannot keep them)"
  },
  {
    name: "MONETA_DATABASE_WAIT",
    default: "60 seconds",
    meaning: "how long a start waits for a Postgres that is not up yet before it gives up (0 seconds: try once)"
  },
  {
    name: "MONETA_DATA_DIR",
    default: defaultDataDir,
    meaning: "directory of the embedded database; memory:// for a throwaway one"
  },
  {
    name: "MONETA_TEMPLATE_DIR",
    default: "moneta-templates in the OS temp dir",
    meaning: "where the migrated template a new embedded database starts from is cached"
  },
  {
    name: "MONETA_API_KEY",
    default: "unset",
    meaning: "the API key to register for the first group; when unset, a new sandbox key is printed at each start"
  },
  {
    name: "MONETA_ADMIN_KEY",
    default: "unset",
    meaning: "the control API's admin key (moneta groups|keys), at least 16 characters; when unset, it is off"
  },
  { name: "MONETA_ENVIRONMENT", default: "sandbox", meaning: "sandbox (with /simulations/*) or live" },
  {
    name: "MONETA_PROCESSES",
    default: "1",
    meaning: "server processes behind the one port (more than 1 needs DATABASE_URL)"
  },
  {
    name: "MONETA_HEADERS_TIMEOUT",
    default: "10 seconds",
    meaning: "a request's line and headers must arrive within it (else 408)"
  },
  {
    name: "MONETA_REQUEST_TIMEOUT",
    default: "30 seconds",
    meaning: "the whole request, body included, must arrive within it (else 408)"
  },
  {
    name: "MONETA_SHUTDOWN_TIMEOUT",
    default: "10 seconds",
    meaning: "on SIGINT/SIGTERM, how long requests under way may still take before their connections are closed"
  },
  {
    name: "MONETA_WEBHOOK_ALLOWED_HOSTS",
    default: "empty",
    meaning: "comma-separated hosts that may receive webhooks whatever they resolve to"
  },
  { name: "MONETA_WEBHOOK_CONCURRENCY", default: "64", meaning: "webhook deliveries in flight at once, per process" },
  { name: "MONETA_WEBHOOK_BATCH_SIZE", default: "100", meaning: "webhook deliveries claimed per database round trip" },
  {
    name: "MONETA_WEBHOOK_POLL_INTERVAL",
    default: "2 seconds",
    meaning: "how often to look for due deliveries without a notification"
  },
  {
    name: "MONETA_RTD_WINDOW_<CATEGORY>",
    default: "3 seconds for authorizations and balance inquiries, 4 seconds for the others",
    meaning: "how long the client has to answer a real-time decision of that category"
  },
  {
    name: "MONETA_RTD_POLL_INTERVAL",
    default: "250 millis",
    meaning: "how often a waiting simulation looks for an answer it was not notified of"
  },
  {
    name: "MONETA_RTD_SWEEP_INTERVAL",
    default: "1 second",
    meaning: "how often each server times out decisions whose window passed"
  },
  {
    name: "MONETA_AUTHORIZATION_EXPIRY_SWEEP_INTERVAL",
    default: "5 seconds",
    meaning:
      "how often each server expires card authorizations past their expires_at and releases check deposit holds past their automatically_releases_at"
  },
  {
    name: "MONETA_RTD_LEASE",
    default: "10 seconds",
    meaning: "the lease on a waiting simulation's idempotency key: a retry takes over a key not renewed for this long"
  },
  { name: "LOG_LEVEL", default: "Info", meaning: "All, Trace, Debug, Info, Warning, Error, Fatal or None" },
  { name: "LOG_FORMAT", default: "logfmt", meaning: "logfmt, json (one object per line) or pretty" },
  {
    name: "OTEL_EXPORTER_OTLP_ENDPOINT",
    default: "unset",
    meaning: "an OTLP/HTTP collector (http://host:4318) to export traces to"
  },
  { name: "OTEL_SERVICE_NAME", default: "moneta", meaning: "the service name on exported traces" }
]

const PackageJson = Schema.fromJsonString(Schema.Struct({ version: Schema.String }))

/** The version of `@moneta/server` (its package.json is one level above both `src/` and `dist/`). */
export const version = (): string =>
  Schema.decodeUnknownSync(PackageJson)(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version

export const usage = (): string => {
  const width = Math.max(...settings.map((setting) => setting.name.length)) + 2
  return [
    `moneta ${version()}: a bank API sandbox (and live server) speaking Increase's wire format.`,
    "",
    "Usage: moneta [serve] | moneta <command> … | moneta [<command>] --help | moneta --version",
    "",
    "moneta (or moneta serve) serves the API, its reference at /docs, /openapi.json, /health and /ready,",
    "and sends webhooks. Ctrl-C (SIGINT) or SIGTERM stops it gracefully.",
    "",
    "Commands for a running server (docs/workbench.md; --json for scripts):",
    "  groups create [--name NAME]                      create a group (a customer)",
    "  groups list                                      list the groups",
    "  keys create --group ID --environment sandbox|live [--name NAME]",
    "                                                   create an API key; the key alone on the last line",
    "  keys list [--group ID]                           list API keys (a prefix, never the secret)",
    "  keys revoke ID                                   revoke an API key at once",
    "  They take --admin-key (or MONETA_ADMIN_KEY, the server's) and --base-url (or MONETA_BASE_URL,",
    "  default http://127.0.0.1:4010).",
    "  listen --forward-to URL [--events a,b]           forward the group's webhooks to your app, signed",
    "                                                   with a secret it prints; Ctrl-C deletes what it made",
    "  trigger CATEGORY | trigger --list                make an event happen (runs the simulations it needs)",
    "  reset                                            empty the group's sandbox and seed it as the first run does",
    "  snapshot save|restore|delete NAME | snapshot list  save, restore, delete and list snapshots of the sandbox",
    "  faults add SUBSCRIPTION --kind K [--status S] [--seconds S] [--count N] | faults list|clear SUBSCRIPTION",
    "                                                   inject webhook faults (status, timeout, delay, duplicate, reorder)",
    "  They take --api-key (or MONETA_API_KEY, a key of the group) and --base-url.",
    "",
    "Configuration (environment variables):",
    ...settings.map((setting) => `  ${setting.name.padEnd(width)}${setting.meaning} (default: ${setting.default})`),
    ""
  ].join("\n")
}
