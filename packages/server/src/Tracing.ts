/**
 * Spans (each request, each bank operation, each SQL statement) are exported
 * over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (service name
 * `OTEL_SERVICE_NAME`, default `moneta`). When it is not set, the
 * OpenTelemetry SDK is not even loaded and the tracer is switched off
 * (`References.TracerEnabled`): no span is recorded, and the bank's
 * operations run without theirs (`OperationSpan`).
 */
import { Config, Effect, Layer, Option, References, Schema } from "effect"

const isHttpUrl = (text: string): boolean => URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol)

/** The collector's base URL: refused at start unless http(s), rather than failing each export. */
const CollectorUrl = Schema.String.check(
  Schema.makeFilter(isHttpUrl, { message: "must be an http:// or https:// URL, such as http://127.0.0.1:4318" })
)

export const config = Config.all({
  endpoint: Config.option(Config.schema(CollectorUrl, "OTEL_EXPORTER_OTLP_ENDPOINT")),
  serviceName: Config.String("OTEL_SERVICE_NAME").pipe(Config.withDefault("moneta"))
})

export const layer = Layer.unwrap(
  Effect.gen(function*() {
    const { endpoint, serviceName } = yield* config
    if (Option.isNone(endpoint)) return Layer.succeed(References.TracerEnabled, false)
    const Otlp = yield* Effect.promise(() => import("./Otlp.js"))
    return Otlp.layer({ endpoint: endpoint.value, serviceName })
  })
)
