/**
 * After Postgres restarts, deliveries are driven by notifications again, not
 * only by polling: the dispatcher's LISTEN connection is re-established. Runs
 * on a throwaway cluster of its own (the test restarts it), when Postgres'
 * server binaries are installed.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Database from "@moneta/store/Database"
import * as Migrations from "@moneta/store/Migrations"
import { Notifications } from "@moneta/store/Notifications"
import * as ThrowawayPostgres from "@moneta/store/ThrowawayPostgres"
import { channel } from "@moneta/store/WebhookDeliveries"
import { Duration, Effect, Layer, Queue, Stream } from "effect"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

// Far longer than any wait below: a delivery within `notified` came through a notification.
const pollInterval = Duration.minutes(5)
const notified = Duration.seconds(5)

// Waits until LISTEN is in effect on `channel`: a ping sent now comes back.
const listening = Effect.gen(function*() {
  const notifications = yield* Notifications
  const heard = yield* Queue.unbounded<string>()
  yield* notifications.listen(channel).pipe(
    Stream.filter((payload) => payload === "ping"),
    Stream.runForEach((payload) => Queue.offer(heard, payload)),
    Effect.forkScoped
  )
  yield* notifications.notify(channel, "ping").pipe(
    Effect.andThen(
      Effect.timeoutOrElse(Queue.take(heard), {
        duration: "100 millis",
        orElse: () => Effect.fail("no ping" as const)
      })
    ),
    Effect.retry({ times: 300 })
  )
})

describe.runIf(ThrowawayPostgres.binDir !== undefined)("a Postgres restart", () => {
  it.live("brings notification-driven delivery back", () =>
    Effect.gen(function*() {
      const cluster = yield* ThrowawayPostgres.make()
      const context = yield* Layer.build(Seed.StoreLive.pipe(Layer.provideMerge(Database.layerPostgres(cluster.url))))
      yield* Effect.provide(Migrations.run, context)
      const receiver = yield* Receiver.make(() => 204)
      const delivered = (eventId: string | undefined) =>
        Receiver.take(receiver, 1).pipe(
          Effect.timeoutOrElse({
            duration: notified,
            orElse: () => Effect.fail(`event ${eventId} not delivered within ${Duration.format(notified)}`)
          }),
          Effect.map(([request]) => request?.headers["webhook-id"])
        )
      yield* Effect.gen(function*() {
        const tenant = yield* Seed.tenant("sandbox")
        yield* Seed.subscribe(tenant, { url: receiver.url, secret: "restart" })
        yield* Layer.build(
          Dispatcher.layer({ environment: "sandbox", pollInterval }).pipe(Layer.provide(Transport.layer("sandbox")))
        )
        yield* Effect.scoped(listening)

        const [before] = yield* Seed.emit(tenant, ["wire_transfer.created"])
        expect(yield* delivered(before?.id)).toBe(before?.id)

        yield* cluster.stop("fast")
        yield* cluster.start
        yield* Effect.scoped(listening)

        const [after] = yield* Seed.emit(tenant, ["wire_transfer.updated"])
        expect(yield* delivered(after?.id)).toBe(after?.id)
      }).pipe(Effect.provide(context))
    }).pipe(Effect.scoped), 180_000)
})
