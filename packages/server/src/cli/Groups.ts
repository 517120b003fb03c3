/** `moneta groups create [--name NAME]` and `moneta groups list`. */
import { Group } from "@moneta/domain/ControlPlane"
import { DateTime, Effect, Option, Schema } from "effect"
import { Command, Flag } from "effect/cli"
import { connectionFlags, withClient } from "./ControlClient.js"
import { printJson, printTable } from "./Output.js"

const row = (group: Group) => [group.id, group.name, `created ${DateTime.formatIso(group.created_at)}`]

const create = Command.make("create", {
  ...connectionFlags,
  name: Flag.String("name").pipe(Flag.withDescription("A name for the group (default Group)"), Flag.optional)
}, (input) =>
  withClient(input, (client) =>
    Effect.gen(function*() {
      const group = yield* client.controlPlane.createGroup({
        payload: Option.match(input.name, { onNone: () => ({}), onSome: (name) => ({ name }) })
      })
      if (input.json) return yield* printJson(Group, group)
      yield* printTable([["Created group", ...row(group)]])
    }))).pipe(Command.withDescription("Create a group: a customer whose API keys see only its own objects"))

const list = Command.make("list", connectionFlags, (input) =>
  withClient(input, (client) =>
    Effect.gen(function*() {
      const page = yield* client.controlPlane.listGroups()
      if (input.json) return yield* printJson(Schema.Array(Group), page.data)
      yield* printTable(page.data.map(row))
    }))).pipe(Command.withDescription("List the groups, oldest first"))

export const groups = Command.make("groups").pipe(
  Command.withDescription("Create and list groups (needs the server's admin key)"),
  Command.withSubcommands([create, list])
)
