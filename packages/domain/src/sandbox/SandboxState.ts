/**
 * A group's sandbox state as a whole (docs/workbench.md, "Snapshots and
 * reset"): snapshots saved under a name, restored, listed and deleted; a
 * reset that empties the sandbox and seeds it again as the first run does.
 * Only a sandbox key of the group reaches these; live data is never touched.
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { type Environment, sandboxOnly as sandboxKeyOnly } from "../core/Environment.js"
import { type InsufficientPermissionsError } from "../core/Errors.js"
import { TooManySnapshots } from "../core/Refusals.js"
import { Timestamp } from "../core/Timestamp.js"

/** The snapshots a group may keep at once. */
export const maxSnapshots = 20

/** A snapshot's name: 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. */
export const SnapshotName = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/u, {
    message: "must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"
  })
).annotate({ identifier: "SnapshotName" })

export class Snapshot extends Schema.Class<Snapshot>("Snapshot")({
  name: described(SnapshotName, "The name the snapshot was saved under (unique within the group's sandbox)."),
  created_at: described(Timestamp, "When the snapshot was saved (ISO 8601, UTC)."),
  row_count: described(Schema.Int, "How many rows of sandbox data it holds, over every kind of object."),
  type: described(Schema.tag("snapshot"), "Always `snapshot`: the type of this object.")
}) {}

/** `POST /moneta/snapshots`. */
export const CreateSnapshot = Schema.Struct({
  name: described(
    SnapshotName,
    "A name for the snapshot: 1 to 64 letters, digits, `.`, `_` or `-`. Saving under a name in use replaces that snapshot."
  )
}).annotate({ identifier: "CreateSnapshot" })
export type CreateSnapshot = typeof CreateSnapshot.Type

export class SandboxReset extends Schema.Class<SandboxReset>("SandboxReset")({
  account_id: described(Schema.String, "The funded account the reset seeded, as the first run seeds one."),
  type: described(Schema.tag("sandbox_reset"), "Always `sandbox_reset`: the type of this object.")
}) {}

/**
 * Whether a group holding `existing` snapshots may save one more; saving under
 * a name in use replaces that snapshot, so it never counts as one more.
 */
export const snapshotAllowed = (existing: number, replacing: boolean): Result.Result<void, TooManySnapshots> =>
  replacing || existing < maxSnapshots
    ? Result.succeed(undefined)
    : Result.fail(
      new TooManySnapshots({
        detail:
          `The sandbox already keeps ${maxSnapshots} snapshots, the most it may keep: delete one (DELETE /moneta/snapshots/{name}) or save under a name in use.`
      })
    )

/** Saving `name` beside the snapshots named `existing` (`snapshotAllowed`: a name in use is replaced). */
export const saveAllowed = (
  existing: ReadonlyArray<string>,
  name: string
): Result.Result<void, TooManySnapshots> => snapshotAllowed(existing.length, existing.includes(name))

export const liveKeyRefused =
  "Snapshots and reset work on sandbox data only: use a sandbox API key of the group (a live key may not call them)."

/** Snapshots and reset are for a sandbox key only (403 for a live one). */
export const sandboxOnly = (environment: Environment): Result.Result<void, InsufficientPermissionsError> =>
  sandboxKeyOnly(environment, liveKeyRefused)
