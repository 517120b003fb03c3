/**
 * Ctrl-C under a package manager (`pnpm start`, `npx moneta`): the terminal
 * sends SIGINT to the whole foreground process group, and the package manager
 * relays it once more, so one keypress arrives twice. The runtime's own
 * handler takes the first and stops the server gracefully; without another
 * listener the relayed copy would kill the process mid-shutdown (and the
 * package manager would report a failure). A repeat within a second is that
 * copy and is ignored; a later Ctrl-C means "stop now".
 */
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
