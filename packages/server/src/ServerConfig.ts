/**
 * The server's configuration, from the environment (README, "Configuration").
 * The database settings (`DATABASE_URL`, `MONETA_DATA_DIR`) are read by
 * `@moneta/store`'s Database layer.
 */
import { Environment } from "@moneta/domain/Environment"
import { Config, Schema } from "effect"

export const ServerConfig = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(4010)),
  host: Config.string("HOST").pipe(Config.withDefault("127.0.0.1")),
  environment: Schema.Config("MONETA_ENVIRONMENT", Environment).pipe(Config.withDefault("sandbox" as const)),
  apiKey: Config.option(Config.redacted("MONETA_API_KEY"))
})
export type ServerConfig = Config.Config.Success<typeof ServerConfig>
