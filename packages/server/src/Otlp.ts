/**
 * The OpenTelemetry SDK exporting Effect's spans to an OTLP/HTTP collector
 * (loaded by `Tracing` only when configured). Traces only: `NodeSdk.layer`
 * would also load the SDK's logs and metrics packages, which the installed
 * `moneta` command does not carry (it failed to start when tracing was on).
 */
import * as OtelTracer from "@effect/opentelemetry/OtelTracer"
import * as Resource from "@effect/opentelemetry/Resource"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node"
// Its modules, not the package entry: imported dynamically (Tracing.ts), the bundle would evaluate every module the entry names.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** How long the spans still batched may take to leave when the server stops. */
const flushTimeout = "3 seconds"

/** `endpoint` is the collector's base URL, as `OTEL_EXPORTER_OTLP_ENDPOINT` (traces go to `/v1/traces`). */
export const layer = (options: { readonly endpoint: string; readonly serviceName: string }) => {
  const provider = Layer.effect(
    OtelTracer.OtelTracerProvider,
    Effect.flatMap(Resource.Resource, (resource) =>
      Effect.acquireRelease(
        Effect.sync(() =>
          new NodeTracerProvider({
            resource,
            spanProcessors: [
              new BatchSpanProcessor(
                new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, "")}/v1/traces` })
              )
            ]
          })
        ),
        // The spans of the last moments are sent before the server exits, within a bound.
        (tracerProvider) =>
          Effect.promise(() => tracerProvider.forceFlush().finally(() => tracerProvider.shutdown())).pipe(
            Effect.timeoutOption(flushTimeout),
            Effect.asVoid
          )
      ))
  )
  return OtelTracer.layer.pipe(
    Layer.provide(provider),
    Layer.provide(Resource.layerFromEnv(Resource.configToAttributes({ serviceName: options.serviceName })))
  )
}
