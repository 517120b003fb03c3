/**
 * Event subscriptions: where webhooks go (decisions.md c).
 *
 *   create ─▶ active ⇄ disabled ─▶ deleted (terminal: every update refused)
 *
 * `shared_secret` is write-only: it signs deliveries (`WebhookSignature`) and is
 * never part of the object.
 */
import { DateTime, Duration, Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { InvalidParametersError } from "../core/Errors.js"
import { EventSubscriptionId, type GroupId, OAuthConnectionId } from "../core/Ids.js"
import {
  DecisionCategoriesTaken,
  EventCategoryNotSubscribed,
  EventSubscriptionWrongStatus,
  TooManyActiveSubscriptions
} from "../core/Refusals.js"
import { idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { HttpUrl } from "../core/Url.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import {
  EventCategory,
  isRealTimeDecisionCategory,
  KnownEventCategory,
  type RealTimeDecisionEventCategory
} from "./EventCategory.js"
import { addressRefusal, type Reach, urlRefusal } from "./WebhookDestination.js"

export const EventSubscriptionStatus = Schema.Literals(["active", "disabled", "deleted"])
export type EventSubscriptionStatus = typeof EventSubscriptionStatus.Type

/** One selected category; null on the object for a category this version cannot name. */
export const SelectedEventCategory = Schema.Struct({
  event_category: described(
    Schema.NullOr(EventCategory),
    "A category of Events the subscription receives; null for a category this version of the service cannot name."
  )
})
export type SelectedEventCategory = typeof SelectedEventCategory.Type

const statusDescription =
  "Whether Events are delivered to the subscription. `active`: they are. `disabled`: temporarily not. `deleted`: permanently not (a deleted subscription can no longer change)."

export class EventSubscription extends Schema.Class<EventSubscription>("EventSubscription")({
  id: described(EventSubscriptionId, "The Event Subscription identifier."),
  created_at: described(Timestamp, "When the Event Subscription was created (ISO 8601, UTC)."),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  oauth_connection_id: described(
    Schema.NullOr(OAuthConnectionId),
    "The OAuth Connection whose Events alone the subscription receives; null for your own Events (always, as the service makes no OAuth connections)."
  ),
  /** Null means every category (real-time decision categories still need explicit selection). */
  selected_event_categories: described(
    Schema.NullOr(Schema.Array(SelectedEventCategory)),
    "The categories of Events the subscription receives; null for every category except the Real-Time Decision ones, which a subscription receives only when it selects them."
  ),
  /** The older single-category form, echoed for older SDKs. */
  selected_event_category: described(
    Schema.NullOr(EventCategory),
    "The single category selected, in the older form of `selected_event_categories` (kept for older clients); null when the subscription selects every category or several."
  ),
  status: described(EventSubscriptionStatus, statusDescription),
  url: described(Schema.String, "The URL the Events are sent to, each as a signed POST request."),
  type: described(Schema.tag("event_subscription"), "Always `event_subscription`: the type of this object.")
}) {}

/**
 * An absolute http(s) URL, its text exactly the URL (`Url.HttpUrl`); which schemes are taken is `checkUrl`'s business.
 * (Values for tests: `webhookUrlArbitrary` of `@moneta/domain/testing`, as random text is almost never a URL.)
 */
export const WebhookUrl = HttpUrl.annotate({
  identifier: "WebhookUrl",
  description: "An absolute http(s) URL, written without whitespace or control characters (percent-encode them)."
})

/** `POST /event_subscriptions`. */
export const CreateEventSubscription = Schema.Struct({
  url: described(
    WebhookUrl,
    "The URL to send the Events to: https (the sandbox also takes plain http to a loopback address), at most 2,000 characters."
  ),
  shared_secret: Schema.optionalKey(
    described(
      ShortText,
      "The secret that signs the deliveries (Standard Webhooks: the HMAC key is its UTF-8 bytes), 1 to 200 characters; a random one when omitted. It is never returned."
    )
  ),
  selected_event_categories: Schema.optionalKey(
    described(
      Schema.Array(
        Schema.Struct({ event_category: described(KnownEventCategory, "A category of Events to receive.") })
      ).check(
        Schema.isMinLength(1, { message: "must select at least one category (omit it for all categories)" })
      ),
      "The categories of Events to receive (at least one); every category but the Real-Time Decision ones when omitted. At most one active subscription may select each Real-Time Decision category."
    )
  ),
  selected_event_category: Schema.optionalKey(
    described(
      KnownEventCategory,
      "One category of Events to receive, the older form of `selected_event_categories` (not both)."
    )
  ),
  oauth_connection_id: Schema.optionalKey(
    described(
      OAuthConnectionId,
      "An OAuth Connection whose Events alone to receive. The service makes no OAuth connections, so any value is a 404."
    )
  ),
  status: Schema.optionalKey(
    described(
      Schema.Literals(["active", "disabled"]),
      "The status to create the subscription in. `active` (the default): Events are delivered. `disabled`: they are not, until you activate it."
    )
  )
}).check(
  Schema.makeFilter((body) =>
    body.selected_event_category !== undefined && body.selected_event_categories !== undefined
      ? { path: ["selected_event_category"], issue: "cannot be combined with selected_event_categories" }
      : undefined
  )
).annotate({ identifier: "CreateEventSubscription" })
export type CreateEventSubscription = typeof CreateEventSubscription.Type

/** `PATCH /event_subscriptions/{id}`: the SDK's `status`, plus `shared_secret` to rotate the signing secret. */
export const UpdateEventSubscription = Schema.Struct({
  status: Schema.optionalKey(described(EventSubscriptionStatus, statusDescription)),
  shared_secret: Schema.optionalKey(
    described(
      ShortText,
      "A new signing secret, 1 to 200 characters. The previous one keeps signing beside it (both signatures are sent) for 24 hours."
    )
  )
}).annotate({ identifier: "UpdateEventSubscription" })
export type UpdateEventSubscription = typeof UpdateEventSubscription.Type

/**
 * Whether a URL may receive webhooks, on its text alone (`WebhookDestination`):
 * https (plain http also to loopback where the reach includes it), no
 * credentials, and no IP literal outside the server's `Reach`, unless the
 * operator allows the host. A host name is judged by what it resolves to: `checkResolved`.
 */
export const checkUrl = (
  url: string,
  reach: Reach,
  allowedHosts: ReadonlyArray<string> = []
): Result.Result<string, InvalidParametersError> => {
  const refusal = urlRefusal(reach, allowedHosts, new URL(url))
  return refusal === undefined ? Result.succeed(url) : Result.fail(InvalidParametersError.single("url", refusal))
}

/** Whether every address the URL's host resolves to may receive webhooks. */
export const checkResolved = (
  url: string,
  reach: Reach,
  addresses: ReadonlyArray<string>
): Result.Result<string, InvalidParametersError> => {
  const refusal = addresses.map((address) => addressRefusal(reach, address)).find((reason) => reason !== undefined)
  return refusal === undefined
    ? Result.succeed(url)
    : Result.fail(InvalidParametersError.single("url", refusal.replace(/^points to/, "resolves to")))
}

/** The categories a subscription selects, or null for all. */
export const selectedCategories = (subscription: EventSubscription): ReadonlyArray<EventCategory> | null =>
  subscription.selected_event_categories === null
    ? null
    : subscription.selected_event_categories.flatMap(({ event_category }) =>
      event_category === null ? [] : [event_category]
    )

/**
 * Whether an event of `category` is delivered to `subscription`: only active
 * ones receive, and real-time decisions go only to subscriptions that name them.
 */
export const receives = (subscription: EventSubscription, category: EventCategory): boolean => {
  if (subscription.status !== "active") return false
  const selected = selectedCategories(subscription)
  if (selected === null) return !isRealTimeDecisionCategory(category)
  return selected.includes(category)
}

/** The real-time decision categories a subscription claims (at most one active subscription may claim each). */
export const realTimeDecisionCategories = (
  subscription: EventSubscription
): ReadonlyArray<RealTimeDecisionEventCategory> =>
  (selectedCategories(subscription) ?? []).filter(isRealTimeDecisionCategory)

/** The real-time categories `candidate` would claim that an active one of `others` already holds. */
export const conflictingRealTimeDecisionCategories = (
  candidate: EventSubscription,
  others: ReadonlyArray<EventSubscription>
): ReadonlyArray<RealTimeDecisionEventCategory> => {
  if (candidate.status !== "active") return []
  const taken = new Set(
    others
      .filter((other) => other.id !== candidate.id && other.status === "active")
      .flatMap(realTimeDecisionCategories)
  )
  return realTimeDecisionCategories(candidate).filter((category) => taken.has(category))
}

export interface Transition {
  readonly next: EventSubscription
  readonly events: ReadonlyArray<PendingEvent>
}

const event = (subscription: EventSubscription, change: "created" | "updated"): PendingEvent =>
  pendingEvent(`event_subscription.${change}`, "event_subscription", subscription.id)

export interface CreateInput {
  readonly id: EventSubscriptionId
  readonly createdAt: Timestamp
  readonly body: CreateEventSubscription
  readonly idempotencyKey: string | null
}

/** The status of a subscription created without one. */
const createdStatus: EventSubscriptionStatus = "active"

/** A new subscription; both selection forms are echoed on the object. */
export const create = (input: CreateInput): Transition => {
  const { body } = input
  const categories: ReadonlyArray<KnownEventCategory> | null =
    body.selected_event_categories?.map(({ event_category }) => event_category) ??
      (body.selected_event_category === undefined ? null : [body.selected_event_category])
  const next = new EventSubscription({
    id: input.id,
    created_at: input.createdAt,
    idempotency_key: input.idempotencyKey,
    oauth_connection_id: body.oauth_connection_id ?? null,
    selected_event_categories: categories?.map((event_category) => ({ event_category })) ?? null,
    selected_event_category: categories?.length === 1 ? (categories[0] ?? null) : null,
    status: body.status ?? createdStatus,
    url: body.url
  })
  return { next, events: [event(next, "created")] }
}

export const isTerminal = (status: EventSubscriptionStatus): boolean => status === "deleted"

/** What an update asks of the bank beside writing `next` and its events. */
export interface UpdateTransition extends Transition {
  /** The status changed: the row is written (after `joinsActiveSet`'s check). */
  readonly statusChanged: boolean
  /** The subscription stopped being active: its pending deliveries are cancelled (it never receives them). */
  readonly cancelsPendingDeliveries: boolean
}

/**
 * `PATCH`: any status change of a subscription that is not deleted, and/or a
 * new signing secret; either emits `event_subscription.updated` (once). A
 * subscription that stops being active loses its pending deliveries.
 */
export const update = (
  subscription: EventSubscription,
  body: UpdateEventSubscription
): Result.Result<UpdateTransition, EventSubscriptionWrongStatus> =>
  Result.map(changeOf(subscription, body), (change) => {
    const statusChanged = change.next.status !== subscription.status
    return { ...change, statusChanged, cancelsPendingDeliveries: statusChanged && change.next.status !== "active" }
  })

/** Whether `candidate` is (to be) active, so must fit among the active subscriptions (`ensureMayBeActive`). */
export const joinsActiveSet = (candidate: EventSubscription): boolean => candidate.status === "active"

/** How long a replaced signing secret keeps signing beside the new one, so receivers can switch over. */
export const secretOverlap = Duration.hours(24)

/** Until when a secret replaced at `at` keeps signing. */
export const replacedSecretSignsUntil = (at: Timestamp): Timestamp => DateTime.addDuration(at, secretOverlap)

/** The `group.heartbeat` event a test heartbeat sends (to one subscription only). */
export const heartbeatEvent = (groupId: GroupId): PendingEvent => pendingEvent("group.heartbeat", "group", groupId)

const changeOf = (
  subscription: EventSubscription,
  body: UpdateEventSubscription
): Result.Result<Transition, EventSubscriptionWrongStatus> => {
  if (isTerminal(subscription.status)) {
    return Result.fail(
      new EventSubscriptionWrongStatus({
        detail: `event subscription ${subscription.id} is deleted and can no longer be changed`
      })
    )
  }
  const status = body.status ?? subscription.status
  if (status === subscription.status) {
    return Result.succeed({
      next: subscription,
      events: body.shared_secret === undefined ? [] : [event(subscription, "updated")]
    })
  }
  const next = new EventSubscription({ ...subscription, status })
  return Result.succeed({ next, events: [event(next, "updated")] })
}

/** At most one active subscription receives each real-time decision category: `candidate` among the active `others`. */
export const ensureUniqueRealTimeDecisions = (
  candidate: EventSubscription,
  others: ReadonlyArray<EventSubscription>
): Result.Result<void, DecisionCategoriesTaken> => {
  const conflicts = conflictingRealTimeDecisionCategories(candidate, others)
  return conflicts.length === 0
    ? Result.succeed(undefined)
    : Result.fail(
      new DecisionCategoriesTaken({
        detail: `another active event subscription already receives ${conflicts.join(", ")}; ` +
          "real-time decisions go to one subscription only"
      })
    )
}

/**
 * The most active subscriptions a group may have in one environment (issue
 * 28). Every event is sent to each of them, so without a bound one write fans
 * out to as many POSTs as a client cares to create. A bank's customer needs a
 * handful (one per receiving system, a few more while moving between them);
 * disabled and deleted ones do not count.
 */
export const maxActiveSubscriptions = 20

/** `candidate`, if it is to be active, fits beside the active `others` (409 past `maxActiveSubscriptions`). */
export const ensureRoomForActive = (
  candidate: EventSubscription,
  others: ReadonlyArray<EventSubscription>
): Result.Result<void, TooManyActiveSubscriptions> => {
  if (candidate.status !== "active") return Result.succeed(undefined)
  const active = others.filter((other) => other.id !== candidate.id && other.status === "active").length
  return active < maxActiveSubscriptions
    ? Result.succeed(undefined)
    : Result.fail(
      new TooManyActiveSubscriptions({
        detail: `a group may have at most ${maxActiveSubscriptions} active event subscriptions in an environment; ` +
          "disable or delete one first"
      })
    )
}

/** `candidate` may be active beside the active `others`: room for it, and no real-time decision category taken twice. */
export const ensureMayBeActive = (
  candidate: EventSubscription,
  others: ReadonlyArray<EventSubscription>
): Result.Result<void, TooManyActiveSubscriptions | DecisionCategoriesTaken> =>
  Result.flatMap(ensureRoomForActive(candidate, others), () => ensureUniqueRealTimeDecisions(candidate, others))

/** Resends and heartbeats go only to active subscriptions. */
export const ensureActive = (
  subscription: EventSubscription
): Result.Result<EventSubscription, EventSubscriptionWrongStatus> =>
  subscription.status === "active"
    ? Result.succeed(subscription)
    : Result.fail(
      new EventSubscriptionWrongStatus({
        detail: `event subscription ${subscription.id} is ${subscription.status}; only active ones receive`
      })
    )

/** An event is resent only to a subscription that receives its category. */
export const ensureReceives = (
  subscription: EventSubscription,
  category: EventCategory
): Result.Result<void, EventCategoryNotSubscribed> =>
  receives(subscription, category)
    ? Result.succeed(undefined)
    : Result.fail(
      new EventCategoryNotSubscribed({
        detail: `event subscription ${subscription.id} does not receive ${category} events`
      })
    )

/** Whether a subscription made of `body` is active, so its creation reads the active set (`createAmong`). */
export const createsActive = (body: CreateEventSubscription): boolean => (body.status ?? createdStatus) === "active"

/** Whether `body` may make `subscription` active, so the update reads the active set (`updateAmong`). */
export const mayActivate = (subscription: EventSubscription, body: UpdateEventSubscription): boolean =>
  body.status === "active" && subscription.status !== "active" && !isTerminal(subscription.status)

/** A creation: the subscription, its events, and the signing secret it is stored with. */
export interface Creation extends Transition {
  readonly secret: string
}

/**
 * `POST`: the new subscription (`create`), which, when active, must fit
 * among the `active` ones (`ensureMayBeActive`); signed by the body's secret,
 * else by `generatedSecret`.
 */
export const createAmong = (
  input: CreateInput & { readonly generatedSecret: string },
  active: ReadonlyArray<EventSubscription>
): Result.Result<Creation, TooManyActiveSubscriptions | DecisionCategoriesTaken> => {
  const created = create(input)
  return Result.map(
    joinsActiveSet(created.next) ? ensureMayBeActive(created.next, active) : Result.void,
    () => ({ ...created, secret: input.body.shared_secret ?? input.generatedSecret })
  )
}

/** An update as written: the change (`update`) and the secret it rotates in, if any. */
export interface Updating extends UpdateTransition {
  /** A new signing secret, and until when the one it replaces keeps signing; null when the secret is kept. */
  readonly rotation: { readonly secret: string; readonly replacedSignsUntil: Timestamp } | null
}

/**
 * `PATCH` at `at`: the change (`update`); a subscription becoming active must
 * fit among the `active` ones; a new secret rotates in (`replacedSecretSignsUntil`).
 */
export const updateAmong = (
  subscription: EventSubscription,
  body: UpdateEventSubscription,
  active: ReadonlyArray<EventSubscription>,
  at: Timestamp
): Result.Result<Updating, EventSubscriptionWrongStatus | TooManyActiveSubscriptions | DecisionCategoriesTaken> =>
  Result.flatMap(update(subscription, body), (change) =>
    Result.map(
      change.statusChanged && joinsActiveSet(change.next) ? ensureMayBeActive(change.next, active) : Result.void,
      () => ({
        ...change,
        rotation: body.shared_secret === undefined
          ? null
          : { secret: body.shared_secret, replacedSignsUntil: replacedSecretSignsUntil(at) }
      })
    ))

/** A resend of `event` (of `category`): to an active subscription that receives its category. */
export const resend = <E extends { readonly category: EventCategory }>(
  subscription: EventSubscription,
  event: E
): Result.Result<E, EventSubscriptionWrongStatus | EventCategoryNotSubscribed> =>
  Result.flatMap(
    ensureActive(subscription),
    () => Result.map(ensureReceives(subscription, event.category), () => event)
  )
