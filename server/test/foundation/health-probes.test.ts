import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/infra/free-port.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { PNG, startAndVerify } from '../support/journey.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startTestServer } from '../support/test-server.ts';

const MIGRATION_LOCK_KEY = 7_201_125;
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined as T);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('liveness and readiness', () => {
  it('when the instance serves with its database and store up, then both probes answer 200', async () => {
    const server = await startTestServer();
    cleanup.push(() => server.close());
    const live = await request(server.url).get('/api/v1/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await request(server.url).get('/api/v1/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', storage: 'up' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('when the file store is unreachable, then readiness answers 503 saying so and liveness still 200', async () => {
    process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
    const server = await startTestServer({
      STORAGE: 's3',
      S3_BUCKET: 'claims',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_FORCE_PATH_STYLE: 'true',
    });
    cleanup.push(() => server.close());
    const ready = await request(server.url).get('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      statusCode: 503,
      message: 'Not ready: the file store is unreachable.',
      error: 'Service Unavailable',
    });
    expect(ready.headers['retry-after']).toBe('5');
    expect((await request(server.url).get('/api/v1/health/live')).status).toBe(200);
  });

  it('when the migrations are still running, then the instance already listens: alive, not ready, and ready once they are done', async () => {
    const databaseUrl = await freshDatabase('readiness');
    // Another instance migrating holds this lock; this one waits for it, as it would for a long migration.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const starting = startTestServer({ DATABASE_URL: databaseUrl, PORT: String(port) });
    cleanup.push(() => starting.then((server) => server.close()));

    const notReady = await until(
      () => request(url).get('/api/v1/health/ready'),
      (res) => res.status === 503,
    );
    expect(notReady.body).toEqual({
      statusCode: 503,
      message: 'Not ready: the instance is starting (migrations may be running).',
      error: 'Service Unavailable',
    });
    expect((await request(url).get('/api/v1/health/live')).body).toEqual({ status: 'ok' });
    expect(
      (await request(url).post('/api/v1/claim').send({ email: 'early@example.co.uk' })).status,
    ).toBe(503);

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await starting;
    expect((await request(url).get('/api/v1/health/ready')).status).toBe(200);
  });
});

describe('SIGTERM', () => {
  let sink: MailSink;
  let server: ServerProcess;

  it('when an upload is in flight, then readiness fails at once, the upload still finishes with 201, and the process exits 0', async () => {
    sink = await startMailSink();
    cleanup.push(() => sink.stop());
    const env = {
      DATABASE_URL: inject('databaseUrl'),
      SMTP_URL: sink.url,
      UPLOAD_DIR: path.join(process.env.TMPDIR ?? '/tmp', `claims-drain-${process.pid}`),
      RATE_LIMIT_START_PER_CLIENT: '100000',
      DRAIN_SECONDS: '2',
    };
    server = await startServerProcess(env);
    cleanup.push(() => server.stop());
    const { token } = await startAndVerify(server.url, sink);

    // The head of the upload goes now, its end after the signal.
    const boundary = 'drain-boundary-7';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nticketFront\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\nt.png\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/v1/claim/${token}/file`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, head.length + 10));
      setTimeout(() => req.end(body.subarray(head.length + 10)), 1000);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await request(server.url).get('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe('Not ready: the instance is draining for shutdown.');

    const uploaded = await answer;
    expect(uploaded.status).toBe(201);
    expect(JSON.parse(uploaded.body)).toEqual({ uuid: expect.any(String) });
    expect(await exited).toBe(0);
  });
});
