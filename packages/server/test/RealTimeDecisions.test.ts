/**
 * Real-time decisions end to end: a running server (dispatcher and sweeper
 * included), an event subscription selecting every decision category, and a
 * real local webhook endpoint (`@moneta/receiver` with its real-time decision
 * handler) that answers each decision through `/action` before it answers the
 * webhook. What it answers is read from the amount: approve, decline, or no
 * answer at all (its handler fails, so the window passes). Windows are set
 * here (`MONETA_RTD_WINDOW_*`); every wait ends when the answer arrives, so
 * only the timeouts take a window's length. On Postgres, two `moneta` processes share
 * one database: a decision is answered through the other process, and the
 * sweeper finishes a decision whose waiting process was killed, then gives up
 * its idempotency key so a retry runs once more, reusing that decision.
 */
import { describe, expect, it } from "@effect/vitest"
import { authorizationOfHold } from "@moneta/domain/CardClearing"
import type { CardPayment } from "@moneta/domain/CardPayment"
import { CardDecline } from "@moneta/domain/CardPaymentElements"
import type { CardAuthorizationSimulationResult } from "@moneta/domain/CardSimulations"
import { type CardId, CardPaymentId, PendingTransactionId, RealTimeDecisionId } from "@moneta/domain/Ids"
import type { RealTimeDecision, RealTimeDecisionAction } from "@moneta/domain/RealTimeDecision"
import { Category } from "@moneta/domain/RealTimeDecision"
import { Deduplication, Handlers, NodeAdapter, RealTimeDecisions, Receiver } from "@moneta/receiver"
import { AssociatedObject } from "@moneta/receiver"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Duration, Effect, Fiber, Layer, Redacted, Schedule } from "effect"
import { FetchHttpClient } from "effect/http"
import Increase from "increase"
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import type { IncomingMessage } from "node:http"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as RunningServer from "../src/testing.js"

const secret = "the host app's shared secret"

// Long enough for the endpoint's answer on a loaded machine (at load average 16, 1.5 s was not: an
// approved request timed out); only the decisions left unanswered wait it out.
const windowMillis = 5_000
const windows = Object.fromEntries(
  Category.literals.map((category) => [`MONETA_RTD_WINDOW_${category.toUpperCase()}`, `${windowMillis} millis`])
)

/**
 * What the test endpoint answers: by card (each test uses a card per answer), or by amount (increments).
 * `partial` approves an authorization for `partialAmount`, `beyond` for more than asked (refused: 400).
 */
type Mode = "approve" | "challenge" | "decline" | "silent" | "partial" | "beyond"
const modeOfCard = new Map<string, Mode>()
const modeOfAmount = new Map<number, Mode>()
const modeOfPayment = new Map<string, Mode>()
/** The answer to a card's wallet passcode authentication, when it differs from the card's. */
const modeOfPasscode = new Map<string, Mode>()

/** Amounts that tell the test endpoint what to answer whatever the card. */
const approveAmount = 1_001
const declineAmount = 1_002
const silentAmount = 1_003
const partialAsked = 1_004
const beyondAsked = 1_005
const partialAmount = 604
modeOfAmount.set(approveAmount, "approve").set(declineAmount, "decline").set(silentAmount, "silent")
  .set(partialAsked, "partial").set(beyondAsked, "beyond")

const cardIdOf = (decision: RealTimeDecision): string =>
  decision.card_authorization?.card_id ?? decision.card_balance_inquiry?.card_id ??
    decision.card_authentication?.card_id ?? decision.card_authentication_challenge?.card_id ??
    decision.digital_wallet_token?.card_id ?? decision.digital_wallet_authentication?.card_id ?? ""

const modeOf = (decision: RealTimeDecision): Mode =>
  (decision.card_authorization === null
    ? undefined
    : modeOfAmount.get(decision.card_authorization.settlement_amount)) ??
    (decision.card_authentication_challenge === null
      ? undefined
      : modeOfPayment.get(decision.card_authentication_challenge.card_payment_id)) ??
    (decision.digital_wallet_authentication === null
      ? undefined
      : modeOfPasscode.get(decision.digital_wallet_authentication.card_id)) ??
    modeOfCard.get(cardIdOf(decision)) ?? "silent"

