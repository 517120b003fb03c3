/**
 * The server's logs: `LOG_LEVEL` (`All`, `Trace`, `Debug`, `Info` (default),
 * `Warning`, `Error`, `Fatal`, `None`; any case) and `LOG_FORMAT` (`logfmt`
 * (default): one `key=value` line per entry; `json`: one JSON object per line;
 * `pretty`: for reading in a terminal).
 */
import { Config, Effect, Layer, Logger, LogLevel } from "effect"

export const config = Config.all({
  level: Config.logLevel("LOG_LEVEL").pipe(Config.withDefault(LogLevel.Info)),
  format: Config.literal("logfmt", "json", "pretty")("LOG_FORMAT").pipe(Config.withDefault("logfmt" as const))
})

const loggers = { logfmt: Logger.logFmt, json: Logger.json, pretty: Logger.pretty } as const

export const layer = Layer.unwrapEffect(
  Effect.map(config, ({ format, level }) => Layer.merge(loggers[format], Logger.minimumLogLevel(level)))
)
