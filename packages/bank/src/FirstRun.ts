/**
 * First run (decisions k): a fresh database gets one group and an API key; a
 * fresh sandbox also gets an entity, a funded account, a card and an active
 * lockbox address, so that every endpoint can be tried at once. Later starts reuse the group and register the
 * configured key, or issue a new sandbox key to print.
 */
import { firstRun, firstRunGroupName } from "@moneta/domain/ControlPlane"
import type { Environment } from "@moneta/domain/Environment"
import { type GroupId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer, Option } from "effect"
import { Accounts } from "./Accounts.js"
import { Authentication, generateKey } from "./Authentication.js"
import { Cards } from "./Cards.js"
import { Entities } from "./Entities.js"
import { LockboxAddresses } from "./LockboxAddresses.js"
import { spanned } from "./OperationSpan.js"
import { Simulations } from "./Simulations.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

export interface FirstRunOptions {
  readonly environment: Environment
  /** The key to register; a new one is generated when absent. */
  readonly apiKey: Option.Option<string>
}

export interface FirstRunResult {
  readonly groupId: GroupId
  readonly apiKey: string
  readonly seeded: boolean
  readonly accountId: Option.Option<string>
}

/** Starting balance of the seeded sandbox account: $10,000.00. */
export const seededBalance = 1_000_000

/**
 * What the first run seeds in a group's sandbox (the reset seeds it again):
 * an entity, a funded account, a card and an active lockbox address. Returns
 * the account's id.
 */
export const seedSandbox = Effect.gen(function*() {
  const entities = yield* Entities
  const accounts = yield* Accounts
  const simulations = yield* Simulations
  const cards = yield* Cards
  const lockboxAddresses = yield* LockboxAddresses
  const entity = yield* entities.create({
    structure: "natural_person",
    natural_person: {
      name: "Ada Lovelace",
      date_of_birth: "1990-12-10",
      address: { line1: "1 Analytical Way", city: "New York", state: "NY", zip: "10001" },
      identification: { method: "social_security_number", number: "078051120" }
    },
    description: "Sandbox entity"
  })
  const account = yield* accounts.create({ name: "Sandbox checking", entity_id: entity.id })
  yield* simulations.interestPayment({ account_id: account.id, amount: seededBalance })
  yield* cards.create({ account_id: account.id, description: "Sandbox card" })
  yield* lockboxAddresses.create({ description: "Sandbox lockbox" })
  return account.id
})

export class FirstRun extends Context.Service<FirstRun>()("@moneta/bank/FirstRun", {
  make: Effect.gen(function*() {
    const keys = yield* ApiKeyStore
    const authentication = yield* Authentication
    const seedServices = Context.pick(Entities, Accounts, Simulations, Cards, LockboxAddresses)(
      yield* Effect.context<Entities | Accounts | Simulations | Cards | LockboxAddresses>()
    )

    const run = (options: FirstRunOptions) =>
      runStep({
        load: Effect.gen(function*() {
          yield* keys.lockFirstRun
          const existingGroup = yield* keys.firstGroup
          // The new group's id is reserved in case the domain's `firstRun` finds the database fresh.
          const newGroupId = yield* newId("group")
          return { existingGroup, newGroupId, environment: options.environment, at: yield* now }
        }),
        decide: (loaded) => always(firstRun(loaded)),
        persist: ({ createsGroup, groupId, seeds }, { at }) =>
          Effect.gen(function*() {
            const tenant = {
              groupId,
              environment: options.environment,
              apiKeyId: "first_run",
              apiKeyDescription: "First run"
            }
            if (createsGroup) yield* keys.insertGroup(groupId, firstRunGroupName, at)
            const accountId = seeds
              ? Option.some<string>(
                yield* seedSandbox.pipe(Effect.provideService(Tenant, tenant), Effect.provideContext(seedServices))
              )
              : Option.none<string>()
            const apiKey = Option.getOrElse(options.apiKey, () => generateKey(options.environment))
            yield* authentication.register(groupId, options.environment, apiKey, "Created at start-up")
            return { groupId, apiKey, seeded: createsGroup, accountId } satisfies FirstRunResult
          })
      })

    return {
      run: spanned("bank.FirstRun.run", run)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      ApiKeyStore.Default,
      Authentication.Default,
      Entities.Default,
      Accounts.Default,
      Simulations.Default,
      Cards.Default,
      LockboxAddresses.Default
    ])
  )
}