/** The endpoint's policy: the answer of each category for the decision's mode; `silent` answers nothing. */
const policy = (decision: RealTimeDecision): Effect.Effect<RealTimeDecisionAction, string> => {
  const mode = modeOf(decision)
  if (mode === "silent") return Effect.fail("no answer: let the window pass")
  const yes = mode !== "decline"
  switch (decision.category) {
    case "card_authorization_requested":
      if (mode === "partial" || mode === "beyond") {
        const amount = mode === "partial" ? partialAmount : (decision.card_authorization?.settlement_amount ?? 0) + 1
        return Effect.succeed({ card_authorization: { decision: "approve", approval: { partial_amount: amount } } })
      }
      return Effect.succeed({
        card_authorization: yes
          ? { decision: "approve" }
          : { decision: "decline", decline: { reason: "suspected_fraud" } }
      })
    case "card_balance_inquiry_requested":
      return Effect.succeed({
        card_balance_inquiry: yes ? { decision: "approve", approval: { balance: 4_242 } } : { decision: "decline" }
      })
    case "card_authentication_requested":
      return Effect.succeed({
        card_authentication: { decision: mode === "approve" ? "approve" : mode === "challenge" ? "challenge" : "deny" }
      })
    case "card_authentication_challenge_requested":
      return Effect.succeed({
        card_authentication_challenge: yes
          ? { result: "success", success: { phone: "+15555550100" } }
          : { result: "failure" }
      })
    case "digital_wallet_token_requested":
      return Effect.succeed({
        digital_wallet_token: yes ? { approval: { phone: "+15555550100" } } : { decline: { reason: "not this device" } }
      })
    case "digital_wallet_authentication_requested":
      return Effect.succeed({
        digital_wallet_authentication: yes
          ? { result: "success", success: { phone: "+15555550100" } }
          : { result: "failure" }
      })
  }
}

/** A server and a webhook endpoint answering with `policy`, for the test's scope. */
const setUp = (kind: TestDatabase.Kind) =>
  Effect.gen(function*() {
    const server = yield* RunningServer.start(kind, windows)
    const clientLayer = AssociatedObject.layerClient(server).pipe(Layer.provide(FetchHttpClient.layer))
    const endpoint = yield* Effect.gen(function*() {
      const receiver = yield* Receiver.make({
        secrets: [secret],
        handlers: Handlers.empty.pipe(RealTimeDecisions.on(policy))
      })
      return yield* NodeAdapter.makeHandler(receiver)
    }).pipe(Effect.provide(Layer.merge(clientLayer, Deduplication.layerMemory())))
    const url = yield* RunningServer.listen(endpoint)
    const client = yield* Effect.provide(AssociatedObject.MonetaClient, clientLayer)
    yield* client.eventSubscriptions.create({
      payload: {
        url: `${url}/webhooks`,
        shared_secret: secret,
        selected_event_categories: Category.literals.map((category) => ({
          event_category: `real_time_decision.${category}` as const
        }))
      }
    })
    const [card] = (yield* client.cards.list({ query: {} })).data
    if (card === undefined) return yield* Effect.die(new Error("the first run seeds a card"))
    /** A new card on the seeded account, answered with `mode`. */
    const cardFor = (mode: Mode) =>
      Effect.map(client.cards.create({ payload: { account_id: card.account_id } }), (created) => {
        modeOfCard.set(created.id, mode)
        return created
      })
    return { server, client, card, cardFor }
  })

