/**
 * The "fields never set" measure of every area but cards (issue 30): drives
 * accounts, account numbers, entities, external accounts, bookkeeping, wires,
 * check deposits, mail, lockboxes, files, events, subscriptions, drawdown
 * requests and interest payments through the official SDK
 * (support/AreaDrives.ts), reads every object back, and checks the leaf paths
 * null in every sample against the documented list (docs/decisions.md,
 * "Fields never set (all areas)"). Run it printing the list:
 * `FIELD_COVERAGE_PRINT=1 pnpm vitest run packages/http/test/FieldCoverageAll.test.ts`.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import Increase405 from "increase-405"
import { driveAreas, readBackAreas } from "./support/AreaDrives.js"
import * as FieldCoverage from "./support/FieldCoverage.js"
import * as TestServer from "./support/TestServer.js"

// Card sources inside transactions (a card authorization and decline are driven here for their routes) are the
// card area's: FieldCoverage.test.ts measures them.
const outsideCards = (path: string) => !FieldCoverage.inCardArea(path)

/** The leaf paths outside cards no call sets, each with its reason in docs/decisions.md. */
const documentedNeverSet: ReadonlyArray<string> = [
  "account.account_revenue_rate",
  "account.loan",
  "balance_lookup.loan",
  "entity.creating_entity_onboarding_session_id",
  "entity.supplemental_documents",
  "entity.validation",
  "event_subscription.oauth_connection_id",
  "wire_transfer.approval.approved_by",
  "wire_transfer.cancellation.canceled_by",
  "wire_transfer.created_by.oauth_application",
  "wire_transfer.created_by.user"
]

describe("fields never set outside the card area (embedded PGlite)", () => {
  layer(TestServer.layer("embedded"), { timeout: TestDatabase.timeout })((it) => {
    it.effect(
      "every leaf of every other resource is set by some call, but the documented ones",
      () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const options = { apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 }
          const sdk = new Increase(options)
          const old = new Increase405(options)
          const coverage = FieldCoverage.make()
          const add = <A>(value: A): A => {
            coverage.add(value)
            return value
          }
          const neverSet = yield* Effect.promise(async () => {
            const accountIds = await driveAreas(sdk, old, add)
            await readBackAreas(sdk, add, accountIds)
            return coverage.neverSet().filter(outsideCards)
          })
          if (process.env["FIELD_COVERAGE_PRINT"] !== undefined) {
            process.stdout.write(
              `leaf paths seen: ${coverage.seen()}; never set: ${neverSet.length}\n` + neverSet.join("\n") + "\n"
            )
          }
          expect(neverSet).toEqual(documentedNeverSet)
        }),
      { timeout: 120_000 }
    )
  })
})
