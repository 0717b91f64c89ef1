import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/http/logger.ts';
import { expireAndPurgeClaims } from '../../src/modules/claim/retention.ts';
import { createStorage } from '../../src/modules/files/create-storage.ts';
import type { FileStorage } from '../../src/modules/files/storage.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { checkIdentity, PNG, startAndVerify, upload } from '../support/journey.ts';
import { operatorDownload, submittedClaim } from '../support/operator.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const silent = createLogger('silent');

/** The claimant's uploads and the operator's download, against one store. */
interface StoreEnv {
  env: Record<string, string>;
  /** Settings that point the server at this store out of reach, where the store can be. */
  unreachable?: Record<string, string>;
  stop(): Promise<void>;
}

function describeClaimFiles(name: string, storeEnv: () => Promise<StoreEnv>): void {
  describe(`claim files in ${name}`, () => {
    let store: StoreEnv;
    let sink: MailSink;
    let server: TestServer;
    let storage: FileStorage;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const sql = (text: string, params: unknown[] = []): Promise<any[]> =>
      server.orm.em.getConnection().execute(text, params);
    const stored = async (): Promise<Set<string>> => {
      const keys = new Set<string>();
      for await (const file of storage.list()) keys.add(file.key);
      return keys;
    };

    beforeAll(async () => {
      store = await storeEnv();
      sink = await startMailSink();
      server = await startTestServer({ SMTP_URL: sink.url, ...store.env });
      storage = createStorage(server.config);
    });
    afterAll(async () => {
      await server?.close();
      await sink?.stop();
      await store?.stop();
    });

    it('when a claimant uploads and submits, then the operator downloads the re-encoded bytes from the store, and the original is gone', async () => {
      const claim = await submittedClaim(server.url, sink);
      const [before] = await sql('select storage_key from uploaded_file where id = ?', [
        claim.front,
      ]);
      const res = await operatorDownload(server.url, claim.front);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const [row] = await sql('select storage_key, sha256, size from uploaded_file where id = ?', [
        claim.front,
      ]);
      const served = res.body as Buffer;
      expect(served.length).toBe(row.size);
      expect(createHash('sha256').update(served).digest('hex')).toBe(row.sha256);
      const keys = await stored();
      expect(keys.has(row.storage_key)).toBe(true);
      expect(row.storage_key).not.toBe(before.storage_key);
      expect(keys.has(before.storage_key)).toBe(false);
    });

    it('when an unfinished claim is purged, then its files are deleted from the store', async () => {
      const { token } = await startAndVerify(server.url, sink);
      await checkIdentity(server.url, token);
      const uuid = await upload(server.url, token, 'ticketFront');
      const [row] = await sql('select storage_key from uploaded_file where id = ?', [uuid]);
      expect((await stored()).has(row.storage_key)).toBe(true);
      await sql(
        `update claim set last_activity_at = now() - interval '2 hours' where id = (select claim_id from uploaded_file where id = ?)`,
        [uuid],
      );
      // The re-encoding job may replace the key meanwhile: whichever key the row had is gone after.
      await expireAndPurgeClaims(server.orm.em.fork(), storage, 20, silent);
      expect(await sql('select 1 from uploaded_file where id = ?', [uuid])).toHaveLength(0);
      expect((await stored()).has(row.storage_key)).toBe(false);
    });

    it.skipIf(name === 'the local disk')(
      'when the store is unreachable, then an upload is refused with a 503 in the general shape and no row is written',
      async () => {
        const { token } = await startAndVerify(server.url, sink);
        const broken = await startTestServer({
          SMTP_URL: sink.url,
          ...store.env,
          ...store.unreachable,
        });
        try {
          const res = await request(broken.url)
            .post(`/api/v1/claim/${token}/file`)
            .field('type', 'ticketFront')
            .field('fileName', 'x.png')
            .attach('file', PNG, 'x.png');
          expect(res.status).toBe(503);
          expect(res.body).toEqual({
            statusCode: 503,
            message: expect.any(String),
            error: 'Service Unavailable',
          });
          expect(
            await sql(
              `select 1 from uploaded_file f join claim c on c.id = f.claim_id where c.token_hash = sha256(?::bytea)`,
              [token],
            ),
          ).toHaveLength(0);
        } finally {
          await broken.close();
        }
      },
    );
  });
}

describeClaimFiles('the local disk', async () => ({ env: {}, stop: async () => undefined }));

describeClaimFiles('S3 (s3rver)', async () => {
  const s3: TestS3 = await startTestS3();
  // The in-process server finds its credentials the SDK's usual way: the environment.
  process.env.AWS_ACCESS_KEY_ID = s3.env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = s3.env.AWS_SECRET_ACCESS_KEY;
  // A port nothing listens on: the closed s3rver's own, after a moment, would race; port 9 (discard) is closed here.
  return { env: s3.env, unreachable: { S3_ENDPOINT: 'http://127.0.0.1:9' }, stop: () => s3.stop() };
});
