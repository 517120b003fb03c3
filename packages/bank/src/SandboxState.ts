/**
 * A group's sandbox state as a whole (docs/workbench.md, "Snapshots and
 * reset"), for a sandbox key of the group: reset (delete every object of the
 * group's sandbox, then seed what the first run seeds), and snapshots saved,
 * restored, listed and deleted. Each is one transaction that first takes the
 * group's lock (`SandboxSnapshotStore.lockGroup`); live data is never read
 * or written (a live key is refused), nor are the group and its keys.
 */
import type { InsufficientPermissionsError } from "@moneta/domain/Errors"
import * as SandboxStateRules from "@moneta/domain/SandboxState"
import { type CreateSnapshot, SandboxReset, Snapshot } from "@moneta/domain/SandboxState"
import { Tenant, type TenantShape } from "@moneta/domain/Tenant"
import { SandboxSnapshotStore, type StoredSnapshot } from "@moneta/store/SandboxSnapshots"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { Accounts } from "./Accounts.js"
import { Cards } from "./Cards.js"
import { Entities } from "./Entities.js"
import { seedSandbox } from "./FirstRun.js"
import { LockboxAddresses } from "./LockboxAddresses.js"
import { notFound } from "./NotFound.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { Simulations } from "./Simulations.js"
import { always, onDatabase, type Step } from "./Step.js"
import { now } from "./Time.js"

export const liveKeyRefused = SandboxStateRules.liveKeyRefused

const toSnapshot = (stored: StoredSnapshot) =>
  new Snapshot({ name: stored.name, created_at: stored.createdAt, row_count: stored.rowCount, type: "snapshot" })

export class SandboxState extends Context.Service<SandboxState>()("@moneta/bank/SandboxState", {
  make: Effect.gen(function*() {
    const store = yield* SandboxSnapshotStore
    const database = onDatabase(yield* SqlClient.SqlClient)
    const seedServices = Context.pick(Entities, Accounts, Simulations, Cards, LockboxAddresses)(
      yield* Effect.context<Entities | Accounts | Simulations | Cards | LockboxAddresses>()
    )

    /** The caller's tenant, if it is a sandbox one (the domain's `sandboxOnly`: 403 for a live key). */
    const sandboxTenant = Effect.flatMap(
      Tenant,
      (tenant) => Effect.as(Effect.fromResult(SandboxStateRules.sandboxOnly(tenant.environment)), tenant)
    )

    /** A read of the caller's sandbox, the group's lock taken, inside a transaction. */
    const lockedSandbox = <A, E, R>(
      operation: (tenant: TenantShape) => Effect.Effect<A, E, R>
    ): Effect.Effect<A, E | InsufficientPermissionsError, Exclude<R, SqlClient.SqlClient> | Tenant> =>
      Effect.flatMap(
        sandboxTenant,
        (tenant) => database.transactionally(Effect.andThen(store.lockGroup(tenant), operation(tenant)))
      )

    /**
     * A write of the caller's sandbox: the step runs in its own transaction,
     * its load after the group's lock is taken.
     */
    const sandboxStep = <Loaded, Decision, A, EL, RL, ED, EP, RP>(
      step: Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
    ) =>
      Effect.flatMap(
        sandboxTenant,
        (tenant) => database.runStep({ ...step, load: Effect.andThen(store.lockGroup(tenant), step.load) })
      )

    const reset = sandboxStep({
      load: Effect.service(Tenant),
      decide: () => always(undefined),
      persist: (_, tenant) =>
        Effect.gen(function*() {
          yield* store.deleteAll(tenant)
          // Seeding an emptied sandbox cannot be refused (no closed account, no balance short): a failure is a bug.
          const accountId = yield* seedSandbox.pipe(Effect.provideContext(seedServices), Effect.orDie)
          return new SandboxReset({ account_id: accountId, type: "sandbox_reset" })
        })
    })

    const save = (request: CreateSnapshot) =>
      sandboxStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const existing = yield* store.list(tenant)
          return { tenant, existing: existing.map((snapshot) => snapshot.name), at: yield* now }
        }),
        decide: ({ existing }) => SandboxStateRules.saveAllowed(existing, request.name),
        persist: (_, { at, tenant }) => Effect.map(store.save(tenant, request.name, at), toSnapshot)
      })

    // The store's restore finds the snapshot as it replaces the sandbox's rows with it: 404 when there is none.
    const restore = (name: string) =>
      sandboxStep({
        load: Effect.service(Tenant),
        decide: () => always(undefined),
        persist: (_, tenant) =>
          Effect.flatMap(
            store.restore(tenant, name),
            Option.match({
              onNone: () => Effect.fail(notFound("snapshot", name)),
              onSome: (restored) => Effect.succeed(toSnapshot(restored))
            })
          )
      })

    const list = lockedSandbox((tenant) =>
      Effect.map(store.list(tenant), (snapshots) => ({ data: snapshots.map(toSnapshot), next_cursor: null }))
    )

    const remove = (name: string) =>
      sandboxStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const found = (yield* store.list(tenant)).find((snapshot) => snapshot.name === name)
          if (found === undefined) return yield* notFound("snapshot", name)
          return { tenant, found }
        }),
        decide: ({ found }) => always(found),
        persist: (found, { tenant }) =>
          Effect.flatMap(
            store.remove(tenant, name),
            (removed) => removed ? Effect.succeed(toSnapshot(found)) : Effect.fail(notFound("snapshot", name))
          )
      })

    return {
      reset: withOperationSpan(reset, "bank.SandboxState.reset", {}),
      save: spanned("bank.SandboxState.save", save, (request) => ({ "moneta.snapshot": request.name })),
      restore: spanned("bank.SandboxState.restore", restore, (name) => ({ "moneta.snapshot": name })),
      list: withOperationSpan(list, "bank.SandboxState.list", {}),
      remove: spanned("bank.SandboxState.remove", remove, (name) => ({ "moneta.snapshot": name }))
    } as const
  })
}) {
  static readonly DefaultWithoutDependencies = Layer.effect(this, this.make)
  static readonly Default = this.DefaultWithoutDependencies.pipe(
    Layer.provide([
      SandboxSnapshotStore.Default,
      Entities.Default,
      Accounts.Default,
      Simulations.Default,
      Cards.Default,
      LockboxAddresses.Default
    ])
  )
}
