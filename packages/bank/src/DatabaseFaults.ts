/**
 * What the bank tells its callers about the database faults its operations
 * may die of: which heal by themselves (the connection lost, Postgres
 * restarting; the store's `TransientFault` decides), so that the HTTP layer
 * answers them 503 "retry" rather than 500, without knowing the store.
 */
export { describe, findTransient, isTransient } from "@moneta/store/TransientFault"
