/**
 * The address proxy in a Node process of its own, for the jsdom test of react-loqate: jsdom
 * replaces globals the server relies on (its URL class is refused by worker_threads), so the
 * browser side and the server side run apart, as they do in production. Started with fork():
 * argv[2] is the provider (`local` or `loqate`), argv[3] the server's own Loqate key, and
 * DATABASE_URL the run's database. With `loqate`, a fake Loqate (answering 'Unknown key' to any
 * key but the server's) runs here too, backed by the generated index. Any message from the
 * parent is answered with the URLs the fake received and the server's log lines.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../../src/config/config.ts';
import { nativePool } from '../../../src/db/native-pool.ts';
import { migrate, openDatabase } from '../../../src/db/orm.ts';
import { createLogger } from '../../../src/http/logger.ts';
import { LocalAddressIndex } from '../../../src/modules/address/local-address-index.ts';
import { LocalAddressProvider } from '../../../src/modules/address/local-address-provider.ts';
import { seedAddressIndex } from '../../../src/modules/address/seed-address-index.ts';
import { startServer } from '../../../src/server.ts';
import { startFakeLoqate, type FakeLoqate } from './fake-loqate.ts';

export type ToParent = { url: string } | { requests: string[]; logs: string[] };

const provider = process.argv[2] === 'loqate' ? 'loqate' : 'local';
const serverKey = process.argv[3] ?? '';
const logs: string[] = [];
const logger = createLogger(
  'debug',
  new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  }),
);

let fake: FakeLoqate | undefined;
const env: Record<string, string | undefined> = {
  DATABASE_URL: process.env.DATABASE_URL,
  SMTP_URL: 'smtp://127.0.0.1:1',
  PORT: '0',
  UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'claims-uploads-')),
  LOG_LEVEL: 'debug',
  OPERATOR_API_TOKEN: 'test-operator-token-0123456789abcdef',
  RATE_LIMIT_SECRET: 'test-rate-limit-secret-0123456789abcdef',
  RATE_LIMIT_ADDRESS_PER_CLIENT: '100000',
};
if (provider === 'loqate') {
  const orm = await openDatabase(env.DATABASE_URL!, logger);
  await migrate(orm);
  const pool = await nativePool(orm);
  await seedAddressIndex(pool, logger);
  fake = await startFakeLoqate(
    new LocalAddressProvider(new LocalAddressIndex(async () => pool, 5_000)),
    serverKey,
  );
  Object.assign(env, {
    ADDRESS_PROVIDER: 'loqate',
    LOQATE_API_KEY: serverKey,
    LOQATE_BASE_URL: fake.url,
  });
}
const running = await startServer(loadConfig(env), logger, {
  jobSchema: `pgboss_${randomBytes(6).toString('hex')}`,
  validateResponses: true,
});

process.on('message', () =>
  process.send!({ requests: fake?.requests.map((url) => url.href) ?? [], logs } satisfies ToParent),
);
process.send!({ url: running.url } satisfies ToParent);
process.once('SIGTERM', () => {
  void running
    .close()
    .then(() => fake?.close())
    .finally(() => process.exit(0));
});
