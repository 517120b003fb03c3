/** The OpenTelemetry SDK exporting Effect's spans to an OTLP/HTTP collector (loaded by `Tracing` only when configured). */
import * as NodeSdk from "@effect/opentelemetry/NodeSdk"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base"

/** `endpoint` is the collector's base URL, as `OTEL_EXPORTER_OTLP_ENDPOINT` (traces go to `/v1/traces`). */
export const layer = (options: { readonly endpoint: string; readonly serviceName: string }) =>
  NodeSdk.layer(() => ({
    resource: { serviceName: options.serviceName },
    spanProcessor: new BatchSpanProcessor(
      new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, "")}/v1/traces` })
    )
  }))
