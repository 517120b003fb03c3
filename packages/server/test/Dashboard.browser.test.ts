/**
 * The dashboard in a real browser (Debian's Chromium, driven by
 * playwright-core) against a running server (`testing.ts`), on each test
 * database (embedded; Postgres too with DATABASE_URL): signing in by link, an account's balance, approving a wire from
 * its page, answering a pending real-time decision by hand inside its window,
 * a failed delivery's attempt and its resend; and every request the page
 * makes goes to the server. Waits are on what the page shows or on responses,
 * never fixed sleeps. Skipped, saying why, where no Chromium executable exists
 * (.ci/run installs it). With MONETA_DASHBOARD_SCREENSHOTS=<folder> the tests
 * also save the screenshots of docs/dashboard.md there (1280×800).
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Effect, Fiber, Layer, Redacted } from "effect"
import { existsSync, mkdirSync } from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import * as RunningServer from "../src/testing.js"

const executablePath = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  .find((path): path is string => path !== undefined && path !== "" && existsSync(path))

/** Taken on the embedded database only: one set of images. */
const screenshotFolder = process.env["MONETA_DASHBOARD_SCREENSHOTS"]

/** The answer window of a card authorization: long enough for a browser on a loaded machine. */
const decisionWindow = "60 seconds"

/** What the webhook endpoint of the tests answers: 500 to the first delivery of a failing subscription's event, then 200. */
const failOnce = new Set<string>()

const endpoint = (request: IncomingMessage, response: ServerResponse) => {
  const chunks: Array<Buffer> = []
  request.on("data", (chunk: Buffer) => chunks.push(chunk))
  request.on("end", () => {
    const path = request.url ?? ""
    const failing = path.startsWith("/failing") && !failOnce.has(path)
    if (failing) failOnce.add(path)
    response.writeHead(failing ? 500 : 200, { "content-type": "text/plain" })
    response.end(failing ? "endpoint down for maintenance" : "ok")
  })
}

class Fixture extends Context.Service<Fixture, {
  readonly server: RunningServer.RunningServer
  readonly key: string
  readonly browser: Browser
  readonly endpointUrl: string
  readonly screenshots: string | undefined
}>()("test/DashboardFixture") {}

const fixture = (kind: TestDatabase.Kind) =>
  Layer.effect(
    Fixture,
    Effect.gen(function*() {
      const server = yield* RunningServer.start(kind, {
        MONETA_RTD_WINDOW_CARD_AUTHORIZATION_REQUESTED: decisionWindow
      })
      const endpointUrl = yield* RunningServer.listen(endpoint)
      const browser = yield* Effect.acquireRelease(
        Effect.promise(() =>
          chromium.launch({ executablePath: executablePath ?? "", headless: true, args: ["--no-sandbox"] })
        ),
        (browser) => Effect.promise(() => browser.close())
      )
      const screenshots = kind === "embedded" ? screenshotFolder : undefined
      return { server, key: Redacted.value(server.apiKey), browser, endpointUrl, screenshots }
    })
  )

/** A JSON request to the server's API with the test's key. */
const api = <A>(method: string, path: string, body?: unknown) =>
  Effect.gen(function*() {
    const { key, server } = yield* Fixture
    return yield* Effect.promise(async () => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const json: unknown = await response.json()
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
      return json as A
    })
  })

interface Opened {
  readonly page: Page
  /** Every URL the page requested. */
  readonly requests: Array<string>
}

/**
 * A new tab (its own session) signed in by the link of the start banner, at
 * `path` under /dashboard, closed with the scope; at its close, every request
 * it made must have gone to the server.
 */
const open = (path = "") =>
  Effect.gen(function*() {
    const { browser, key, server } = yield* Fixture
    const opened = yield* Effect.acquireRelease(
      Effect.promise(async (): Promise<Opened> => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
        const page = await context.newPage()
        const requests: Array<string> = []
        page.on("request", (request) => void requests.push(request.url()))
        await page.goto(`${server.baseUrl}/dashboard${path}#key=${encodeURIComponent(key)}`)
        return { page, requests }
      }),
      ({ page }) => Effect.promise(() => page.context().close())
    )
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        const elsewhere = opened.requests.filter((url) => new URL(url).origin !== server.baseUrl)
        expect(elsewhere).toEqual([])
      })
    )
    return opened
  })

