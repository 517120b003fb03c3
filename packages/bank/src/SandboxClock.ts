/**
 * The sandbox clock (docs/workbench.md, "Clock"): each group's sandbox time
 * is real time plus an offset kept on its row, so every server on the
 * database reads the same clock. A request's offset comes with its key
 * (`Authentication`, which caches both) and `Time.now` adds it. An advance
 * announces itself on `clockMovedChannel` when it commits, so every process
 * drops the group's cached keys and serves the new clock. Only a sandbox key
 * of the group moves its clock; live requests never have one.
 *
 * Advancing fires what fell due before it answers, in this order: pending
 * real-time decisions past their `timeout_at` time out, authorizations past
 * their `expires_at` expire (as the expiration simulation does), check
 * deposits' inbound funds holds past their `automatically_releases_at` are
 * released (as the release simulation does), then the group's webhook deliveries that are due (first attempts, and retries whose
 * time came) are attempted by the dispatchers, and the answer waits for them.
 */
import { InvalidParametersError } from "@moneta/domain/Errors"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import {
  advancedOffset,
  type AdvanceSandboxClock,
  ClockOffset,
  EventSubscriptionRetrySchedule,
  parseDuration,
  SandboxClock,
  SandboxClockAdvance,
  SandboxClockFired,
  sandboxOnly,
  type SetWebhookRetrySchedule,
  timeAt
} from "@moneta/domain/SandboxClock"
import { type AuthenticatedTenant, Tenant, type TenantShape } from "@moneta/domain/Tenant"
import { DueHoldStore } from "@moneta/store/DueHolds"
import { Notifications } from "@moneta/store/Notifications"
import { SandboxClockStore } from "@moneta/store/SandboxClocks"
import { CommittedHere } from "@moneta/store/WebhookDeliveries"
import { Context, Duration, Effect, Layer, Option, Result, Schedule } from "effect"
import { Authentication, clockMovedChannel } from "./Authentication.js"
import { CardSimulations } from "./CardSimulations.js"
import { CheckDepositSimulations } from "./CheckDepositSimulations.js"
import { dueForTenant, expireAuthorizations as expireDueAuthorizations, releaseInboundFundsHolds } from "./DueHolds.js"
import { notFound } from "./NotFound.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { runStep } from "./Step.js"
import { realNow } from "./Time.js"

/**
 * How long an advance waits for the dispatchers to attempt the deliveries
 * that fell due: long enough for a receiver on this machine, short enough
 * that the request is answered within the bound every request is held to (a
 * slow or unreachable receiver holds its attempt up to 10 s; what is not
 * attempted by then goes out when a dispatcher takes it).
 */
export const deliveryWait = Duration.seconds(3)

