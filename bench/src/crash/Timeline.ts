/**
 * What happened when (kills, Postgres stops and starts, server starts): kept
 * for the report, and printed as it happens with `--verbose`.
 */
export interface Timeline {
  readonly started: number
  readonly note: (line: string) => void
  readonly lines: () => ReadonlyArray<string>
  /** Seconds since the start, for messages. */
  readonly at: () => string
}

export const makeTimeline = (verbose: boolean): Timeline => {
  const started = Date.now()
  const lines: Array<string> = []
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
  return {
    started,
    at,
    note: (line) => {
      const stamped = `[${at().padStart(8)}] ${line}`
      lines.push(stamped)
      if (verbose) process.stderr.write(`${stamped}\n`)
    },
    lines: () => lines
  }
}
