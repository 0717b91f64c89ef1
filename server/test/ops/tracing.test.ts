import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { startAndVerify } from '../support/journey.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface Exported {
  scope: string;
  span: OtlpSpan;
  service: string | undefined;
}

/** A tiny OTLP/HTTP receiver: keeps the raw JSON bodies POSTed to /v1/traces. */
async function startOtlpReceiver(): Promise<{ url: string; bodies: string[]; close(): void }> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, close: () => server.close() };
}

function spansOf(bodies: string[]): Exported[] {
  const found: Exported[] = [];
  for (const body of bodies) {
    const parsed = JSON.parse(body) as {
      resourceSpans: {
        resource?: { attributes?: { key: string; value: OtlpValue }[] };
        scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
      }[];
    };
    for (const resource of parsed.resourceSpans) {
      const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value
        .stringValue;
      for (const scope of resource.scopeSpans)
        for (const span of scope.spans) found.push({ scope: scope.scope.name, span, service });
    }
  }
  return found;
}

const attribute = (span: OtlpSpan, key: string): string | number | boolean | undefined => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

/**
 * A `--import` probe: every module the server process resolves whose URL names OpenTelemetry or
 * its loader hook is appended to a file, through require() and import alike.
 */
function loadProbe(file: string): string[] {
  const source = `
    import { registerHooks } from 'node:module';
    import { appendFileSync } from 'node:fs';
    registerHooks({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context);
        if (/@opentelemetry|import-in-the-middle/.test(resolved.url))
          appendFileSync(${JSON.stringify(file)}, resolved.url + '\\n');
        return resolved;
      },
    });`;
  return ['--import', `data:text/javascript,${encodeURIComponent(source)}`];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracing-'));
let server: ServerProcess | undefined;
let sink: MailSink | undefined;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  receiver?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('OpenTelemetry tracing', () => {
  it('when no OTLP endpoint is set, then the server loads no OpenTelemetry SDK, instrumentation, exporter or loader hook', async () => {
    sink = await startMailSink();
    const loaded = path.join(dir, 'loaded-off.txt');
    server = await startServerProcess(
      {
        DATABASE_URL: await freshDatabase('tracing_off'),
        SMTP_URL: sink.url,
        UPLOAD_DIR: path.join(dir, 'uploads-off'),
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      },
      loadProbe(loaded),
    );
    await startAndVerify(server.url, sink);
    await server.stop();
    server = undefined;
    const modules = fs.existsSync(loaded) ? fs.readFileSync(loaded, 'utf8').split('\n') : [];
    // prom-client (the /metrics module, issue 36 point 1) requires the API package itself: a
    // no-op facade until an SDK registers a provider. Nothing else of OpenTelemetry may load.
    expect(modules.filter((url) => url && !url.includes('/@opentelemetry/api/'))).toEqual([]);
  }, 120_000);

  it('when OTEL_EXPORTER_OTLP_ENDPOINT is set, then a claimant start exports HTTP spans named by operationId and pg spans, with no personal data, token or SQL', async () => {
    sink ??= await startMailSink();
    receiver = await startOtlpReceiver();
    const loaded = path.join(dir, 'loaded-on.txt');
    server = await startServerProcess(
      {
        DATABASE_URL: await freshDatabase('tracing_on'),
        SMTP_URL: sink.url,
        UPLOAD_DIR: path.join(dir, 'uploads-on'),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
        OTEL_SERVICE_NAME: '',
        OTEL_SDK_DISABLED: '',
      },
      loadProbe(loaded),
    );
    const { email, token } = await startAndVerify(server.url, sink);
    // SIGTERM flushes the spans still buffered before the process exits.
    await server.stop();
    server = undefined;

    // The probe sees what it should: the same probe found nothing with tracing off.
    expect(fs.readFileSync(loaded, 'utf8')).toContain('@opentelemetry/instrumentation-pg');
    const spans = spansOf(receiver.bodies);
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['prize-postal-claim']));

    const servers = spans.filter((s) => s.span.kind === 2);
    const start = servers.find((s) => s.span.name === 'startClaim');
    const verify = servers.find((s) => s.span.name === 'verifyClaim');
    expect(start, servers.map((s) => s.span.name).join(', ')).toBeDefined();
    expect(verify).toBeDefined();
    expect(attribute(start!.span, 'http.route')).toBe('startClaim');
    expect(attribute(verify!.span, 'http.route')).toBe('verifyClaim');
    expect(attribute(start!.span, 'http.response.status_code')).toBe(201);

    // Express's router and handler spans, named by operation too.
    const handlers = spans.filter((s) => s.scope.includes('instrumentation-express'));
    expect(handlers.map((h) => h.span.name)).toContain('request_handler verifyClaim');

    const queries = spans.filter((s) => s.scope.includes('instrumentation-pg'));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((q) => q.span.traceId === start!.span.traceId)).toBe(true);
    expect(queries.some((q) => q.span.traceId === verify!.span.traceId)).toBe(true);
    expect(queries.every((q) => attribute(q.span, 'db.system.name') === 'postgresql')).toBe(true);

    // Nothing personal, no token and no SQL anywhere in what left the process.
    const everything = receiver.bodies.join('\n');
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(email.split('@')[0]!);
    expect(everything).not.toContain(token);
    expect(everything).not.toMatch(
      /db\.statement|db\.query\.text|url\.path|url\.full|http\.target/,
    );
    for (const { span } of spans)
      for (const { key, value } of span.attributes ?? []) {
        const text = String(value.stringValue ?? '');
        expect(text, key).not.toMatch(
          /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b/i,
        );
        expect(text, key).not.toContain('/claim/');
      }
  }, 120_000);
});
