import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { createLogger } from '../../src/http/logger.ts';
import { createStorage } from '../../src/modules/files/create-storage.ts';
import { reconcileStorage } from '../../src/modules/maintenance/reconcile-storage.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { FileStorage } from '../../src/modules/files/storage.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { personalDetails, PNG, startAndVerify, upload } from '../support/journey.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import {
  asOperator,
  operatorDownload,
  OPERATOR_TOKEN,
  requestInformation,
  submittedClaim,
} from '../support/operator.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { trickleUpload } from '../support/slow-upload.ts';

let s3: TestS3;
let sink: MailSink;
let databaseUrl: string;
let env: Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;
let proxy: RoundRobinProxy;
let orm: Database;
let store: FileStorage;
const scratchDirs: string[] = [];

/** Each instance has a scratch disk of its own, as containers on two hosts would. */
function instanceEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-scratch-'));
  scratchDirs.push(dir);
  return { ...env, UPLOAD_DIR: dir };
}

async function storedKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const file of store.list()) keys.add(file.key);
  return keys;
}

beforeAll(async () => {
  s3 = await startTestS3();
  sink = await startMailSink();
  databaseUrl = await freshDatabase('fleet');
  // One RATE_LIMIT_SECRET for the fleet: every instance keys the shared rate-limit rows alike.
  env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
    RATE_LIMIT_SECRET: 'fleet-rate-limit-secret-0123456789abcdef',
    RATE_LIMIT_START_PER_CLIENT: '100000',
    ...s3.env,
  };
  [a, b] = await Promise.all([
    startServerProcess(instanceEnv()),
    startServerProcess(instanceEnv()),
  ]);
  proxy = await startRoundRobinProxy([a.url, b.url]);
  orm = await openDatabase(databaseUrl, createLogger('silent'));
  process.env.AWS_ACCESS_KEY_ID = s3.env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = s3.env.AWS_SECRET_ACCESS_KEY;
  store = createStorage(
    loadConfig({ ...env, UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-reconcile-')) }),
  );
}, 90_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await orm?.close();
  await sink?.stop();
  await s3?.stop();
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two stateless instances on one database and one S3 bucket, behind a round-robin proxy', () => {
  it('when a file is uploaded through instance A, then the operator downloads it through instance B', async () => {
    // Submitted first: operators see the files of submitted claims only.
    const { front: uuid } = await submittedClaim(a.url, sink);
    const res = await operatorDownload(b.url, uuid);
    expect(res.status).toBe(200);
    const [row] = await orm.em
      .getConnection()
      .execute<Array<{ sha256: string; storage_key: string }>>(
        'select sha256, storage_key from uploaded_file where id = ?',
        [uuid],
      );
    expect(
      createHash('sha256')
        .update(res.body as Buffer)
        .digest('hex'),
    ).toBe(row!.sha256);
    expect((await storedKeys()).has(row!.storage_key)).toBe(true);
  });

  it('when whole journeys (claimant, info request, operator) run through the proxy, then every call lands on either instance and each e-mail is sent once', async () => {
    const before = [...proxy.counts];
    const claim = await submittedClaim(proxy.url, sink);
    const { token } = await requestInformation(proxy.url, sink, claim.hashid, claim.email, [
      'PERSONAL_DETAILS',
      'SC_IMAGES',
    ]);
    const base = `${proxy.url}/api/v1/claim/info-request`;
    const identity = await request(base).post(`/${token}/identity`).send(personalDetails());
    expect(identity.status).toBe(201);
    const files: string[] = [];
    for (const type of ['ticketFront', 'ticketBack']) {
      const res = await request(base)
        .post(`/${token}/file`)
        .field('type', type)
        .field('fileName', `${type}.png`)
        .attach('file', PNG, `${type}.png`);
      expect(res.status).toBe(201);
      files.push(res.body.uuid);
    }
    const answer = {
      sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
      identityCheckUuid: identity.body.uuid,
      idDocsRequired: false,
      ticketFrontFileUuid: files[0],
      ticketBackFileUuid: files[1],
    };
    expect((await request(base).post(`/${token}`).send(answer)).status).toBe(201);
    await sink.waitFor(claim.email, /received your information/);
    for (const uuid of [claim.front, claim.back, ...files])
      expect((await operatorDownload(proxy.url, uuid)).status).toBe(200);
    const view = await asOperator(
      request(proxy.url).get(`/api/v1/operator/claims/${claim.hashid}`),
    );
    expect(view.body.status).toBe('info_received');

    expect(proxy.counts[0]! - before[0]!).toBeGreaterThan(5);
    expect(proxy.counts[1]! - before[1]!).toBeGreaterThan(5);
    // Both instances run the outbox and the jobs: a sweep that sent twice would show here.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const subjects = sink.messages
      .filter((message) => message.to === claim.email)
      .map((message) => message.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('when an instance is killed during uploads, then after reconciliation no object lacks its row and no row lacks its object', async () => {
    const { token } = await startAndVerify(proxy.url, sink);
    for (let i = 0; i < 3; i++) trickleUpload(a.url, token, 256 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 500));
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    // What a kill between putting an object and writing its row leaves: an object nobody knows.
    const orphanTemp = store.createTemp();
    await new Promise<void>((resolve) => orphanTemp.stream.end(PNG, () => resolve()));
    const orphan = await store.commit(orphanTemp.path);

    // B keeps serving alone; reconciliation (run by any instance) then finds the bucket and rows agree.
    const survivor = await upload(b.url, token, 'ticketBack');
    const outcome = await reconcileStorage(orm.em.fork(), store, createLogger('silent'), 0);
    expect(outcome.orphansRemoved).toBeGreaterThanOrEqual(1);
    expect(outcome.missingBytes).toBe(0);
    const rows = await orm.em
      .getConnection()
      .execute<Array<{ id: string; storage_key: string }>>(
        'select id, storage_key from uploaded_file',
      );
    const rowKeys = new Set(rows.map((row) => row.storage_key));
    const keys = await storedKeys();
    expect(keys.has(orphan)).toBe(false);
    expect([...keys].filter((key) => !rowKeys.has(key))).toEqual([]);
    expect([...rowKeys].filter((key) => !keys.has(key))).toEqual([]);
    expect(rows.map((row) => row.id)).toContain(survivor);
  });
});
