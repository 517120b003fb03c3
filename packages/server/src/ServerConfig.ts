/**
 * The server's configuration, from the environment (README, "Configuration").
 * The database settings (`DATABASE_URL`, `MONETA_DATA_DIR`) are read by
 * `@moneta/store`'s Database layer.
 */
import { adminKeyProblem } from "@moneta/domain/ControlPlane"
import { Environment } from "@moneta/domain/Environment"
import { Config, ConfigProvider, Effect, Option, Redacted, Schema } from "effect"

/** `MONETA_ADMIN_KEY` (the control API's credential), refused at start when it could be taken for an API key. */
const AdminKeyText = Schema.String.check(Schema.makeFilter((key: string) => adminKeyProblem(key, undefined)))

const settings = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(4010)),
  host: Config.String("HOST").pipe(Config.withDefault("127.0.0.1")),
  environment: Config.schema(Environment, "MONETA_ENVIRONMENT").pipe(Config.withDefault("sandbox" as const)),
  apiKey: Config.option(Config.Redacted("MONETA_API_KEY")),
  adminKey: Config.option(Config.schema(AdminKeyText, "MONETA_ADMIN_KEY")).pipe(
    Config.map(Option.map((key) => Redacted.make(key.trim())))
  )
})

export const ServerConfig = settings.pipe(Config.mapEffect((config) => {
  const problem = Option.isSome(config.adminKey)
    ? adminKeyProblem(
      Redacted.value(config.adminKey.value),
      Option.getOrUndefined(Option.map(config.apiKey, Redacted.value))
    )
    : undefined
  return problem === undefined
    ? Effect.succeed(config)
    : Effect.fail(new Config.ConfigError(new ConfigProvider.SourceError({ message: `MONETA_ADMIN_KEY: ${problem}` })))
}))
export type ServerConfig = Config.Success<typeof ServerConfig>
