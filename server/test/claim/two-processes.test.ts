import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import {
  checkIdentity,
  pinkClaim,
  TOKEN_IN_LINK,
  uniqueEmail,
  upload,
} from '../support/journey.ts';

const processes: ServerProcess[] = [];
let sink: MailSink;

let one: string;
let two: string;
beforeAll(async () => {
  sink = await startMailSink();
  const env = {
    DATABASE_URL: inject('databaseUrl'),
    SMTP_URL: sink.url,
    UPLOAD_DIR: path.join(process.env.TMPDIR ?? '/tmp', `claims-shared-${process.pid}`),
    RATE_LIMIT_START_PER_CLIENT: '100000',
  };
  processes.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  [one, two] = processes.map((server) => server.url) as [string, string];
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await sink.stop();
});

describe('two server processes on one database', () => {
  it('when a claim starts on one, then it verifies, uploads and submits on the other', async () => {
    const email = uniqueEmail('fleet');
    expect((await request(one).post('/api/v1/claim').send({ email })).status).toBe(201);
    const token = TOKEN_IN_LINK.exec((await sink.waitFor(email)).text)![1]!;
    expect((await request(two).patch(`/api/v1/claim/${token}/verify`)).status).toBe(200);
    const check = await checkIdentity(one, token);
    const front = await upload(two, token, 'ticketFront');
    const back = await upload(one, token, 'ticketBack');
    const res = await request(two)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, front, back));
    expect(res.status).toBe(201);
    expect(
      (
        await request(one)
          .post(`/api/v1/claim/${token}`)
          .send(pinkClaim(check.uuid, front, back))
      ).status,
    ).toBe(409);
  });

  it('when the rate limit is reached through one process, then the other refuses too', async () => {
    const email = uniqueEmail('shared-limit');
    for (const base of [one, two, one])
      expect((await request(base).post('/api/v1/claim').send({ email })).status).toBe(201);
    expect((await request(two).post('/api/v1/claim').send({ email })).status).toBe(429);
  });
});