export class SandboxClocks extends Context.Service<SandboxClocks>()("@moneta/bank/SandboxClocks", {
  make: Effect.gen(function*() {
    const store = yield* SandboxClockStore
    const decisions = yield* RealTimeDecisions
    const cardSimulations = yield* CardSimulations
    const checkDepositSimulations = yield* CheckDepositSimulations
    const holds = yield* DueHoldStore
    const committedHere = yield* CommittedHere
    const authentication = yield* Authentication
    const notifications = yield* Effect.serviceOption(Notifications)

    /** The caller's tenant, if it is a sandbox one (the domain's `sandboxOnly`: 403 for a live key). */
    const sandboxTenant = Effect.flatMap(
      Effect.service(Tenant),
      (tenant) => Effect.as(Effect.fromResult(sandboxOnly(tenant.environment)), tenant)
    )

    const clockOf = (tenant: TenantShape, offsetMillis: number) =>
      Effect.map(realNow, (real) => ({
        group_id: tenant.groupId,
        current_time: timeAt(real, offsetMillis),
        real_time: real,
        offset_ms: offsetMillis
      }))

    const show = Effect.gen(function*() {
      const tenant = yield* sandboxTenant
      const clock = yield* clockOf(tenant, yield* store.offsetOf(tenant.groupId))
      return new SandboxClock({ ...clock, type: "sandbox_clock" })
    })

    const timeOutDecisions = Effect.gen(function*() {
      let total = 0
      for (;;) {
        const swept = yield* decisions.timeOutDue("sandbox")
        total += swept
        if (swept === 0) return total
      }
    })

    /** Expires the tenant's authorizations past their `expires_at` on its clock, oldest first; how many. */
    const expireAuthorizations = (tenant: AuthenticatedTenant, offsetMillis: number) =>
      expireDueAuthorizations(
        cardSimulations,
        dueForTenant(holds.cardAuthorizations, tenant, offsetMillis),
        "sandbox clock"
      )

    /** Releases the tenant's inbound funds holds past their `automatically_releases_at` on its clock; how many. */
    const releaseHolds = (tenant: AuthenticatedTenant, offsetMillis: number) =>
      releaseInboundFundsHolds(
        checkDepositSimulations,
        dueForTenant(holds.inboundFundsHolds, tenant, offsetMillis),
        "sandbox clock"
      )

    /** Wakes every dispatcher and waits until the tenant's deliveries due at its clock's now are attempted. */
    const attemptDueDeliveries = (tenant: TenantShape, offsetMillis: number) =>
      Effect.gen(function*() {
        const at = timeAt(yield* realNow, offsetMillis)
        const owed = yield* store.deliveriesOwed(tenant, at)
        if (owed === 0) return 0
        yield* store.wakeDispatchers(tenant.environment)
        committedHere.signal(tenant.environment)
        yield* store.deliveriesOwed(tenant, at).pipe(
          Effect.repeat({
            schedule: Schedule.spaced(Duration.millis(20)),
            until: (left) => left === 0
          }),
          Effect.timeoutOption(deliveryWait),
          Effect.tap((done) =>
            done._tag === "None"
              ? Effect.logWarning(
                "sandbox clock: webhook deliveries that fell due were not all attempted in time; they go out when a dispatcher takes them"
              )
              : Effect.void
          )
        )
        return owed
      })

    const advance = (request: AdvanceSandboxClock) =>
      Effect.gen(function*() {
        const tenant = yield* sandboxTenant
        const byMillis = yield* Effect.fromResult(
          Result.mapError(parseDuration(request.duration), (message) =>
            InvalidParametersError.single("duration", message))
        )
        const offsetMillis = yield* runStep({
          // The key that authenticated the request belongs to the group: its row is there.
          load: Effect.flatMap(store.lock(tenant.groupId), Effect.fromOption).pipe(Effect.orDie),
          decide: (current) =>
            Result.mapError(advancedOffset(current, byMillis), (message) =>
              InvalidParametersError.single("duration", message)),
          persist: (next) =>
            Effect.gen(function*() {
              yield* store.set(tenant.groupId, next)
              // Sent on commit, to every process listening (this one too): each drops the group's cached keys.
              if (Option.isSome(notifications)) {
                yield* notifications.value.notify(clockMovedChannel, tenant.groupId).pipe(Effect.orDie)
              }
              return next
            })
        })
        // This process serves the new clock from its next request on, whenever the notification arrives.
        yield* authentication.forgetGroup(tenant.groupId)
        // What fell due happens on the new clock.
        const fired = yield* Effect.gen(function*() {
          const realTimeDecisionsTimedOut = yield* timeOutDecisions
          const cardAuthorizationsExpired = yield* expireAuthorizations(tenant, offsetMillis)
          const inboundFundsHoldsReleased = yield* releaseHolds(tenant, offsetMillis)
          const webhookDeliveriesAttempted = yield* attemptDueDeliveries(tenant, offsetMillis)
          return new SandboxClockFired({
            real_time_decisions_timed_out: realTimeDecisionsTimedOut,
            card_authorizations_expired: cardAuthorizationsExpired,
            inbound_funds_holds_released: inboundFundsHoldsReleased,
            webhook_deliveries_attempted: webhookDeliveriesAttempted
          })
        }).pipe(Effect.provideService(ClockOffset, offsetMillis))
        const clock = yield* clockOf(tenant, offsetMillis)
        return new SandboxClockAdvance({ ...clock, advanced_by_ms: byMillis, fired, type: "sandbox_clock_advance" })
      })

    const setRetrySchedule = (id: EventSubscriptionId, request: SetWebhookRetrySchedule) =>
      Effect.gen(function*() {
        const tenant = yield* sandboxTenant
        const found = yield* store.setLiveRetrySchedule(tenant, id, request.schedule === "live")
        if (!found) return yield* Effect.fail(notFound("event_subscription", id))
        return new EventSubscriptionRetrySchedule({
          event_subscription_id: id,
          schedule: request.schedule,
          type: "event_subscription_retry_schedule"
        })
      })

    return {
      setRetrySchedule: spanned(
        "bank.SandboxClocks.setRetrySchedule",
        setRetrySchedule,
        (id) => ({ "moneta.event_subscription_id": id })
      ),
      show: withOperationSpan(show, "bank.SandboxClocks.show", {}),
      advance: spanned("bank.SandboxClocks.advance", advance)
    } as const
  })
}) {
  static readonly DefaultWithoutDependencies = Layer.effect(this, this.make)
  static readonly Default = this.DefaultWithoutDependencies.pipe(
    Layer.provide([
      SandboxClockStore.Default,
      RealTimeDecisions.Default,
      CardSimulations.Default,
      CheckDepositSimulations.Default,
      DueHoldStore.Default,
      Authentication.Default
    ])
  )
}
