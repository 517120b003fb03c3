/**
 * Snapshots and reset, a Moneta extension (docs/workbench.md, "Snapshots and
 * reset"): a sandbox key of a group empties its sandbox and seeds it again,
 * or saves its sandbox data under a name, restores, lists and deletes those.
 * Lists are not paged (at most 20 snapshots): `next_cursor` is always null.
 */
import { described } from "@moneta/domain/Described"
import { CreateSnapshot, SandboxReset, Snapshot, SnapshotName } from "@moneta/domain/SandboxState"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { InsufficientPermissionsError, InvalidOperationError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { Page } from "./Parameters.js"

const snapshotPath = Schema.Struct({ name: described(SnapshotName, "The name the snapshot was saved under.") })

const snapshot = {
  name: "funded-and-subscribed",
  created_at: "2026-11-21T22:41:05.123Z",
  row_count: 42,
  type: "snapshot"
} satisfies typeof Snapshot.Encoded

const sandboxOnly = "A sandbox API key of the group only: a live key is refused (403 `insufficient_permissions_error`)."

export class SandboxState extends HttpApiGroup.make("sandboxState")
  .annotateMerge(OpenApi.annotations({ title: "Moneta: Control" }))
  .add(
    HttpApiEndpoint.post("reset", "/moneta/reset", { success: SandboxReset, error: InsufficientPermissionsError })
      .annotate(OpenApi.Summary, "Reset the sandbox")
      .annotate(
        OpenApi.Description,
        `Deletes every sandbox object of the caller's group in one transaction (accounts, transactions, events, subscriptions and their deliveries, decisions, idempotency keys, files, faults …), then seeds what the first run seeds: an entity, a funded account, a card and a lockbox address. The group, its API keys, its snapshots and its live data stay. ${sandboxOnly}`
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: { account_id: "account_in71c4amph0vgo2qllky", type: "sandbox_reset" }
        })
      )
  )
  .add(
    HttpApiEndpoint.post("saveSnapshot", "/moneta/snapshots", {
      payload: CreateSnapshot,
      success: Snapshot,
      error: [InsufficientPermissionsError, InvalidOperationError]
    })
      .annotate(OpenApi.Summary, "Save a Snapshot")
      .annotate(
        OpenApi.Description,
        `Saves every sandbox object of the caller's group under a name, replacing a snapshot of that name. A group keeps at most 20 (409 \`invalid_operation_error\` past that). ${sandboxOnly}`
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { request: { name: snapshot.name }, response: snapshot }))
  )
  .add(
    HttpApiEndpoint.get("listSnapshots", "/moneta/snapshots", {
      success: Page(Snapshot),
      error: InsufficientPermissionsError
    })
      .annotate(OpenApi.Summary, "List Snapshots")
      .annotate(OpenApi.Description, `Lists the group's snapshots, oldest first. ${sandboxOnly}`)
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [snapshot], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.post("restoreSnapshot", "/moneta/snapshots/:name/restore", {
      params: snapshotPath,
      success: Snapshot,
      error: [InsufficientPermissionsError, ObjectNotFoundError]
    })
      .annotate(OpenApi.Summary, "Restore a Snapshot")
      .annotate(
        OpenApi.Description,
        `Replaces the group's sandbox objects with the snapshot's, in one transaction: objects, events, webhook deliveries and their log, waiting decisions and idempotency keys all come back exactly as saved, none half from before. Deliveries due are sent again. The snapshot stays. ${sandboxOnly}`
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: snapshot }))
  )
  .add(
    HttpApiEndpoint.delete("deleteSnapshot", "/moneta/snapshots/:name", {
      params: snapshotPath,
      success: Snapshot,
      error: [InsufficientPermissionsError, ObjectNotFoundError]
    })
      .annotate(OpenApi.Summary, "Delete a Snapshot")
      .annotate(OpenApi.Description, `Deletes a snapshot; the sandbox is not changed. ${sandboxOnly}`)
      .pipe((endpoint) => Examples.exchange(endpoint, { response: snapshot }))
  )
  .middleware(Authorization)
{}
