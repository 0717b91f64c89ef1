import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/infra/free-port.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { uniqueEmail } from '../support/journey.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer | undefined;
let sink: MailSink | undefined;
afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

describe('e-mail while SMTP is down', () => {
  it('when SMTP is unreachable as claims start and comes back, then every e-mail arrives exactly once', async () => {
    const port = await freePort();
    server = await startTestServer(
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { emailRetryDelaySeconds: 1 },
    );
    const emails = Array.from({ length: 8 }, () => uniqueEmail('outage'));
    for (const email of emails)
      expect((await request(server.url).post('/api/v1/claim').send({ email })).status).toBe(201);

    // Let the first attempts fail against the closed port.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [row] = await server.orm.em
      .getConnection()
      .execute<Array<{ attempted: number }>>(
        `select count(*)::int as attempted from email_outbox where attempts > 0 and sent_at is null`,
      );
    expect(row!.attempted).toBeGreaterThan(0);

    sink = await startMailSink(port);
    for (const email of emails) await sink.waitFor(email, /Verify your email/, 45_000);
    // Give any duplicate a chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const email of emails)
      expect(sink.messages.filter((message) => message.to === email)).toHaveLength(1);
  }, 90_000);
});
