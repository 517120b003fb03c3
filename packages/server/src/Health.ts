/**
 * Probes for load balancers and orchestrators, outside authentication.
 * `GET /health` answers 200 while the process serves requests; `GET /ready`
 * answers 200 when the database answers, every migration this build knows is
 * applied and the webhook dispatcher is claiming deliveries, 503 naming the
 * failing checks otherwise.
 */
import * as Migrations from "@moneta/store/Migrations"
import { Dispatcher } from "@moneta/webhooks/Dispatcher"
import { Duration, Effect, Record } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"

export const paths: ReadonlySet<string> = new Set(["/health", "/ready"])

/** A check that does not answer in time fails: a probe must not hang on a stuck database. */
const probeTimeout = Duration.seconds(2)

export type CheckResult = "ok" | "failing"

const check = (name: string, probe: Effect.Effect<boolean, unknown>): Effect.Effect<CheckResult> =>
  probe.pipe(
    Effect.timeoutOrElse({
      duration: probeTimeout,
      orElse: () => Effect.fail(`no answer within ${Duration.format(probeTimeout)}`)
    }),
    Effect.map((ok): CheckResult => ok ? "ok" : "failing"),
    Effect.catchCause((cause) =>
      Effect.as(Effect.logWarning(`Readiness check ${name} failed`, cause), "failing" as const)
    )
  )

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const dispatcher = yield* Dispatcher
    const checks = Effect.all({
      database: check("database", Effect.as(sql`SELECT 1`, true)),
      migrations: check("migrations", Effect.provideService(Migrations.isUpToDate, SqlClient.SqlClient, sql)),
      dispatcher: check("dispatcher", dispatcher.running)
    }, { concurrency: "unbounded" })
    yield* router.add("GET", "/health", HttpServerResponse.jsonUnsafe({ status: "ok" }))
    yield* router.add(
      "GET",
      "/ready",
      Effect.map(checks, (results) => {
        const ready = Record.every(results, (result) => result === "ok")
        return HttpServerResponse.jsonUnsafe(
          { status: ready ? "ready" : "not_ready", checks: results },
          { status: ready ? 200 : 503 }
        )
      })
    )
  })
)
