/**
 * The harness's webhook receiver, one local HTTP server with two paths:
 * `/webhooks` for the subscription to every (non real-time) event and
 * `/decisions` for the real-time decision subscription. Every delivery's
 * signature is verified (Standard Webhooks, the subscription's secret) and
 * its `webhook-id` counted. A card authorization decision is answered 204 at
 * once, then decided (approve, decline, or no answer at all so that it times
 * out) and answered through `POST /real_time_decisions/{id}/action` with an
 * Idempotency-Key of its own, retried like every request of the harness.
 */
import { verify } from "@moneta/domain/WebhookSignature"
import { DateTime, Result } from "effect"
import { randomBytes, randomUUID } from "node:crypto"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { type Client, isRecord } from "./Client.js"
import type { Findings } from "./Findings.js"
import type { Random } from "./Random.js"
import type { Timeline } from "./Timeline.js"

export type Choice = "approve" | "decline" | "silence"

/** What the receiver did with one decision. */
export interface DecisionAnswer {
  readonly choice: Choice
  readonly key: string | undefined
  /** The final answer to `/action`: 200 acknowledged, a 4xx refused (409: too late); undefined: none. */
  status: number | undefined
  detail: string | undefined
}

export interface Receiver {
  readonly url: string
  readonly secret: string
  /** `webhook-id` → deliveries received (verified ones). */
  readonly receipts: ReadonlyMap<string, number>
  /** Decision id → what the receiver answered. */
  readonly decisions: ReadonlyMap<string, DecisionAnswer>
  /** Waits until every answer under way is finished. */
  readonly settled: () => Promise<void>
  readonly close: () => void
}

const header = (request: Http.IncomingMessage, name: string) => {
  const value = request.headers[name]
  return typeof value === "string" ? value : ""
}

export const startReceiver = async (options: {
  readonly client: Client
  readonly random: Random
  readonly findings: Findings
  readonly timeline: Timeline
}): Promise<Receiver> => {
  const secret = randomBytes(24).toString("hex")
  const receipts = new Map<string, number>()
  const decisions = new Map<string, DecisionAnswer>()
  const underWay = new Set<Promise<void>>()

  const answer = async (decisionId: string) => {
    const roll = options.random.next()
    const choice: Choice = roll < 0.75 ? "approve" : roll < 0.9 ? "decline" : "silence"
    const key = choice === "silence" ? undefined : `crash-action-${randomUUID()}`
    const record: DecisionAnswer = { choice, key, status: undefined, detail: undefined }
    decisions.set(decisionId, record)
    if (choice === "silence" || key === undefined) return
    const outcome = await options.client.send({
      kind: "decision action",
      method: "POST",
      path: `/real_time_decisions/${decisionId}/action`,
      body: { card_authorization: { decision: choice } },
      key
    })
    if (outcome._tag === "Answered") {
      record.status = outcome.answer.status
      record.detail = typeof outcome.answer.body.detail === "string" ? outcome.answer.body.detail : undefined
    }
  }

  const server = Http.createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const body = Buffer.concat(chunks)
      const id = header(request, "webhook-id")
      const checked = verify({
        id,
        timestamp: header(request, "webhook-timestamp"),
        body,
        signatureHeader: header(request, "webhook-signature"),
        secrets: [secret],
        now: DateTime.nowUnsafe()
      })
      options.findings.checked("signatures")
      if (Result.isFailure(checked)) {
        options.findings.violation(
          "signatures",
          `${options.timeline.at()}: delivery ${id || "(no webhook-id)"} to ${request.url}: ${checked.failure._tag}`
        )
        response.writeHead(400).end()
        return
      }
      receipts.set(id, (receipts.get(id) ?? 0) + 1)
      response.writeHead(204).end()
      if (request.url !== "/decisions") return
      let event: unknown
      try {
        event = JSON.parse(body.toString("utf8"))
      } catch {
        event = undefined
      }
      const decisionId = isRecord(event) ? event.associated_object_id : undefined
      // A delivery sent again (its first attempt unrecorded) is answered once.
      if (typeof decisionId !== "string" || decisions.has(decisionId)) return
      const answering = answer(decisionId).catch((error: unknown) => {
        options.timeline.note(`the receiver failed to answer ${decisionId}: ${String(error)}`)
      }).finally(() => underWay.delete(answering))
      underWay.add(answering)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  // Safe: a TCP server listening on a host and port has an AddressInfo address.
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    receipts,
    decisions,
    settled: async () => {
      while (underWay.size > 0) await Promise.all([...underWay])
    },
    close: () => {
      server.closeAllConnections()
      server.close()
    }
  }
}
