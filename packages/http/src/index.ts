export * as ErrorMapping from "./ErrorMapping.js"
export * as Idempotent from "./Idempotent.js"
export * as MonetaHttp from "./MonetaHttp.js"
