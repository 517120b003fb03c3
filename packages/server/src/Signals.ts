/**
 * How the `moneta` process takes SIGINT and SIGTERM, besides the runtime's
 * own handler (which stops the server gracefully).
 *
 * Ctrl-C under a package manager (`pnpm start`, `npx moneta`): the terminal
 * sends SIGINT to the whole foreground process group, and the package manager
 * relays it once more, so one keypress arrives twice. The runtime's own
 * handler takes the first and stops the server gracefully; without another
 * listener the relayed copy would kill the process mid-shutdown (and the
 * package manager would report a failure). A repeat within a second is that
 * copy and is ignored; a later Ctrl-C means "stop now".
 */
import { type Config, Duration, Effect } from "effect"
import { ShutdownConfig } from "./NodeServer.js"

const relayWindowMillis = 1000

export const tolerateRelayedInterrupts = (): void => {
  let firstAt: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now()
    if (firstAt === undefined) {
      firstAt = now
    } else if (now - firstAt > relayWindowMillis) {
      process.exit(signal === "SIGINT" ? 130 : 143)
    }
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
}

/**
 * What the stop may take after `MONETA_SHUTDOWN_TIMEOUT` (the bound on
 * requests under way): the webhook POSTs under way finish within their 10 s
 * deadline, then the database closes.
 */
export const stopGrace = Duration.seconds(15)

// Node's timers hold at most this many milliseconds (about 24.8 days).
const longestTimer = 2 ** 31 - 1

/**
 * The last resort of a stop: if the process still runs `bound` after the
 * first SIGINT/SIGTERM (something in the stop hangs), it says so and exits 1.
 * The timer does not keep the process alive.
 */
export const exitIfStopHangs = (bound: Duration.Duration): void => {
  let armed = false
  const onSignal = () => {
    if (armed) return
    armed = true
    setTimeout(() => {
      process.stderr.write(`moneta: still stopping ${Duration.format(bound)} after the signal; exiting now\n`)
      process.exit(1)
    }, Math.min(Math.ceil(Duration.toMillis(bound)), longestTimer)).unref()
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
}

/** `exitIfStopHangs` after `MONETA_SHUTDOWN_TIMEOUT` and `stopGrace`; a wrong setting stops the start. */
export const boundTheStop: Effect.Effect<void, Config.ConfigError> = Effect.flatMap(
  ShutdownConfig,
  (timeout) => Effect.sync(() => exitIfStopHangs(Duration.sum(timeout, stopGrace)))
)