const post = (server: RunningServer.RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${Redacted.value(server.apiKey)}`,
        "content-type": "application/json",
        ...headers
      },
      body: JSON.stringify(body)
    })
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>
    }
  })

/** The authorization an approved result holds money for. */
const authorizationOf = (result: CardAuthorizationSimulationResult) =>
  result.pending_transaction === null ? undefined : authorizationOfHold(result.pending_transaction)

/** The decline of a declined result. */
const declineOf = (result: CardAuthorizationSimulationResult) => {
  const source = result.declined_transaction?.source
  return source?.category === "card_decline" && source.card_decline instanceof CardDecline
    ? source.card_decline
    : undefined
}

// ---------------------------------------------------------------------------
// Several processes (on Postgres): two `moneta` processes as `pnpm start` runs them
// ---------------------------------------------------------------------------

const root = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")

interface Process {
  readonly url: string
  readonly child: ChildProcess
}

/** A `moneta` process on `databaseUrl`, until the scope closes (SIGTERM) or the test kills it. */
const startProcess = (databaseUrl: string, apiKey: string, port: number) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      // node itself (not the tsx wrapper, whose child would outlive a SIGKILL)
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "--conditions=@moneta/source", Path.join(root, "packages", "server", "src", "main.ts")],
        {
          cwd: root,
          stdio: ["ignore", "ignore", "pipe"],
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            PORT: String(port),
            HOST: "127.0.0.1",
            MONETA_ENVIRONMENT: "sandbox",
            MONETA_API_KEY: apiKey,
            MONETA_RTD_WINDOW_CARD_AUTHORIZATION_REQUESTED: "5 seconds",
            MONETA_RTD_SWEEP_INTERVAL: "200 millis",
            MONETA_RTD_LEASE: "1 second"
          }
        }
      )
      let errors = ""
      child.stderr?.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString("utf8")).slice(-5_000)))
      const url = `http://127.0.0.1:${port}`
      yield* Effect.retry(
        Effect.tryPromise(() => fetch(`${url}/ready`).then((response) => response.ok ? undefined : Promise.reject())),
        Schedule.spaced(Duration.millis(200)).pipe(Schedule.upTo({ duration: Duration.seconds(180) }))
      ).pipe(Effect.catch(() => Effect.die(new Error(`moneta on port ${port} did not start:\n${errors}`))))
      return { url, child } satisfies Process
    }),
    ({ child }) =>
      Effect.callback<void>((resume) => {
        if (child.exitCode !== null || child.signalCode !== null) return resume(Effect.void)
        child.once("exit", () => resume(Effect.void))
        child.kill("SIGTERM")
      })
  )

const call = (
  base: string,
  apiKey: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
) =>
  Effect.tryPromise(async () => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  })

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ""
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")))
    request.on("end", () => resolve(text))
  })

