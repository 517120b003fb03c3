/**
 * `moneta reset` and `moneta snapshot save|restore|list|delete NAME`: the
 * group's sandbox as a whole (docs/workbench.md, "Snapshots and reset"), as
 * the API key's group. A name is checked here first, by the server's rule, so
 * a typo is one line without a request.
 */
import { SandboxReset, Snapshot, SnapshotName } from "@moneta/domain/SandboxState"
import { DateTime, Effect, Schema } from "effect"
import { Argument, Command } from "effect/cli"
import { type ApiClient, type ApiConnection, apiFlags, withApiClient } from "./ApiClient.js"
import { CommandFailure } from "./ControlClient.js"
import { printJson, printTable } from "./Output.js"

const row = (snapshot: Snapshot) => [
  snapshot.name,
  `${snapshot.row_count} rows`,
  `saved ${DateTime.formatIso(snapshot.created_at)}`
]

/** The server's sentence for a refusal it explains (a live key, the snapshot limit), else the generic wording. */
const withDetail = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (error): error is E & { readonly _tag: string; readonly detail: string } =>
      typeof error === "object" && error !== null && "_tag" in error &&
      (error._tag === "InsufficientPermissionsError" || error._tag === "InvalidOperationError") &&
      "detail" in error && typeof error.detail === "string",
    (error) => Effect.fail(new CommandFailure({ message: error.detail }))
  )

const isSnapshotName = Schema.is(SnapshotName)

/** Runs `use` for a valid snapshot name, with the typed client. */
const forName = <A, E, R>(
  input: ApiConnection & { readonly name: string },
  use: (client: ApiClient, name: string) => Effect.Effect<A, E, R>
) =>
  isSnapshotName(input.name)
    ? withApiClient(input, (client) => withDetail(use(client, input.name)))
    : Effect.fail(
      new CommandFailure({
        message: `bad snapshot name ${
          JSON.stringify(input.name)
        }: use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`
      })
    )

const nameArgument = Argument.String("name").pipe(Argument.withDescription("The snapshot's name"))

export const reset = Command.make(
  "reset",
  apiFlags,
  (input) =>
    withApiClient(input, (client) =>
      withDetail(Effect.gen(function*() {
        const done = yield* client.sandboxState.reset()
        if (input.json) return yield* printJson(SandboxReset, done)
        yield* printTable([["Reset the sandbox", `seeded account ${done.account_id} with $10,000.00`]])
      })))
).pipe(
  Command.withDescription(
    "Delete every sandbox object of the API key's group and seed it again as the first run does (keys and snapshots stay)"
  )
)

const save = Command.make(
  "save",
  { ...apiFlags, name: nameArgument },
  (input) =>
    forName(input, (client, name) =>
      Effect.gen(function*() {
        const saved = yield* client.sandboxState.saveSnapshot({ payload: { name } })
        if (input.json) return yield* printJson(Snapshot, saved)
        yield* printTable([["Saved snapshot", ...row(saved)]])
      }))
).pipe(Command.withDescription("Save the group's sandbox data under NAME (replacing a snapshot of that name)"))

const restore = Command.make(
  "restore",
  { ...apiFlags, name: nameArgument },
  (input) =>
    forName(input, (client, name) =>
      Effect.gen(function*() {
        const restored = yield* client.sandboxState.restoreSnapshot({ params: { name } })
        if (input.json) return yield* printJson(Snapshot, restored)
        yield* printTable([["Restored snapshot", ...row(restored)]])
      }))
).pipe(Command.withDescription("Replace the group's sandbox data with snapshot NAME"))

const list = Command.make(
  "list",
  apiFlags,
  (input) =>
    withApiClient(input, (client) =>
      withDetail(Effect.gen(function*() {
        const page = yield* client.sandboxState.listSnapshots()
        if (input.json) return yield* printJson(Schema.Array(Snapshot), page.data)
        yield* printTable(page.data.length === 0 ? [["No snapshots"]] : page.data.map(row))
      })))
).pipe(Command.withDescription("List the group's snapshots, oldest first"))

const remove = Command.make(
  "delete",
  { ...apiFlags, name: nameArgument },
  (input) =>
    forName(input, (client, name) =>
      Effect.gen(function*() {
        const deleted = yield* client.sandboxState.deleteSnapshot({ params: { name } })
        if (input.json) return yield* printJson(Snapshot, deleted)
        yield* printTable([["Deleted snapshot", ...row(deleted)]])
      }))
).pipe(Command.withDescription("Delete snapshot NAME (the sandbox is not changed)"))

export const snapshot = Command.make("snapshot").pipe(
  Command.withDescription("Save, restore, list and delete snapshots of the group's sandbox"),
  Command.withSubcommands([save, restore, list, remove])
)