const screenshot = (page: Page, name: string) =>
  Effect.gen(function*() {
    const { screenshots } = yield* Fixture
    if (screenshots === undefined) return
    yield* Effect.promise(async () => {
      mkdirSync(screenshots, { recursive: true })
      await page.screenshot({ path: join(screenshots, `${name}.png`) })
    })
  })

const until = <A>(run: () => Promise<A>) => Effect.promise(run)

interface Account {
  readonly id: string
}
interface WireTransfer {
  readonly id: string
  readonly status: string
}
interface Subscription {
  readonly id: string
}

const fundedAccount = (name: string, cents: number) =>
  Effect.gen(function*() {
    const account = yield* api<Account>("POST", "/accounts", { name })
    yield* api("POST", "/simulations/interest_payments", { account_id: account.id, amount: cents })
    return account
  })

const wire = (accountId: string, cents: number) =>
  api<WireTransfer>("POST", "/wire_transfers", {
    account_id: accountId,
    amount: cents,
    creditor: { name: "Ian Crease" },
    remittance: { category: "unstructured", unstructured: { message: "Invoice 7" } },
    account_number: "987654321",
    routing_number: "101050001",
    require_approval: true
  })

const skipReason =
  "skipped: no Chromium executable (/usr/bin/chromium; `apt-get install chromium`, or set CHROMIUM_PATH)"

