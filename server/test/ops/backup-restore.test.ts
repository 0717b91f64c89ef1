import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { createLogger } from '../../src/http/logger.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/infra/embedded-postgres.ts';
import { backup, BackupError, embeddedPgData, restore } from '../../src/ops/backup.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { staffMember } from '../claim-process/staff-member.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { realPng } from '../support/images.ts';
import type { TestServer } from '../support/test-server.ts';
import { seedStaff, signIn, testClock } from '../staff/staff-fixtures.ts';
import { claimWithImages, moveTo } from './closed-claims.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-backup-'));
const dataRoot = path.join(root, '.data');
const backupFolder = path.join(root, 'backups', 'before-wipe');
const clock = testClock();
let postgres: EmbeddedPostgres | undefined;
let server: (RunningServer & { config: TestServer['config'] }) | undefined;
let sink: MailSink;

/** The embedded default as `make start` runs it: PostgreSQL and uploads under dataRoot, secrets in files there. */
async function startStack(): Promise<TestServer> {
  postgres = await startEmbeddedPostgres({ dataDir: path.join(dataRoot, 'pg') });
  const secret = (name: string) => {
    const file = path.join(dataRoot, name);
    if (!fs.existsSync(file))
      fs.writeFileSync(file, `${name}-0123456789abcdef0123456789abcdef`, { mode: 0o600 });
    return fs.readFileSync(file, 'utf8');
  };
  const config = loadConfig({
    DATABASE_URL: postgres.url,
    SMTP_URL: sink.url,
    PORT: '0',
    UPLOAD_DIR: path.join(dataRoot, 'uploads'),
    LOG_LEVEL: 'silent',
    OPERATOR_API_TOKEN: secret('operator-token'),
    RATE_LIMIT_SECRET: secret('rate-limit-secret'),
    RATE_LIMIT_START_PER_EMAIL: '100',
  });
  const running = await startServer(config, createLogger('silent'), {
    validateResponses: true,
    emailRetryDelaySeconds: 1,
    staffClock: clock.now,
  });
  server = { ...running, config };
  return { ...running, config, logs: [] };
}

async function stopStack(): Promise<void> {
  await server?.close();
  server = undefined;
  await postgres?.stop();
  postgres = undefined;
}

afterAll(async () => {
  await stopStack();
  await sink?.stop();
  fs.rmSync(path.dirname(embeddedPgData(dataRoot)), { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

interface Snapshot {
  claims: unknown[];
  files: Array<{ id: string; sha256: string; bytes: string }>;
  staffAudit: unknown[];
  claimAudit: unknown[];
  staff: unknown[];
}

/** Every claim, file (with its stored bytes), audit row and staff account, as rows. */
async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (sql: string) => (await client.query(sql)).rows;
    const files = await rows('select id, sha256, storage_key from uploaded_file order by id');
    return {
      claims: await rows(
        'select id, hashid, email, status, details, submitted_at from claim order by id',
      ),
      files: files.map((file: { id: string; sha256: string; storage_key: string }) => ({
        id: file.id,
        sha256: file.sha256,
        bytes: fs
          .readFileSync(path.join(dataRoot, 'uploads', 'files', file.storage_key))
          .toString('base64'),
      })),
      staffAudit: await rows(
        'select id, staff_id, action, claim_id, detail, at from staff_audit order by id',
      ),
      claimAudit: await rows('select id, claim_id, event, at from audit_event order by id'),
      staff: await rows(
        'select id, email, name, roles, password_hash, totp_secret_sealed from staff_account order by id',
      ),
    };
  } finally {
    await client.end();
  }
}

async function allImagesReencoded(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let tries = 0; tries < 1500; tries++) {
      const { rows } = await client.query(
        'select count(*)::int as n from uploaded_file where sanitized_at is null and sanitize_error is null',
      );
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('images not re-encoded in time');
  } finally {
    await client.end();
  }
}

describe('backup and restore of the embedded default', () => {
  it('when claims with images and staff actions are backed up, wiped and restored, then every claim, image, audit row and staff account is back', async () => {
    sink = await startMailSink();
    const stack = await startStack();
    const advisor = await staffMember(stack, 'claims_advisor');
    const person = await seedStaff(stack, 'admin');
    const ctx = { server: stack, sink };
    const paid = await claimWithImages(ctx, { ticketFront: await realPng(40, 30) });
    await claimWithImages(ctx, { idDocument1: await realPng(30, 40) });
    await moveTo(advisor, paid.hashid, 'ticket_requested');
    expect((await advisor.get(`/api/v1/staff/claims/${paid.hashid}`)).status).toBe(200);
    await allImagesReencoded(postgres!.url);
    const before = await snapshot(postgres!.url);
    expect(before.claims.length).toBe(2);
    expect(before.files.length).toBe(8);
    expect(before.staffAudit.length).toBeGreaterThanOrEqual(3);
    expect(before.staff.length).toBe(2);

    // A running service is refused: its database and uploads would not agree.
    expect(() => backup(dataRoot, backupFolder)).toThrow(BackupError);
    await stopStack();
    const manifest = backup(dataRoot, backupFolder);
    expect(Object.keys(manifest.files)).toEqual(
      expect.arrayContaining(['pg/PG_VERSION', 'secrets/rate-limit-secret', 'pg-password']),
    );

    const pgData = embeddedPgData(dataRoot);
    fs.rmSync(dataRoot, { recursive: true, force: true });
    fs.rmSync(pgData, { recursive: true, force: true });
    // Into an empty folder only.
    fs.mkdirSync(dataRoot, { recursive: true });
    fs.writeFileSync(path.join(dataRoot, 'stray'), 'x');
    expect(() => restore(backupFolder, dataRoot)).toThrow(/not empty/);
    fs.rmSync(path.join(dataRoot, 'stray'));
    restore(backupFolder, dataRoot);

    const again = await startStack();
    expect(await snapshot(postgres!.url)).toEqual(before);
    // The staff account works: its password and its sealed TOTP secret came back with the key that seals it.
    clock.advance(60_000);
    await signIn(again, person, clock);
    const page = await (
      await staffMember(again, 'customer_care')
    ).get(`/api/v1/staff/claims/${paid.hashid}`);
    expect(page.status).toBe(200);
    expect(page.body.step).toBe('ticket_requested');
  }, 600_000);

  it('when a backup was tampered with, then restore refuses it', () => {
    const file = path.join(backupFolder, 'secrets', 'operator-token');
    fs.appendFileSync(file, 'x');
    const elsewhere = path.join(root, 'other-data');
    expect(() => restore(backupFolder, elsewhere)).toThrow(/does not match its manifest/);
  });
});
