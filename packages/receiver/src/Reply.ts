/**
 * The HTTP answer to a delivery, the same from every adapter: 200 once the
 * handlers succeeded (or had already, or none applies), the error's status
 * otherwise, with a small JSON body that says why. Rejections are logged as
 * warnings (a wrong secret shows up there), failures as errors.
 */
import { Cause, Effect, Exit } from "effect"
import type { Delivery, Receipt, Receiver } from "./Receiver.js"
import * as ReceiverError from "./ReceiverError.js"

export type ReplyBody =
  | { readonly outcome: Receipt["outcome"]; readonly webhook_id: string }
  | { readonly error: ReceiverError.ReceiverError["_tag"] | "InternalError"; readonly detail: string }

export interface Reply {
  readonly status: number
  readonly body: ReplyBody
}

export const fromReceipt = (receipt: Receipt): Reply => ({
  status: 200,
  body: { outcome: receipt.outcome, webhook_id: receipt.webhookId }
})

export const fromError = (error: ReceiverError.ReceiverError): Reply => ({
  status: ReceiverError.statusOf(error),
  body: { error: error._tag, detail: ReceiverError.describe(error) }
})

const internalError: Reply = {
  status: 500,
  body: { error: "InternalError", detail: "The delivery could not be processed." }
}

/** Answers a request whose body could not be taken (too large, unreadable). */
export const rejected = (error: ReceiverError.Rejection): Effect.Effect<Reply> =>
  Effect.as(Effect.logWarning("Webhook delivery rejected", ReceiverError.describe(error)), fromError(error))

/** Receives the delivery and says how to answer; never fails. */
export const receive = <R>(receiver: Receiver<R>, delivery: Delivery): Effect.Effect<Reply, never, R> =>
  respond(receiver, delivery).pipe(Effect.annotateLogs({ "webhook-id": delivery.header("webhook-id") ?? "" }))

const respond = <R>(receiver: Receiver<R>, delivery: Delivery): Effect.Effect<Reply, never, R> =>
  Effect.flatMap(Effect.exit(receiver.receive(delivery)), (exit) => {
    if (Exit.isSuccess(exit)) {
      return Effect.as(
        Effect.logDebug("Webhook delivery acknowledged").pipe(
          Effect.annotateLogs({ outcome: exit.value.outcome, category: exit.value.event.category })
        ),
        fromReceipt(exit.value)
      )
    }
    const failure = Cause.findErrorOption(exit.cause)
    if (failure._tag === "Some") {
      const error = failure.value
      const reply = fromError(error)
      const log = reply.status >= 500
        ? Effect.logError(
          "Webhook delivery failed",
          error._tag === "HandlerFailedError" ? error.detail : ReceiverError.describe(error)
        )
        : Effect.logWarning("Webhook delivery rejected", ReceiverError.describe(error))
      return Effect.as(log, reply)
    }
    return Effect.as(Effect.logError("Webhook delivery failed unexpectedly", exit.cause), internalError)
  })
