/**
 * The sandbox dashboard: a Preact app served by the server at /dashboard,
 * talking to that server's API only. Opened as /dashboard#key=<API key> it
 * signs in with that key (kept in this tab's sessionStorage, the fragment
 * removed); without a key, or with one the API refuses, it shows a sign-in form.
 */
import { render } from "preact"
import { useEffect, useState } from "preact/hooks"
import * as Api from "./Api.js"
import { ErrorBox } from "./Components.js"
import * as Key from "./Key.js"
import * as Live from "./Live.js"
import { AccountPage, AccountsPage } from "./pages/Accounts.js"
import { BookkeepingPage } from "./pages/Bookkeeping.js"
import { CardPaymentPage, CardPaymentsPage, CardsPage, SimulationsPage } from "./pages/Cards.js"
import { EventPage, EventsPage } from "./pages/Events.js"
import { EventSubscriptionPage, EventSubscriptionsPage } from "./pages/EventSubscriptions.js"
import { InboundMailItemPage, InboundMailItemsPage } from "./pages/InboundMail.js"
import { ControlPage } from "./pages/Operations.js"
import { CheckDepositsPage, FilesPage, LockboxRecipientsPage } from "./pages/Others.js"
import { RealTimeDecisionPage, RealTimeDecisionsPage } from "./pages/RealTimeDecisions.js"
import { TransactionsPage } from "./pages/Transactions.js"
import { WireTransferPage, WireTransfersPage } from "./pages/WireTransfers.js"
import * as Router from "./Router.js"
import type { PageJson } from "./Types.js"

const sections: ReadonlyArray<readonly [string, string]> = [
  ["/accounts", "Accounts"],
  ["/transactions", "Transactions"],
  ["/bookkeeping", "Bookkeeping"],
  ["/wire_transfers", "Wire transfers"],
  ["/real_time_decisions", "Real-time decisions"],
  ["/events", "Events"],
  ["/event_subscriptions", "Event subscriptions"],
  ["/cards", "Cards"],
  ["/card_payments", "Card payments"],
  ["/inbound_mail_items", "Inbound mail"],
  ["/check_deposits", "Check deposits"],
  ["/files", "Files"],
  ["/lockbox_recipients", "Lockbox recipients"],
  ["/simulations", "Simulations"],
  ["/control", "Control"]
]

/** The page of a route: `/section` or `/section/{id}`. */
const Page = (props: { readonly path: string }) => {
  const [pathname = "/"] = props.path.split("?")
  const [, section = "", id] = pathname.split("/")
  switch (section) {
    case "":
    case "accounts":
      return id === undefined ? <AccountsPage /> : <AccountPage id={id} />
    case "transactions":
      return <TransactionsPage />
    case "bookkeeping":
      return <BookkeepingPage />
    case "wire_transfers":
      return id === undefined ? <WireTransfersPage /> : <WireTransferPage id={id} />
    case "real_time_decisions":
      return id === undefined ? <RealTimeDecisionsPage /> : <RealTimeDecisionPage id={id} />
    case "events":
      return id === undefined ? <EventsPage /> : <EventPage id={id} />
    case "event_subscriptions":
      return id === undefined ? <EventSubscriptionsPage /> : <EventSubscriptionPage id={id} />
    case "cards":
      return <CardsPage />
    case "card_payments":
      return id === undefined ? <CardPaymentsPage /> : <CardPaymentPage id={id} />
    case "inbound_mail_items":
      return id === undefined ? <InboundMailItemsPage /> : <InboundMailItemPage id={id} />
    case "check_deposits":
      return <CheckDepositsPage />
    case "files":
      return <FilesPage />
    case "lockbox_recipients":
      return <LockboxRecipientsPage />
    case "simulations":
      return <SimulationsPage />
    case "control":
      return <ControlPage />
    default:
      return <p>No such page: {pathname}</p>
  }
}

const Layout = () => {
  const path = Router.usePath()
  useEffect(() => {
    Live.start()
    return Live.stop
  }, [])
  const current = `/${path.split("?")[0]?.split("/")[1] ?? ""}`
  return (
    <div class="layout">
      <nav class="sidebar" aria-label="sections">
        <a class="brand" href={Router.href("/accounts")}>Moneta sandbox</a>
        {sections.map(([to, label]) => (
          <a key={to} href={Router.href(to)} class={current === to ? "current" : ""}>{label}</a>
        ))}
        <a href="/docs" target="_blank" rel="noopener">API reference ↗</a>
        <button type="button" class="sign-out" onClick={Key.clear}>Sign out</button>
      </nav>
      <main>
        <Page path={path} />
      </main>
    </div>
  )
}

const SignIn = () => {
  const [key, setKey] = useState("")
  const submit = (event: Event) => {
    event.preventDefault()
    Key.set(key.trim())
  }
  return (
    <main class="sign-in">
      <h1>Moneta sandbox dashboard</h1>
      <p>
        Sign in with an API key: the one <code>pnpm start</code>{" "}
        printed, or open the link it printed (<code>/dashboard#key=…</code>).
      </p>
      <ErrorBox error={Key.lastRefusal()} />
      <form onSubmit={submit}>
        <label>
          API key{" "}
          <input
            name="key"
            type="password"
            autoComplete="off"
            required
            value={key}
            onInput={(event) => setKey(event.currentTarget.value)}
          />
        </label>
        <button type="submit" class="primary">Sign in</button>
      </form>
    </main>
  )
}

/**
 * Signed in while the tab has a key the API takes: the key is tried once
 * (a 401 signs the tab out again, `Api`, and the form shows the refusal).
 */
const App = () => {
  const [key, setKey] = useState(Key.current())
  const [checked, setChecked] = useState<string | null>(null)
  const [unreachable, setUnreachable] = useState<unknown>(undefined)
  useEffect(() => Key.onChange(() => setKey(Key.current())), [])
  useEffect(() => {
    if (key === null) return
    Api.get<PageJson<unknown>>("/accounts?limit=1").then(
      () => setChecked(key),
      (error: unknown) => {
        if (!(error instanceof Api.ApiFailure && error.status === 401)) setUnreachable(error)
      }
    )
  }, [key])
  if (key === null) return <SignIn />
  if (checked !== key) {
    return unreachable === undefined ? <p class="loading">Signing in…</p> : <ErrorBox error={unreachable} />
  }
  return <Layout />
}

Key.adoptFromFragment()
Router.followLinks()
const root = document.getElementById("app")
if (root !== null) render(<App />, root)
