/**
 * `moneta keys create --group ID --environment sandbox|live [--name NAME]`
 * (the new key alone on the last line), `moneta keys list [--group ID]` and
 * `moneta keys revoke ID`.
 */
import { ApiKey, CreatedApiKey } from "@moneta/domain/ControlPlane"
import { ApiKeyId, GroupId } from "@moneta/domain/Ids"
import { Console, DateTime, Effect, Option, Schema } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { connectionFlags, withClient } from "./ControlClient.js"
import { printJson, printTable } from "./Output.js"

const row = (key: ApiKey) => [
  key.id,
  key.environment,
  key.status,
  key.prefix === null ? "-" : `${key.prefix}…`,
  key.group_id,
  key.name ?? ""
]

const groupFlag = Flag.String("group").pipe(Flag.withSchema(GroupId), Flag.withDescription("The group's id (group_…)"))

const create = Command.make("create", {
  ...connectionFlags,
  group: groupFlag,
  environment: Flag.Literals("environment", ["sandbox", "live"]).pipe(
    Flag.withDescription("The environment the key works in")
  ),
  name: Flag.String("name").pipe(Flag.withDescription("A name for the key"), Flag.optional)
}, (input) =>
  withClient(input, (client) =>
    Effect.gen(function*() {
      const key = yield* client.controlPlane.createKey({
        payload: {
          group_id: input.group,
          environment: input.environment,
          ...Option.match(input.name, { onNone: () => ({}), onSome: (name) => ({ name }) })
        }
      })
      if (input.json) return yield* printJson(CreatedApiKey, key)
      yield* Console.log(
        [
          `Created ${key.environment} key ${key.id}${key.name === null ? "" : ` (${key.name})`} in ${key.group_id}.`,
          "The key is shown this once: keep it now.",
          key.secret
        ].join("\n")
      )
    }))).pipe(Command.withDescription("Create an API key of a group; the key alone on the last line"))

const list = Command.make("list", {
  ...connectionFlags,
  group: groupFlag.pipe(Flag.optional)
}, (input) =>
  withClient(input, (client) =>
    Effect.gen(function*() {
      const page = yield* client.controlPlane.listKeys({
        query: Option.match(input.group, { onNone: () => ({}), onSome: (group_id) => ({ group_id }) })
      })
      if (input.json) return yield* printJson(Schema.Array(ApiKey), page.data)
      yield* printTable(page.data.map(row))
    }))).pipe(Command.withDescription("List API keys, revoked ones too (a prefix, never the secret)"))

const revoke = Command.make("revoke", {
  ...connectionFlags,
  id: Argument.String("id").pipe(Argument.withSchema(ApiKeyId), Argument.withDescription("The key's id (api_key_…)"))
}, (input) =>
  withClient(input, (client) =>
    Effect.gen(function*() {
      const key = yield* client.controlPlane.revokeKey({ params: { api_key_id: input.id } })
      if (input.json) return yield* printJson(ApiKey, key)
      const at = key.revoked_at === null ? "" : ` at ${DateTime.formatIso(key.revoked_at)}`
      yield* Console.log(`Revoked ${key.id}${at}: every server on its database refuses it now.`)
    }))).pipe(Command.withDescription("Revoke an API key: refused (401) at once"))

export const keys = Command.make("keys").pipe(
  Command.withDescription("Create, list and revoke API keys (needs the server's admin key)"),
  Command.withSubcommands([create, list, revoke])
)