for (const kind of TestDatabase.testDatabases) {
  describe(`real-time decisions (${kind})`, () => {
    it.live(
      "card authorizations: approved, declined and timed out by the client's endpoint",
      () =>
        Effect.gen(function*() {
          const { card, client } = yield* setUp(kind)
          const authorize = (amount: number) =>
            client.cardSimulations.authorize({ payload: { amount, card_id: card.id } })

          const approved = yield* authorize(approveAmount)
          const authorization = authorizationOf(approved)
          expect(authorization?.actioner).toBe("user")
          expect(authorization?.amount).toBe(approveAmount)
          const decisionId = authorization?.real_time_decision_id
          if (decisionId === null || decisionId === undefined) return yield* Effect.die(new Error("no decision id"))
          const decision = yield* client.realTimeDecisions.retrieve({ params: { real_time_decision_id: decisionId } })
          expect(decision).toMatchObject({
            status: "responded",
            category: "card_authorization_requested",
            card_authorization: {
              decision: "approve",
              approval: { partial_amount: null },
              settlement_amount: approveAmount
            }
          })

          const declined = yield* authorize(declineAmount)
          expect(declined.pending_transaction).toBeNull()
          expect(declineOf(declined)).toMatchObject({
            actioner: "user",
            reason: "webhook_declined",
            real_time_decision_reason: "suspected_fraud"
          })

          const silent = yield* authorize(silentAmount)
          expect(silent.pending_transaction).toBeNull()
          const timedOut = declineOf(silent)
          expect(timedOut?.reason).toBe("webhook_timed_out")
          const timedOutId = timedOut?.real_time_decision_id
          if (timedOutId === null || timedOutId === undefined) return yield* Effect.die(new Error("no decision id"))
          expect((yield* client.realTimeDecisions.retrieve({ params: { real_time_decision_id: timedOutId } })).status)
            .toBe("timed_out")
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    it.live(
      "every category answered by the client: approved, declined, and timed out when it does not answer",
      () =>
        Effect.gen(function*() {
          const { cardFor, client } = yield* setUp(kind)
          const approving = yield* cardFor("approve")
          const declining = yield* cardFor("decline")
          const silent = yield* cardFor("silent")
          const challenging = yield* cardFor("challenge")
          const decisionOf = (id: string | null | undefined) =>
            id === null || id === undefined
              ? Effect.die(new Error("no real-time decision id"))
              : client.realTimeDecisions.retrieve({ params: { real_time_decision_id: RealTimeDecisionId.make(id) } })
          const inquire = (cardId: CardId) => client.cardSimulations.inquireBalance({ payload: { card_id: cardId } })
          const authenticate = (cardId: CardId) => client.cardSimulations.authenticate({ payload: { card_id: cardId } })
          const requestToken = (cardId: CardId) =>
            client.cardSimulations.requestDigitalWalletToken({ payload: { card_id: cardId } })
          const lastElement = (payment: CardPayment) => payment.elements.at(-1)
          const incrementOf = (payment: CardPayment) => {
            const element = lastElement(payment)
            return element?.category === "card_increment" ? element.card_increment : undefined
          }
          const authenticationOf = (payment: CardPayment) => {
            const element = payment.elements.find((candidate) => candidate.category === "card_authentication")
            return element?.category === "card_authentication" ? element.card_authentication : undefined
          }

          // approved
          const authorized = yield* client.cardSimulations.authorize({
            payload: { amount: 1_000, card_id: approving.id }
          })
          const authorization = authorizationOf(authorized)
          expect(authorization).toMatchObject({ actioner: "user", amount: 1_000 })
          const incremented = yield* client.cardSimulations.increment({
            payload: {
              card_payment_id: CardPaymentId.make(authorization?.card_payment_id ?? ""),
              amount: approveAmount
            }
          })
          expect(incrementOf(incremented)).toMatchObject({ actioner: "user", updated_authorization_amount: 2_001 })
          expect((yield* decisionOf(incrementOf(incremented)?.real_time_decision_id)).card_authorization)
            .toMatchObject({ request_details: { category: "incremental_authorization" }, decision: "approve" })
          expect(lastElement(yield* inquire(approving.id))).toMatchObject({ card_balance_inquiry: { balance: 4_242 } })
          const authenticated = authenticationOf(yield* authenticate(approving.id))
          expect(authenticated).toMatchObject({ status: "authenticated_without_challenge", deny_reason: null })
          expect((yield* decisionOf(authenticated?.real_time_decision_id)).card_authentication?.decision).toBe(
            "approve"
          )
          const token = yield* requestToken(approving.id)
          expect(token.decline_reason).toBeNull()
          const tokenId = token.digital_wallet_token_id
          if (tokenId === null) return yield* Effect.die(new Error("an approved request names its token"))
          expect((yield* client.digitalWalletTokens.retrieve({ params: { digital_wallet_token_id: tokenId } })).status)
            .toBe("active")

          // declined
          expect(
            declineOf(yield* client.cardSimulations.authorize({ payload: { amount: 1_000, card_id: declining.id } }))
          )
            .toMatchObject({
              reason: "webhook_declined",
              real_time_decision_reason: "suspected_fraud",
              actioner: "user"
            })
          const declinedIncrement = yield* client.cardSimulations.increment({
            payload: {
              card_payment_id: CardPaymentId.make(authorization?.card_payment_id ?? ""),
              amount: declineAmount
            }
          })
          expect(lastElement(declinedIncrement)).toMatchObject({ card_decline: { reason: "webhook_declined" } })
          expect(lastElement(yield* inquire(declining.id))).toMatchObject({
            card_decline: { reason: "webhook_declined" }
          })
          expect(authenticationOf(yield* authenticate(declining.id))).toMatchObject({
            status: "denied",
            deny_reason: "webhook_denied"
          })
          expect((yield* requestToken(declining.id)).decline_reason).toBe("webhook_declined")

          // 3DS challenges: the code delivered, or not
          const awaiting = yield* Effect.all([
            authenticate(challenging.id),
            authenticate(challenging.id),
            authenticate(challenging.id)
          ])
          for (const payment of awaiting) {
            expect(authenticationOf(payment)?.status).toBe("awaiting_challenge")
          }
          const [delivered, undelivered, unanswered] = awaiting.map((payment) => payment.id)
          if (delivered === undefined || undelivered === undefined || unanswered === undefined) return
          modeOfPayment.set(delivered, "approve").set(undelivered, "decline").set(unanswered, "silent")
          const challenged = authenticationOf(
            yield* client.cardSimulations.challenge({ params: { card_payment_id: delivered } })
          )
          expect(challenged?.status).toBe("awaiting_challenge")
          expect(
            (yield* decisionOf(challenged?.challenge?.real_time_decision_id)).card_authentication_challenge?.result
          )
            .toBe("success")
          expect(
            authenticationOf(yield* client.cardSimulations.challenge({ params: { card_payment_id: undelivered } }))
              ?.status
          )
            .toBe("errored")

          // timed out (all at once: each takes the window)
          const [
            silentAuthorization,
            silentIncrement,
            silentInquiry,
            silentAuthentication,
            silentToken,
            silentChallenge
          ] = yield* Effect.all([
            client.cardSimulations.authorize({ payload: { amount: 1_000, card_id: silent.id } }),
            client.cardSimulations.increment({
              payload: {
                card_payment_id: CardPaymentId.make(authorization?.card_payment_id ?? ""),
                amount: silentAmount
              }
            }),
            inquire(silent.id),
            authenticate(silent.id),
            requestToken(silent.id),
            client.cardSimulations.challenge({ params: { card_payment_id: unanswered } })
          ], { concurrency: "unbounded" })
          const timedOut = declineOf(silentAuthorization)
          expect(timedOut?.reason).toBe("webhook_timed_out")
          expect((yield* decisionOf(timedOut?.real_time_decision_id)).status).toBe("timed_out")
          expect(lastElement(silentIncrement)).toMatchObject({ card_decline: { reason: "webhook_timed_out" } })
          expect(lastElement(silentInquiry)).toMatchObject({ card_decline: { reason: "webhook_timed_out" } })
          expect(authenticationOf(silentAuthentication)).toMatchObject({
            status: "denied",
            deny_reason: "webhook_timed_out"
          })
          expect(silentToken.decline_reason).toBe("webhook_timed_out")
          expect(authenticationOf(silentChallenge)?.status).toBe("errored")

          // what stayed held: the approved authorization and its approved increment only
          const hold = yield* client.pendingTransactions.retrieve({
            params: { pending_transaction_id: PendingTransactionId.make(authorization?.pending_transaction_id ?? "") }
          })
          expect(hold.amount).toBe(-2_001)
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    it.live("the authorization lifecycle through the official SDK, the client deciding", () =>
      Effect.gen(function*() {
        const { cardFor, server } = yield* setUp(kind)
        const card = yield* cardFor("approve")
        const sdk = new Increase({ apiKey: Redacted.value(server.apiKey), baseURL: server.baseUrl, maxRetries: 0 })
        yield* Effect.promise(async () => {
          const authorized = await sdk.simulations.cardAuthorizations.create({ amount: 1_000, card_id: card.id })
          const hold = authorized.pending_transaction
          if (hold === null) throw new Error("the client approved, yet the authorization was declined")
          const authorization = hold.source.card_authorization
          expect(authorization).toMatchObject({ actioner: "user", amount: 1_000 })
          const decisionId = authorization?.real_time_decision_id ?? ""
          const decision = await sdk.realTimeDecisions.retrieve(decisionId)
          expect(decision).toMatchObject({
            status: "responded",
            category: "card_authorization_requested",
            card_authorization: { decision: "approve", upcoming_card_payment_id: authorization?.card_payment_id }
          })
          const cardPaymentId = authorization?.card_payment_id ?? ""
          const incremented = await sdk.simulations.cardIncrements.create({
            card_payment_id: cardPaymentId,
            amount: approveAmount
          })
          expect(incremented.elements.at(-1)?.card_increment).toMatchObject({
            actioner: "user",
            updated_authorization_amount: 2_001
          })
          const declinedIncrement = await sdk.simulations.cardIncrements.create({
            card_payment_id: cardPaymentId,
            amount: declineAmount
          })
          expect(declinedIncrement.elements.at(-1)?.card_decline?.reason).toBe("webhook_declined")
          expect((await sdk.pendingTransactions.retrieve(hold.id)).amount).toBe(-2_001)
          const settled = await sdk.simulations.cardSettlements.create({
            card_id: card.id,
            pending_transaction_id: hold.id
          })
          expect(settled.amount).toBe(-2_001)
          expect((await sdk.pendingTransactions.retrieve(hold.id)).status).toBe("complete")
          // a second answer is refused (409), the SDK's ConflictError
          const again = await sdk.realTimeDecisions.action(decisionId, { card_authorization: { decision: "decline" } })
            .then(
              () => undefined,
              (error: unknown) => error
            )
          expect(again).toBeInstanceOf(Increase.ConflictError)
        })
      }).pipe(Effect.scoped), { timeout: Duration.toMillis(TestDatabase.timeout) })

    it.live(
      "the action's rules over HTTP: the wrong object is 400, a finished decision 409",
      () =>
        Effect.gen(function*() {
          const { card, client, server } = yield* setUp(kind)
          const approved = yield* client.cardSimulations.authorize({
            payload: { amount: approveAmount, card_id: card.id }
          })
          const id = authorizationOf(approved)?.real_time_decision_id
          if (id === null || id === undefined) return yield* Effect.die(new Error("no decision id"))
          const wrongObject = yield* post(server, `/real_time_decisions/${id}/action`, {
            digital_wallet_token: { approval: {} }
          })
          expect(wrongObject.status).toBe(400)
          expect(wrongObject.body["type"]).toBe("invalid_parameters_error")
          const again = yield* post(server, `/real_time_decisions/${id}/action`, {
            card_authorization: { decision: "decline" }
          })
          expect(again.status).toBe(409)
          expect(again.body["type"]).toBe("invalid_operation_error")
          const unknown = yield* post(server, `/real_time_decisions/real_time_decision_nonexistent000000000/action`, {
            card_authorization: { decision: "approve" }
          })
          expect(unknown.status).toBe(404)
          // the answer stayed the first one
          const decision = yield* client.realTimeDecisions.retrieve({ params: { real_time_decision_id: id } })
          expect(decision.card_authorization?.decision).toBe("approve")
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    it.live(
      "partial approvals: the hold is the partial amount, only where the merchant supports it, never above the amount",
      () =>
        Effect.gen(function*() {
          const { card, client } = yield* setUp(kind)
          const balanceOf = () =>
            Effect.map(client.accounts.balance({ params: { account_id: card.account_id }, query: {} }), (b) =>
              b.available_balance)
          const before = yield* balanceOf()
          const [partial, unsupported, beyond] = yield* Effect.all([
            client.cardSimulations.authorize({
              payload: { amount: partialAsked, card_id: card.id, partial_approval_capability: "supported" }
            }),
            // the endpoint answers a partial amount the merchant does not support: refused (400), so the window passes
            client.cardSimulations.authorize({ payload: { amount: partialAsked, card_id: card.id } }),
            // ... or one above the amount asked: refused likewise
            client.cardSimulations.authorize({
              payload: { amount: beyondAsked, card_id: card.id, partial_approval_capability: "supported" }
            })
          ], { concurrency: "unbounded" })

          const authorization = authorizationOf(partial)
          expect(authorization).toMatchObject({
            actioner: "user",
            amount: partialAmount,
            presentment_amount: partialAmount
          })
          expect(partial.pending_transaction?.amount).toBe(-partialAmount)
          const decisionId = authorization?.real_time_decision_id
          if (decisionId === null || decisionId === undefined) {
            return yield* Effect.die(new Error("no decision id"))
          }
          expect(yield* client.realTimeDecisions.retrieve({ params: { real_time_decision_id: decisionId } }))
            .toMatchObject({
              status: "responded",
              card_authorization: {
                partial_approval_capability: "supported",
                settlement_amount: partialAsked,
                decision: "approve",
                approval: { partial_amount: partialAmount }
              }
            })

          for (const [result, capability] of [[unsupported, "not_supported"], [beyond, "supported"]] as const) {
            const decline = declineOf(result)
            expect(decline?.reason).toBe("webhook_timed_out")
            const id = decline?.real_time_decision_id
            if (id === null || id === undefined) {
              return yield* Effect.die(new Error("no decision id"))
            }
            expect(yield* client.realTimeDecisions.retrieve({ params: { real_time_decision_id: id } })).toMatchObject({
              status: "timed_out",
              card_authorization: { partial_approval_capability: capability, decision: null, approval: null }
            })
          }
          expect(yield* balanceOf()).toBe(before - partialAmount)
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    it.live(
      "the wallet's one-time-passcode authentication: delivered, not delivered, not answered",
      () =>
        Effect.gen(function*() {
          const { cardFor, client } = yield* setUp(kind)
          const delivered = yield* cardFor("approve")
          const undelivered = yield* cardFor("approve")
          const unanswered = yield* cardFor("approve")
          modeOfPasscode.set(undelivered.id, "decline").set(unanswered.id, "silent")
          const requested = yield* Effect.all(
            [delivered, undelivered, unanswered].map((card) =>
              client.cardSimulations.requestDigitalWalletToken({ payload: { card_id: card.id } })
            ),
            { concurrency: "unbounded" }
          )
          const statuses = yield* Effect.forEach(requested, (result) => {
            expect(result.decline_reason).toBeNull()
            const tokenId = result.digital_wallet_token_id
            return tokenId === null
              ? Effect.die(new Error("an approved request names its token"))
              : Effect.map(
                client.digitalWalletTokens.retrieve({ params: { digital_wallet_token_id: tokenId } }),
                (token) => token.status
              )
          })
          // the second factor activates the token; without it the token stays inactive
          expect(statuses).toEqual(["active", "inactive", "inactive"])

          const events = yield* client.events.list({
            query: { "category.in": ["real_time_decision.digital_wallet_authentication_requested"] }
          })
          const decisions = yield* Effect.forEach(events.data, (event) =>
            client.realTimeDecisions.retrieve({
              params: { real_time_decision_id: RealTimeDecisionId.make(event.associated_object_id) }
            }))
          const decisionOf = (cardId: string) =>
            decisions.find((decision) => decision.digital_wallet_authentication?.card_id === cardId)
          // the passcode goes to the contact the client gave when it approved the token (a phone: by sms)
          const contact = { channel: "sms", phone: "+15555550100", email: null, digital_wallet: "wallet_a" }
          expect(decisionOf(delivered.id)).toMatchObject({
            status: "responded",
            digital_wallet_authentication: { ...contact, result: "success" }
          })
          expect(decisionOf(delivered.id)?.digital_wallet_authentication?.one_time_passcode).toMatch(/^\d{6}$/)
          expect(decisionOf(undelivered.id)).toMatchObject({
            status: "responded",
            digital_wallet_authentication: { ...contact, result: "failure" }
          })
          expect(decisionOf(unanswered.id)).toMatchObject({
            status: "timed_out",
            digital_wallet_authentication: { ...contact, result: null }
          })
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    it.live(
      "an idempotent replay returns the stored result; a replay while the first waits is 409; one decision",
      () =>
        Effect.gen(function*() {
          const { card, client, server } = yield* setUp(kind)
          const body = { amount: approveAmount, card_id: card.id }
          const first = yield* post(server, "/simulations/card_authorizations", body, {
            "idempotency-key": "approve-once"
          })
          expect(first.status).toBe(200)
          const replay = yield* post(server, "/simulations/card_authorizations", body, {
            "idempotency-key": "approve-once"
          })
          expect(replay.status).toBe(200)
          expect(replay.headers.get("idempotent-replayed")).toBe("true")
          expect(replay.body).toEqual(first.body)

          const waiting = { amount: silentAmount, card_id: card.id }
          const slow = yield* Effect.forkChild(
            post(server, "/simulations/card_authorizations", waiting, { "idempotency-key": "still-waiting" })
          )
          // once the first request's decision exists, the same request again is refused, not decided twice
          const pendingDecisions = () =>
            client.events.list({ query: { "category.in": ["real_time_decision.card_authorization_requested"] } })
          yield* Effect.retry(
            Effect.flatMap(pendingDecisions(), (page) => page.data.length >= 2 ? Effect.void : Effect.fail("not yet")),
            { times: 200 }
          )
          const early = yield* post(server, "/simulations/card_authorizations", waiting, {
            "idempotency-key": "still-waiting"
          })
          expect(early.status).toBe(409)
          expect(early.body["type"]).toBe("invalid_operation_error")
          // unlike other refusals, worth sending again: the official SDK retries it after retry-after
          expect(early.headers.get("x-should-retry")).toBe("true")
          expect(early.headers.get("retry-after")).toBe("1")
          const finished = yield* Fiber.join(slow)
          expect(finished.status).toBe(200)
          const late = yield* post(server, "/simulations/card_authorizations", waiting, {
            "idempotency-key": "still-waiting"
          })
          expect(late.headers.get("idempotent-replayed")).toBe("true")
          expect(late.body).toEqual(finished.body)
          expect((yield* pendingDecisions()).data.length).toBe(2)
        }).pipe(Effect.scoped),
      { timeout: Duration.toMillis(TestDatabase.timeout) }
    )

    if (kind === "postgres") {
      // A decision raised through one process is answered through the other; the process waiting
      // for a decision killed with SIGKILL leaves it to the other's sweeper, and no hold remains.
      it.live(
        "answered through another process; a waiting process killed → swept, nothing held",
        () =>
          Effect.gen(function*() {
            const databaseUrl = Redacted.value(yield* TestDatabase.createPostgresDatabase)
            const apiKey = `moneta_sandbox_test_${randomBytes(12).toString("hex")}`
            const [portA, portB] = yield* Effect.all([RunningServer.freePort, RunningServer.freePort])
            const first = yield* startProcess(databaseUrl, apiKey, portA)
            const second = yield* startProcess(databaseUrl, apiKey, portB)

            // The endpoint answers through the second process (approve), or only tells the test it got the event.
            const delivered = yield* Deferred.make<string>()
            let answering = true
            const endpoint = yield* RunningServer.listen((request, response) => {
              void readBody(request).then(async (text) => {
                const event = JSON.parse(text) as { readonly associated_object_id: string }
                if (answering) {
                  await fetch(`${second.url}/real_time_decisions/${event.associated_object_id}/action`, {
                    method: "POST",
                    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
                    body: JSON.stringify({ card_authorization: { decision: "approve" } })
                  })
                } else {
                  Effect.runSync(Deferred.succeed(delivered, event.associated_object_id))
                }
                response.writeHead(answering ? 200 : 500).end()
              })
            })
            expect(
              (yield* call(first.url, apiKey, "POST", "/event_subscriptions", {
                url: `${endpoint}/webhooks`,
                selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
              })).status
            ).toBe(200)
            const cards = yield* call(first.url, apiKey, "GET", "/cards")
            const card = (cards.body["data"] as ReadonlyArray<{ readonly id: string; readonly account_id: string }>)[0]
            if (card === undefined) return yield* Effect.die(new Error("the first run seeds a card"))
            const available = () =>
              Effect.map(
                call(second.url, apiKey, "GET", `/accounts/${card.account_id}/balance`),
                (answer) => answer.body["available_balance"]
              )
            const before = yield* available()

            // raised through the first process, answered through the second
            const approved = yield* call(first.url, apiKey, "POST", "/simulations/card_authorizations", {
              amount: 700,
              card_id: card.id
            })
            expect(approved.status).toBe(200)
            expect(approved.body["pending_transaction"]).toMatchObject({
              amount: -700,
              source: { card_authorization: { actioner: "user" } }
            })

            // the first process dies while it waits: the second one's sweeper times the decision out
            answering = false
            const dying = { amount: 900, card_id: card.id }
            const retryKey = { "idempotency-key": "dies-while-waiting" }
            const waiting = yield* Effect.forkChild(
              Effect.result(call(first.url, apiKey, "POST", "/simulations/card_authorizations", dying, retryKey))
            )
            const decisionId = yield* Deferred.await(delivered)
            first.child.kill("SIGKILL")
            // its request dies with it
            expect((yield* Fiber.join(waiting))._tag).toBe("Failure")
            const swept = yield* Effect.retry(
              Effect.flatMap(
                call(second.url, apiKey, "GET", `/real_time_decisions/${decisionId}`),
                (answer) =>
                  answer.body["status"] === "timed_out" ? Effect.succeed(answer.body) : Effect.fail("not yet timed out")
              ),
              Schedule.spaced(Duration.millis(100)).pipe(Schedule.upTo({ duration: Duration.seconds(120) }))
            )
            expect(swept["status"]).toBe("timed_out")
            // only the approved authorization holds money
            expect(yield* available()).toBe(Number(before) - 700)
            const holds = yield* call(
              second.url,
              apiKey,
              "GET",
              `/pending_transactions?account_id=${card.account_id}&status.in=pending`
            )
            expect((holds.body["data"] as ReadonlyArray<{ readonly amount: number }>).map((hold) => hold.amount))
              .toEqual([-700])

            // the dead request's key: 409 until the sweeper gives it up, then the retry runs, reusing the decision
            const retried = yield* Effect.retry(
              Effect.flatMap(
                call(second.url, apiKey, "POST", "/simulations/card_authorizations", dying, retryKey),
                (answer) =>
                  answer.status === 409 ? Effect.fail("the key is still the dead request's") : Effect.succeed(answer)
              ),
              Schedule.spaced(Duration.millis(200)).pipe(Schedule.upTo({ duration: Duration.seconds(120) }))
            )
            expect(retried.status).toBe(200)
            expect(retried.body).toMatchObject({
              pending_transaction: null,
              declined_transaction: {
                amount: -900,
                source: { card_decline: { reason: "webhook_timed_out", real_time_decision_id: decisionId } }
              }
            })
            const replayed = yield* call(
              second.url,
              apiKey,
              "POST",
              "/simulations/card_authorizations",
              dying,
              retryKey
            )
            expect(replayed.body).toEqual(retried.body)
            const raised = yield* call(
              second.url,
              apiKey,
              "GET",
              "/events?category.in=real_time_decision.card_authorization_requested"
            )
            expect((raised.body["data"] as ReadonlyArray<unknown>).length).toBe(2)
            expect(yield* available()).toBe(Number(before) - 700)
          }).pipe(Effect.scoped),
        { timeout: 300_000 }
      )
    }
  })
}
