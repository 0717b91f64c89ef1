import { afterAll, beforeAll } from 'vitest';
import { startMailSink, type MailSink } from './mail-sink.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import type { ServerOptions } from '../../src/server.ts';

/** One real server and one SMTP listener for a test file. */
export function useClaimServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): { server: TestServer; sink: MailSink } {
  const context = {} as { server: TestServer; sink: MailSink };
  beforeAll(async () => {
    context.sink = await startMailSink();
    context.server = await startTestServer({ SMTP_URL: context.sink.url, ...env }, options);
  });
  afterAll(async () => {
    await context.server?.close();
    await context.sink?.stop();
  });
  return context;
}
