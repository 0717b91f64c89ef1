import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * The only attributes a span leaves the process with. Everything else is dropped: the pg
 * instrumentation's `db.query.text` (MikroORM inlines values, so a statement holds e-mail
 * addresses, names and dates of birth), the HTTP instrumentation's `url.path`, `url.full` and
 * `http.target` (claim and info-request links carry tokens), user agents and client addresses.
 */
const ALLOWED = new Set([
  'http.request.method',
  'http.response.status_code',
  'http.route',
  'url.scheme',
  'network.protocol.version',
  'db.system.name',
  'db.namespace',
  'db.operation.name',
  'server.address',
  'server.port',
  'express.type',
  'error.type',
]);

type Mutable = { attributes: Record<string, unknown> };

function keepAllowed(attributes: Record<string, unknown>): void {
  for (const key of Object.keys(attributes)) if (!ALLOWED.has(key)) delete attributes[key];
}

/**
 * Runs before the exporting processor, on the finished span: strips every attribute outside the
 * allow-list, the events' attributes but `exception.type` (an error message can quote a row), and
 * the status message.
 */
export class SpanScrubber implements SpanProcessor {
  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    keepAllowed((span as unknown as Mutable).attributes);
    for (const event of span.events) {
      const attributes = (event.attributes ?? {}) as Record<string, unknown>;
      for (const key of Object.keys(attributes))
        if (key !== 'exception.type') delete attributes[key];
    }
    if (span.status.message) (span.status as { message?: string }).message = undefined;
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