for (const kind of TestDatabase.testDatabases) {
  describe.skipIf(executablePath === undefined)(
    executablePath === undefined
      ? `the dashboard in a browser (${kind}; ${skipReason})`
      : `the dashboard in a browser (${kind})`,
    () => {
      layer(fixture(kind), { timeout: "3 minutes", excludeTestServices: true })((it) => {
        it.effect("signs in by the link, keeps the key in the tab's session and takes it out of the address", () =>
          Effect.gen(function*() {
            const { key } = yield* Fixture
            const { page } = yield* open()
            yield* until(() => page.getByRole("heading", { name: "Accounts" }).waitFor())
            expect(new URL(page.url()).hash).toBe("")
            expect(yield* until(() => page.evaluate("sessionStorage.getItem('moneta.apiKey')"))).toBe(key)
          }).pipe(Effect.scoped))

        it.effect("shows the sign-in form, with the API's error and request id, for a wrong key", () =>
          Effect.gen(function*() {
            const { browser, server } = yield* Fixture
            const context = yield* Effect.acquireRelease(
              Effect.promise(() => browser.newContext()),
              (context) => Effect.promise(() => context.close())
            )
            const page = yield* until(() => context.newPage())
            yield* until(() => page.goto(`${server.baseUrl}/dashboard/accounts#key=moneta_sandbox_wrong`))
            yield* until(() => page.getByRole("button", { name: "Sign in" }).waitFor())
            const alert = yield* until(() => page.getByRole("alert").innerText())
            expect(alert).toContain("Invalid API key.")
            expect(alert).toMatch(/Request id: [0-9a-f-]{36}/)
          }).pipe(Effect.scoped))

        it.effect("shows an account created through the API with its balances", () =>
          Effect.gen(function*() {
            const account = yield* fundedAccount("Browser test account", 123_456)
            const { page } = yield* open(`/accounts/${account.id}`)
            yield* until(() => page.locator(".current-balance", { hasText: "$1,234.56" }).waitFor())
            yield* until(() => page.locator(".available-balance", { hasText: "$1,234.56" }).waitFor())
            yield* until(() => page.getByRole("cell", { name: "Interest payment" }).waitFor())
            yield* screenshot(page, "account")
          }).pipe(Effect.scoped))

        it.effect("approves a wire from its page and shows its status change", () =>
          Effect.gen(function*() {
            const account = yield* fundedAccount("Wire sender", 500_000)
            const transfer = yield* wire(account.id, 12_345)
            expect(transfer.status).toBe("pending_approval")
            const { page } = yield* open(`/wire_transfers/${transfer.id}`)
            yield* until(() => page.locator("[data-status=pending_approval]").waitFor())
            yield* screenshot(page, "wire-transfer")
            yield* until(() => page.getByRole("button", { name: "Approve" }).click())
            yield* until(() => page.locator("[data-status=pending_creating]").waitFor())
            expect((yield* api<WireTransfer>("GET", `/wire_transfers/${transfer.id}`)).status).toBe("pending_creating")
            // The sandbox's wire network completes a submitted transfer at once.
            yield* until(() => page.getByRole("button", { name: "Submit (simulation)" }).click())
            yield* until(() => page.locator("[data-status=complete]").waitFor())
            yield* until(() => page.getByRole("button", { name: "Reverse (simulation)" }).waitFor())
          }).pipe(Effect.scoped))

        it.effect("filters wire transfers by status and account in the page's address, as the API's query parameters", () =>
          Effect.gen(function*() {
            const account = yield* fundedAccount("Filtered wires", 500_000)
            const other = yield* fundedAccount("Other wires", 500_000)
            const pending = yield* wire(account.id, 1_111)
            const canceled = yield* wire(account.id, 2_222)
            yield* api("POST", `/wire_transfers/${canceled.id}/cancel`)
            const elsewhere = yield* wire(other.id, 3_333)
            yield* api("POST", `/wire_transfers/${elsewhere.id}/cancel`)
            const { page, requests } = yield* open("/wire_transfers")
            const row = (id: string) => page.locator(`tr[data-id="${id}"]`)
            yield* until(() => row(pending.id).waitFor())
            yield* until(() => page.locator("details.choices summary", { hasText: "status" }).click())
            yield* until(() => page.getByRole("checkbox", { name: "canceled", exact: true }).check())
            yield* until(() => row(pending.id).waitFor({ state: "detached" }))
            yield* until(() => row(canceled.id).waitFor())
            const statuses = () =>
              page.locator("tbody tr [data-status]").evaluateAll((cells) =>
                cells.map((cell) => cell.getAttribute("data-status"))
              )
            expect(new Set(yield* until(statuses))).toEqual(new Set(["canceled"]))
            expect(new URL(page.url()).searchParams.get("status.in")).toBe("canceled")
            const listRequests = () =>
              requests.map((url) => new URL(url)).filter((url) => url.pathname === "/wire_transfers")
            expect(listRequests().some((url) => url.searchParams.get("status.in") === "canceled")).toBe(true)

            // A text filter applies when committed; both filters travel in the address and the request.
            yield* until(() => page.getByRole("textbox", { name: "account id", exact: true }).fill(account.id))
            yield* until(() => page.getByRole("textbox", { name: "account id", exact: true }).press("Enter"))
            yield* until(() => row(elsewhere.id).waitFor({ state: "detached" }))
            yield* until(() => row(canceled.id).waitFor())
            expect(new URL(page.url()).searchParams.get("account_id")).toBe(account.id)
            expect(
              listRequests().some((url) =>
                url.searchParams.get("status.in") === "canceled" && url.searchParams.get("account_id") === account.id
              )
            ).toBe(true)

            // Reloaded, the address keeps the filtered view.
            yield* until(() => page.reload())
            yield* until(() => row(canceled.id).waitFor())
            expect(yield* until(() => row(pending.id).count())).toBe(0)
            expect(yield* until(() => row(elsewhere.id).count())).toBe(0)
            yield* until(() =>
              page.locator(`input[name="status.in"][value="canceled"]:checked`).waitFor({ state: "attached" })
            )
            expect(yield* until(() => page.getByRole("textbox", { name: "account id", exact: true }).inputValue()))
              .toBe(
                account.id
              )
            yield* until(() => page.getByRole("button", { name: "Clear filters" }).click())
            yield* until(() => row(pending.id).waitFor())
            expect(new URL(page.url()).search).toBe("")
          }).pipe(Effect.scoped))

        it.effect("answers a pending card authorization by hand inside its window: the authorization is approved", () =>
          Effect.gen(function*() {
            const { endpointUrl } = yield* Fixture
            yield* api<Subscription>("POST", "/event_subscriptions", {
              url: `${endpointUrl}/decisions`,
              selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
            })
            const cards = yield* api<{ data: ReadonlyArray<{ id: string }> }>("GET", "/cards")
            const card = cards.data[0]
            if (card === undefined) return yield* Effect.die(new Error("the first run seeds a card"))
            const { page } = yield* open("/real_time_decisions")
            yield* until(() => page.getByRole("heading", { name: "Real-time decisions" }).waitFor())
            // The simulation waits for the answer (or the window's end): it runs beside the browser.
            const simulation = yield* Effect.forkScoped(
              api<{ pending_transaction: unknown; declined_transaction: unknown }>(
                "POST",
                "/simulations/card_authorizations",
                { card_id: card.id, amount: 4_200 }
              )
            )
            const pending = page.locator(".decision-pending", { hasText: "$42.00" })
            yield* until(() => pending.getByText(/s left/).waitFor())
            yield* screenshot(page, "real-time-decisions")
            yield* until(() => pending.getByRole("button", { name: "Approve" }).click())
            const result = yield* Fiber.join(simulation)
            expect(result.pending_transaction).not.toBeNull()
            expect(result.declined_transaction).toBeNull()
            yield* until(() => page.locator(".decision-responded", { hasText: "$42.00" }).waitFor())
          }).pipe(Effect.scoped))

        it.effect("shows a failed delivery's attempt and resends it", () =>
          Effect.gen(function*() {
            const { endpointUrl } = yield* Fixture
            const subscription = yield* api<Subscription>("POST", "/event_subscriptions", {
              url: `${endpointUrl}/failing/${Date.now()}`,
              selected_event_categories: [{ event_category: "account.created" }]
            })
            yield* api<Account>("POST", "/accounts", { name: "Delivery test account" })
            const { page } = yield* open(`/event_subscriptions/${subscription.id}`)
            const failed = page.locator("tr.attempt-failed", { hasText: "500" })
            yield* until(() => failed.getByText("endpoint down for maintenance").waitFor())
            yield* screenshot(page, "event-subscription")
            yield* until(() => failed.getByRole("button", { name: "Resend" }).click())
            yield* until(() => page.locator("tr.attempt-succeeded", { hasText: "resend" }).waitFor())
          }).pipe(Effect.scoped))

        it.effect("opens every section (its address reloaded too) without a request to another host", () =>
          Effect.gen(function*() {
            const { page, requests } = yield* open("/events")
            yield* until(() => page.getByRole("heading", { name: "Events" }).waitFor())
            yield* screenshot(page, "events")
            for (
              const [link, heading] of [
                ["Transactions", "Declined transactions"],
                ["Bookkeeping", "Bookkeeping"],
                ["Wire transfers", "Wire transfers"],
                ["Cards", "Cards"],
                ["Card payments", "Card payments"],
                ["Inbound mail", "Inbound mail items"],
                ["Check deposits", "Check deposits"],
                ["Files", "Files"],
                ["Lockbox recipients", "Lockbox recipients"],
                ["Simulations", "Simulations"],
                ["Control", "Control"],
                ["Event subscriptions", "Event subscriptions"]
              ] as const
            ) {
              yield* until(() =>
                page.getByRole("navigation", { name: "sections" }).getByRole("link", { name: link }).click()
              )
              yield* until(() => page.getByRole("heading", { name: heading, exact: true }).waitFor())
              expect(yield* until(() => page.getByRole("alert").count())).toBe(0)
            }
            yield* until(() => page.reload())
            yield* until(() => page.getByRole("heading", { name: "Event subscriptions" }).waitFor())
            expect(requests.length).toBeGreaterThan(10)
          }).pipe(Effect.scoped))
      })
    }
  )
}
