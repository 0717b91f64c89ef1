import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/orm.ts';
import { createLogger } from '../../src/http/logger.ts';
import { reconcileStorage } from '../../src/modules/maintenance/reconcile-storage.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { PNG, startAndVerify, upload } from '../support/journey.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { trickleUpload } from '../support/slow-upload.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-killed-'));
let server: ServerProcess | undefined;
let sink: MailSink | undefined;
let orm: Database | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  await orm?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('the server killed in the middle of uploads', () => {
  it('when it restarts and reconciles, then no row lacks its bytes and no stored file lacks its row', async () => {
    sink = await startMailSink();
    const databaseUrl = await freshDatabase('killed_upload');
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      UPLOAD_DIR: uploadDir,
      RATE_LIMIT_START_PER_CLIENT: '100000',
    };
    server = await startServerProcess(env);
    const { token } = await startAndVerify(server.url, sink);
    const finished = await upload(server.url, token, 'ticketBack');
    for (let i = 0; i < 4; i++) trickleUpload(server.url, token);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const temp = path.join(uploadDir, 'tmp');
    expect(fs.readdirSync(temp).length).toBeGreaterThan(0);

    server.child.kill('SIGKILL');
    await new Promise((resolve) => server!.child.once('exit', resolve));
    // A file committed to storage whose row never got written, as a kill between the two leaves.
    const orphanKey = 'ab/abababababababababababababababab';
    fs.mkdirSync(path.join(uploadDir, 'files', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'files', orphanKey), PNG);

    server = await startServerProcess(env);
    orm = await openDatabase(databaseUrl, createLogger('silent'));
    const storage = localDiskStorage(uploadDir);
    const outcome = await reconcileStorage(orm.em.fork(), storage, createLogger('silent'), 0);
    expect(outcome.tempRemoved).toBeGreaterThanOrEqual(4);
    expect(outcome.orphansRemoved).toBe(1);
    expect(outcome.missingBytes).toBe(0);

    expect(fs.readdirSync(temp)).toEqual([]);
    const rows = await orm.em
      .getConnection()
      .execute<Array<{ id: string; storage_key: string }>>(
        'select id, storage_key from uploaded_file',
      );
    const keys = new Set(rows.map((row) => row.storage_key));
    for (const row of rows)
      expect(fs.existsSync(path.join(uploadDir, 'files', row.storage_key))).toBe(true);
    for await (const file of storage.list()) expect(keys.has(file.key)).toBe(true);
    expect(rows.map((row) => row.id)).toContain(finished);
  }, 60_000);
});
