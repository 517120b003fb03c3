/**
 * What the client commands print on stdout: readable lines, or with `--json`
 * the objects as the API encodes them (for scripts).
 */
import { Console, Effect, Schema } from "effect"

/** `value` (a decoded API object) as its wire JSON, indented. */
export const printJson = <S extends Schema.Top & { readonly EncodingServices: never }>(schema: S, value: S["Type"]) =>
  Effect.flatMap(
    Effect.orDie(Schema.encodeEffect(Schema.toCodecJson(schema))(value)),
    (encoded) => Console.log(JSON.stringify(encoded, null, 2))
  )

/** Rows as aligned columns, one line each. */
export const printTable = (rows: ReadonlyArray<ReadonlyArray<string>>) => {
  const widths = rows.reduce<Array<number>>(
    (widest, row) => row.map((cell, index) => Math.max(widest[index] ?? 0, cell.length)),
    []
  )
  return Console.log(
    rows.map((row) => row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join("  ").trimEnd()).join("\n")
  )
}
