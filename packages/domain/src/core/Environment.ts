/** A server serves one environment; every key and every row belongs to one. */
import { Schema } from "effect"

export const Environment = Schema.Literals(["sandbox", "live"])
export type Environment = typeof Environment.Type
