export * as Server from "./Server.js"
export * as ServerConfig from "./ServerConfig.js"
