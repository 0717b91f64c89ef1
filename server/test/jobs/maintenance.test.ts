import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { PgBoss } from 'pg-boss';
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import {
  runMaintenance,
  scheduleMaintenance,
  type MaintenanceDependencies,
} from '../../src/modules/maintenance/maintenance.ts';
import { PURGE_QUEUE, RECONCILE_QUEUE } from '../../src/modules/jobs/queue.ts';
import { migratedDatabase } from '../support/fresh-database.ts';

let orm: Database;
beforeAll(async () => {
  orm = await openDatabase(await migratedDatabase('maintenance'), pino({ level: 'silent' }));
});
afterAll(async () => orm?.close());

/** One maintenance run on this file's database, with no job queue and no stranded e-mail. */
function maintain(overrides: Partial<MaintenanceDependencies> = {}): Promise<void> {
  return runMaintenance({
    boss: undefined as unknown as PgBoss,
    jobs: { send: async () => undefined },
    outbox: { sendStranded: async () => 0 },
    em: orm.em,
    storage: localDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'maintenance-'))),
    inactivityMinutes: 30,
    logger: pino({ level: 'silent' }) as Logger,
    ...overrides,
  });
}

describe('maintenance', () => {
  it('when the stranded e-mail sweep fails, then the run still completes and says so in the log', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) }),
    );
    const run = maintain({
      outbox: {
        sendStranded: () =>
          Promise.reject(
            Object.assign(new Error('mail thread not running'), { name: 'MailThreadDown' }),
          ),
      },
      logger,
    });
    await expect(run).resolves.toBeUndefined();
    expect(lines.map((line) => JSON.parse(line).msg)).toContain(
      'stranded e-mails not sent; the next run tries again',
    );
  });

  it('when sent or refused e-mails are over a week old, then they are deleted and newer or unsent ones are kept', async () => {
    const db = orm.em.getConnection();
    const insert = async (sentDaysAgo: number | null) => {
      const id = randomUUID();
      await db.execute(
        `insert into email_outbox (id, kind, created_at, sent_at) values (?, 'test', now() - interval '9 days', case when ?::int is null then null else now() - make_interval(days => ?::int) end)`,
        [id, sentDaysAgo, sentDaysAgo],
      );
      return id;
    };
    const [old, recent, unsent] = [await insert(8), await insert(6), await insert(null)];
    // Refused for good (docs/adr/012): kept a week too, as the record of why it was never sent.
    const [oldRefused, recentRefused] = [await insert(null), await insert(null)];
    await db.execute(`update email_outbox set failed_at = now() - interval '8 days' where id = ?`, [
      oldRefused,
    ]);
    await db.execute(`update email_outbox set failed_at = now() - interval '6 days' where id = ?`, [
      recentRefused,
    ]);
    await maintain();
    const left = await db.execute<Array<{ id: string }>>(
      'select id from email_outbox where id in (?, ?, ?, ?, ?)',
      [old, recent, unsent, oldRefused, recentRefused],
    );
    expect(left.map((row) => row.id).sort()).toEqual([recent, unsent, recentRefused].sort());
  });

  it('when a rate-limit window ended over an hour ago, then its count is deleted and current ones are kept', async () => {
    const db = orm.em.getConnection();
    const nowMs = Date.now();
    await db.execute(
      `insert into rate_limit (key, points, expire) values ('test:ended', 3, ?), ('test:recent', 3, ?), ('test:open', 1, ?)`,
      [nowMs - 2 * 3600_000, nowMs - 60_000, nowMs + 60_000],
    );
    await maintain();
    const left = await db.execute<Array<{ key: string }>>(
      `select key from rate_limit where key like 'test:%' order by key`,
    );
    expect(left.map((row) => row.key)).toEqual(['test:open', 'test:recent']);
  });
});

describe('the maintenance schedule', () => {
  it('when it is scheduled, then the 5-minute run leaves storage alone and storage is reconciled once a day', async () => {
    const schedules: Array<[string, string]> = [];
    const workers = new Map<string, () => Promise<unknown>>();
    const boss = {
      schedule: async (queue: string, cron: string) => void schedules.push([queue, cron]),
      work: async (queue: string, handler: () => Promise<unknown>) =>
        void workers.set(queue, handler),
    } as unknown as PgBoss;
    const listed: string[] = [];
    const storage = localDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'maintenance-')));
    const watched = { ...storage, list: () => (listed.push('list'), storage.list()) };
    await scheduleMaintenance({
      boss,
      jobs: { send: async () => undefined },
      outbox: { sendStranded: async () => 0 },
      em: orm.em,
      storage: watched,
      inactivityMinutes: 30,
      logger: pino({ level: 'silent' }),
    });
    expect(schedules).toEqual([
      [PURGE_QUEUE, '*/5 * * * *'],
      [RECONCILE_QUEUE, '23 3 * * *'],
    ]);
    await workers.get(PURGE_QUEUE)!();
    expect(listed).toEqual([]);
    await workers.get(RECONCILE_QUEUE)!();
    expect(listed).toEqual(['list']);
  });
});
