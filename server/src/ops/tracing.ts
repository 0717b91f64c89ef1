import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { register as registerModuleHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import {
  register as registerSyncHooks,
  supportsSyncHooks,
} from 'import-in-the-middle/register-hooks.mjs';
import { contractOperations, operationOf } from '../modules/metrics/request-metrics.ts';
import { SpanScrubber } from './span-scrubber.ts';
import type { TracingSettings } from './tracing-settings.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The packages instrumented: only these go through the ESM hook, the rest load untouched. */
const HOOKED = ['express', 'pg', 'pg-pool'];

export interface Tracing {
  /** Exports the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry tracing: an HTTP span per request named by the contract's operationId
 * (never the path, which carries claim and info-request tokens), Express router and handler
 * spans, and a span per pg query inside a request, exported over OTLP/HTTP to the endpoint the
 * standard OTEL_EXPORTER_OTLP_* variables name. Must run before express or pg is imported:
 * src/start.ts imports the server only after this resolves.
 */
export function startTracing(settings: TracingSettings): Tracing {
  // Node 24 runs ESM: instrumentations patch express and pg through import-in-the-middle's
  // loader hook, in-thread where the runtime allows it.
  if (supportsSyncHooks()) registerSyncHooks({ include: HOOKED });
  else registerModuleHooks('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
    // The scrubber first: the exporter only ever sees allowed attributes.
    spanProcessors: [
      new SpanScrubber(),
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
    ],
  });
  trace.setGlobalTracerProvider(provider);

  const routes = contractOperations(
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'generated/openapi.json'), 'utf8')) as Record<
      string,
      unknown
    >,
  );
  type Traced = IncomingMessage & {
    openapi?: { schema?: { operationId?: string } };
    path?: string;
  };
  /** The validator's match once it has run, the contract's path patterns before (uploads). */
  const operationOfRequest = (req: Traced): string =>
    req.openapi?.schema?.operationId ??
    operationOf(routes, req.method ?? 'GET', req.path ?? (req.url ?? '/').split('?')[0]!);

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Called as the answer finishes, for incoming and outgoing requests alike.
        applyCustomAttributesOnSpan: (span, request) => {
          if (!('socket' in request) || !('httpVersion' in request)) return;
          const operation = operationOfRequest(request as Traced);
          span.updateName(operation);
          span.setAttribute('http.route', operation);
        },
      }),
      // The route handler's span, named by operation (the default names carry Express paths).
      // Middleware and router layers (about fifteen a request) would only add cost.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
        spanNameHook: (info) => `${info.layerType} ${operationOfRequest(info.request as Traced)}`,
        requestHook: (span, info) =>
          span.setAttribute('http.route', operationOfRequest(info.request as Traced)),
      }),
      // A span per query made inside a request: none for the job queue's polling, nor for
      // connection checkouts (half the spans, for little). Statements are dropped by the scrubber.
      new PgInstrumentation({
        requireParentSpan: true,
        enhancedDatabaseReporting: false,
        ignoreConnectSpans: true,
      }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
