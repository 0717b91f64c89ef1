import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { runMaintenance } from '../../src/modules/maintenance/maintenance.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

const logger = pino({ level: 'silent' });
const storage = localDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'upload-retention-')));
let orm: Database;

beforeAll(async () => {
  orm = await openDatabase(await migratedDatabase('upload_retention'), logger);
});
afterAll(async () => orm?.close());

const sql = (text: string, params: unknown[] = []) => orm.em.getConnection().execute(text, params);

async function claim(
  status: 'verified' | 'submitted',
  details: Record<string, string> = {},
): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into claim (id, token_hash, status, link_expires_at, details) values (?, ?, ?, now() + interval '1 day', ?::jsonb)`,
    [id, randomBytes(32), status, JSON.stringify(details)],
  );
  return id;
}

async function infoRequest(
  claimId: string,
  status: 'open' | 'submitted',
  expiresInHours: number,
  submission: Record<string, string> | null = null,
): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into info_request (id, claim_id, token_hash, section_types, status, expires_at, submission) values (?, ?, ?, '["ID_DOCUMENTS"]', ?, now() + make_interval(hours => ?), ?::jsonb)`,
    [
      id,
      claimId,
      randomBytes(32),
      status,
      expiresInHours,
      submission && JSON.stringify(submission),
    ],
  );
  return id;
}

/** An upload row with its bytes in storage, two hours old unless said; returns its id and storage key. */
async function file(
  claimId: string,
  type: string,
  infoRequestId: string | null = null,
  ageMinutes = 120,
): Promise<{ id: string; key: string }> {
  const temp = storage.createTemp();
  await new Promise<void>((resolve, reject) => {
    temp.stream.on('error', reject);
    temp.stream.end(randomBytes(64), resolve);
  });
  const key = await storage.commit(temp.path);
  const id = randomUUID();
  await sql(
    `insert into uploaded_file (id, claim_id, info_request_id, type, original_name, size, sha256, content_type, storage_key, created_at) values (?, ?, ?, ?, 'a.png', 64, ?, 'image/png', ?, now() - make_interval(mins => ?))`,
    [id, claimId, infoRequestId, type, '0'.repeat(64), key, ageMinutes],
  );
  return { id, key };
}

const maintain = () =>
  runMaintenance({
    boss: undefined as unknown as PgBoss,
    jobs: { send: async () => undefined },
    outbox: { sendStranded: async () => 0 },
    em: orm.em,
    storage,
    inactivityMinutes: 30,
    logger,
  });

async function kept(files: Array<{ id: string; key: string }>): Promise<boolean[]> {
  const rows = await sql('select id from uploaded_file where id in (?)', [files.map((f) => f.id)]);
  const ids = new Set((rows as Array<{ id: string }>).map((row) => row.id));
  return Promise.all(files.map(async (f) => ids.has(f.id) && (await storage.exists(f.key))));
}

describe('uploads no submission uses', () => {
  it('when a claim is submitted, then the uploads it does not name are purged with their bytes once an hour old, and the ones it names stay', async () => {
    const owner = await claim('verified');
    const used = await file(owner, 'ticketFront');
    const replaced = await file(owner, 'ticketFront');
    const justUploaded = await file(owner, 'ticketFront', null, 10);
    await sql(`update claim set status = 'submitted', details = ?::jsonb where id = ?`, [
      JSON.stringify({ ticketFrontFileUuid: used.id }),
      owner,
    ]);
    // Another claimant's upload, on a claim still being filled in.
    const draft = await file(await claim('verified'), 'ticketFront');

    await maintain();

    expect(await kept([used, replaced, draft, justUploaded])).toEqual([true, false, true, true]);
  });

  it('when an info request is answered, replaced or expired, then its uploads the answer does not name are purged', async () => {
    const owner = await claim('submitted', {});
    const answered = await infoRequest(owner, 'submitted', 24 * 14);
    const named = await file(owner, 'idDocument1', answered);
    const unnamed = await file(owner, 'idDocument1', answered);
    await sql(`update info_request set submission = ?::jsonb where id = ?`, [
      JSON.stringify({ idDocument1FileUuid: named.id }),
      answered,
    ]);
    const expired = await file(owner, 'idDocument2', await infoRequest(owner, 'open', -1));
    const pending = await file(owner, 'idDocument2', await infoRequest(owner, 'open', 24));

    await maintain();

    expect(await kept([named, unnamed, expired, pending])).toEqual([true, false, false, true]);
  });
});
