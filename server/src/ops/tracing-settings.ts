/**
 * Whether this process exports traces, read from the standard OpenTelemetry variables only: on
 * when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set, off otherwise
 * and whenever OTEL_SDK_DISABLED=true. Imports nothing of OpenTelemetry, so a process with
 * tracing off loads none of it (docs/deploy.md, "Tracing").
 */
export interface TracingSettings {
  serviceName: string;
}

/** The service name spans carry when OTEL_SERVICE_NAME is unset. */
export const DEFAULT_SERVICE_NAME = 'prize-postal-claim';

export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim())
    return undefined;
  return { serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME };
}
