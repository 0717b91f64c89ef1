import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/infra/embedded-postgres.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { checkIdentity, pinkClaim, TOKEN_IN_LINK, uniqueEmail, upload } from '../support/journey.ts';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/start.ts');
const children: ChildProcess[] = [];
let sink: MailSink;

/** A real server process (node src/start.ts), as production runs it. */
async function serverProcess(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

let one: string;
let two: string;
beforeAll(async () => {
  sink = await startMailSink();
  const env = { DATABASE_URL: inject('databaseUrl'), SMTP_URL: sink.url, UPLOAD_DIR: path.join(process.env.TMPDIR ?? '/tmp', `claims-shared-${process.pid}`), RATE_LIMIT_START_PER_CLIENT: '100000' };
  [one, two] = await Promise.all([serverProcess(env), serverProcess(env)]);
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
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
    const res = await request(two).post(`/api/v1/claim/${token}`).send(pinkClaim(check.uuid, front, back));
    expect(res.status).toBe(201);
    expect((await request(one).post(`/api/v1/claim/${token}`).send(pinkClaim(check.uuid, front, back))).status).toBe(409);
  });

  it('when the rate limit is reached through one process, then the other refuses too', async () => {
    const email = uniqueEmail('shared-limit');
    for (const base of [one, two, one]) expect((await request(base).post('/api/v1/claim').send({ email })).status).toBe(201);
    expect((await request(two).post('/api/v1/claim').send({ email })).status).toBe(429);
  });
});
