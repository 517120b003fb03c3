/**
 * The server's configuration, from the environment (README, "Configuration").
 * The database settings (`DATABASE_URL`, `MONETA_DATA_DIR`) are read by
 * `@moneta/store`'s Database layer.
 */
import { Environment } from "@moneta/domain/Environment"
import { Config } from "effect"

export const ServerConfig = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(4010)),
  host: Config.String("HOST").pipe(Config.withDefault("127.0.0.1")),
  environment: Config.schema(Environment, "MONETA_ENVIRONMENT").pipe(Config.withDefault("sandbox" as const)),
  apiKey: Config.option(Config.Redacted("MONETA_API_KEY"))
})
export type ServerConfig = Config.Success<typeof ServerConfig>
