/**
 * fast-check arbitraries for the card area, by area: schema-derived ones
 * (`CardSchemas`), and consistent arbitraries with `fc.commands` generators
 * for real-time decisions, card authentications and card payments. The
 * commands check their own expectations and throw when one fails, so a test
 * only has to run them (`fc.modelRun(scenario.setup, scenario.commands)`).
 */
export * from "./CardAuthentications.js"
export * from "./CardChecks.js"
export * from "./CardPayments.js"
export * from "./CardSchemas.js"
export * from "./RealTimeDecisions.js"
