/** Load generation with autocannon: a fixed number of connections for a fixed time, after a warm-up. */
import autocannon from "autocannon"

export interface LoadResult {
  /** Successful (2xx) responses per second. */
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  readonly succeeded: number
  readonly failed: number
}

export interface LoadOptions {
  readonly url: string
  readonly connections: number
  readonly seconds: number
  readonly warmupSeconds: number
  readonly method: "GET" | "POST"
  readonly path: string
  readonly headers: Record<string, string>
  /** The body of the n-th request (requests rotate over several accounts). */
  readonly body?: (index: number) => string
}

const run = (options: LoadOptions, seconds: number): Promise<autocannon.Result> => {
  let sent = 0
  const body = options.body
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    requests: [{
      method: options.method,
      path: options.path,
      headers: options.headers,
      ...(body === undefined
        ? {}
        : { setupRequest: (request: autocannon.Request) => ({ ...request, body: body(sent++) }) })
    }]
  })
}

export const measure = async (options: LoadOptions): Promise<LoadResult> => {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds)
  const result = await run(options, options.seconds)
  const succeeded = result["2xx"]
  return {
    perSecond: succeeded / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    succeeded,
    failed: result.non2xx + result.errors
  }
}
