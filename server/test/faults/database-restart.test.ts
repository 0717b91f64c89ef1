import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/infra/embedded-postgres.ts';
import { freePort } from '../../src/infra/free-port.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { checkIdentity, pinkClaim, startAndVerify, upload } from '../support/journey.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-restart-'));
let postgres: EmbeddedPostgres | undefined;
let server: TestServer | undefined;
let sink: MailSink | undefined;

afterAll(async () => {
  await server?.close().catch(() => undefined);
  await postgres?.stop();
  await sink?.stop();
  if (postgres) fs.rmSync(path.dirname(postgres.dataDir), { recursive: true, force: true });
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

describe('PostgreSQL stopped and restarted during a journey', () => {
  it('when the database is down, then calls fail cleanly with 503; when it is back, the same process serves and nothing is lost', async () => {
    const port = await freePort();
    const dataDir = path.join(dataRoot, 'pg');
    postgres = await startEmbeddedPostgres({ dataDir, port, database: 'claims_restart' });
    sink = await startMailSink();
    server = await startTestServer({ DATABASE_URL: postgres.url, SMTP_URL: sink.url });

    const { token } = await startAndVerify(server.url, sink);
    const check = await checkIdentity(server.url, token);
    const front = await upload(server.url, token, 'ticketFront');
    const back = await upload(server.url, token, 'ticketBack');

    await postgres.stop();
    for (const call of [
      request(server.url).patch(`/api/v1/claim/${token}/verify`),
      request(server.url).get('/api/v1/health'),
      request(server.url).get('/api/v1/health/ready'),
    ]) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      expect(JSON.stringify(res.body)).not.toMatch(/select|ECONNREFUSED|at .*\.ts/i);
    }

    postgres = await startEmbeddedPostgres({ dataDir, port, database: 'claims_restart' });
    const submitted = await request(server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, front, back));
    expect(submitted.body).toMatchObject({ claimHashid: expect.any(String) });
    expect((await request(server.url).get('/api/v1/health')).status).toBe(200);
    expect((await request(server.url).get('/api/v1/health/ready')).body).toEqual({
      status: 'ready',
      database: 'up',
      storage: 'up',
    });
  }, 60_000);
});
