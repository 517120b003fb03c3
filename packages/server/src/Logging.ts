/**
 * The server's logs: `LOG_LEVEL` (`All`, `Trace`, `Debug`, `Info` (default),
 * `Warning` (or `Warn`), `Error`, `Fatal`, `None` (or `Off`); any case) and
 * `LOG_FORMAT` (`logfmt` (default): one `key=value` line per entry; `json`:
 * one JSON object per line; `pretty`: for reading in a terminal).
 */
import { Config, ConfigError, Effect, Either, Layer, Logger, LogLevel } from "effect"

/** The documented names, and Effect's own labels (`WARN`, `OFF`), in any case. */
const levelsByName: ReadonlyMap<string, LogLevel.LogLevel> = new Map([
  ["all", LogLevel.All],
  ["trace", LogLevel.Trace],
  ["debug", LogLevel.Debug],
  ["info", LogLevel.Info],
  ["warning", LogLevel.Warning],
  ["warn", LogLevel.Warning],
  ["error", LogLevel.Error],
  ["fatal", LogLevel.Fatal],
  ["none", LogLevel.None],
  ["off", LogLevel.None]
])

export const logLevel = (name: string): Config.Config<LogLevel.LogLevel> =>
  Config.string(name).pipe(Config.mapOrFail((text) => {
    const level = levelsByName.get(text.trim().toLowerCase())
    return level === undefined
      ? Either.left(
        ConfigError.InvalidData(
          [],
          `Expected one of All, Trace, Debug, Info, Warning, Error, Fatal, None; received ${JSON.stringify(text)}`
        )
      )
      : Either.right(level)
  }))

export const config = Config.all({
  level: logLevel("LOG_LEVEL").pipe(Config.withDefault(LogLevel.Info)),
  format: Config.literal("logfmt", "json", "pretty")("LOG_FORMAT").pipe(Config.withDefault("logfmt" as const))
})

const loggers = { logfmt: Logger.logFmt, json: Logger.json, pretty: Logger.pretty } as const

export const layer = Layer.unwrapEffect(
  Effect.map(config, ({ format, level }) => Layer.merge(loggers[format], Logger.minimumLogLevel(level)))
)
