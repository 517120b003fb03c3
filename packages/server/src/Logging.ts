/**
 * The server's logs: `LOG_LEVEL` (`All`, `Trace`, `Debug`, `Info` (default),
 * `Warning` (or `Warn`), `Error`, `Fatal`, `None` (or `Off`); any case) and
 * `LOG_FORMAT` (`logfmt` (default): one `key=value` line per entry; `json`:
 * one JSON object per line; `pretty`: for reading in a terminal).
 */
import {
  Config,
  Effect,
  Layer,
  Logger,
  type LogLevel,
  References,
  Schema,
  SchemaIssue,
  SchemaTransformation
} from "effect"
import * as LogFmt from "./LogFmt.js"

/** The documented names, and Effect's own labels (`WARN`, `OFF`), in any case. */
const levelsByName: ReadonlyMap<string, LogLevel.LogLevel> = new Map([
  ["all", "All"],
  ["trace", "Trace"],
  ["debug", "Debug"],
  ["info", "Info"],
  ["warning", "Warn"],
  ["warn", "Warn"],
  ["error", "Error"],
  ["fatal", "Fatal"],
  ["none", "None"],
  ["off", "None"]
])

const LevelName = Schema.String.pipe(Schema.decodeTo(
  Schema.Literals(["All", "Fatal", "Error", "Warn", "Info", "Debug", "Trace", "None"]),
  SchemaTransformation.transformEffect({
    decode: (text: string, options) => {
      const level = levelsByName.get(text.trim().toLowerCase())
      return level === undefined
        ? Effect.fail(
          new SchemaIssue.InvalidValue(
            {
              message: `Expected one of All, Trace, Debug, Info, Warning, Error, Fatal, None; received ${
                JSON.stringify(text)
              }`
            },
            text,
            options
          )
        )
        : Effect.succeed(level)
    },
    encode: (level: LogLevel.LogLevel) => Effect.succeed(level)
  })
))

export const logLevel = (name: string): Config.Config<LogLevel.LogLevel> => Config.schema(LevelName, name)

export const config = Config.all({
  level: logLevel("LOG_LEVEL").pipe(Config.withDefault<LogLevel.LogLevel>("Info")),
  format: Config.Literals(["logfmt", "json", "pretty"], "LOG_FORMAT").pipe(Config.withDefault("logfmt" as const))
})

/**
 * A pipe keeps a write of up to this many bytes whole when several processes
 * write to it (`MONETA_PROCESSES`: the workers share stdout), so a write holds
 * only whole lines up to it and lines of two processes never interleave (a
 * longer line is written alone, as before).
 */
const atomicWriteBytes = 4096

/**
 * Lines written once per turn of the event loop rather than once each: every
 * write is a system call, about 20 µs on a small virtual machine, and a
 * server under load logs several requests a turn (docs/benchmarks.md, "The
 * request log written once a turn"). Whatever is pending goes out, in writes
 * of whole lines, at the end of the turn (`setImmediate`), when the layer
 * closes (before the server's last words) and when the process exits; a
 * SIGKILL loses at most the lines of the turn it struck.
 */
const linesOncePerTurn = (format: Logger.Logger<unknown, string>) =>
  Effect.map(
    Effect.acquireRelease(
      Effect.sync(() => {
        let pending: Array<string> = []
        let scheduled = false
        const flush = () => {
          scheduled = false
          let chunk = ""
          let chunkBytes = 0
          for (const line of pending) {
            const bytes = Buffer.byteLength(line) + 1
            if (chunkBytes > 0 && chunkBytes + bytes > atomicWriteBytes) {
              process.stdout.write(chunk)
              chunk = ""
              chunkBytes = 0
            }
            chunk += `${line}\n`
            chunkBytes += bytes
          }
          pending = []
          if (chunkBytes > 0) process.stdout.write(chunk)
        }
        process.on("exit", flush)
        const logger = Logger.make<unknown, void>((options) => {
          pending.push(format.log(options))
          if (!scheduled) {
            scheduled = true
            setImmediate(flush)
          }
        })
        return { logger, flush }
      }),
      ({ flush }) =>
        Effect.sync(() => {
          process.off("exit", flush)
          flush()
        })
    ),
    ({ logger }) => logger
  )

const loggerFor = (format: "logfmt" | "json" | "pretty") =>
  format === "pretty"
    ? Logger.consolePretty()
    : linesOncePerTurn(format === "json" ? Logger.formatJson : LogFmt.formatLogFmt)

export const layer = Layer.unwrap(
  Effect.map(
    config,
    ({ format, level }) =>
      Layer.merge(Logger.layer([loggerFor(format)]), Layer.succeed(References.MinimumLogLevel, level))
  )
)
