import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { expireAndPurgeClaims } from '../../src/modules/claim/retention.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { useClaimServer } from '../support/claim-server.ts';
import {
  checkIdentity,
  startAndVerify,
  TOKEN_IN_LINK,
  uniqueEmail,
  upload,
} from '../support/journey.ts';

const ctx = useClaimServer();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sql = (text: string, params: unknown[] = []): Promise<any[]> =>
  ctx.server.orm.em.getConnection().execute(text, params);
const byToken = 'token_hash = sha256(?::bytea)';

describe('claim lifetime', () => {
  it('when a verified claim has had no call for three times the inactivity timer, then its link answers 410', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await sql(
      `update claim set last_activity_at = now() - interval '61 minutes' where ${byToken}`,
      [token],
    );
    const res = await request(ctx.server.url).patch(`/api/v1/claim/${token}/verify`);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({
      statusCode: 410,
      message: 'This claim has expired. Please start a new claim.',
      error: 'Gone',
    });
  });

  it('when a claim had a call within the limit, then it stays open and the call restarts the clock', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await sql(
      `update claim set last_activity_at = now() - interval '59 minutes' where ${byToken}`,
      [token],
    );
    expect((await request(ctx.server.url).patch(`/api/v1/claim/${token}/verify`)).status).toBe(200);
    const [row] = await sql(
      `select extract(epoch from now() - last_activity_at) as idle from claim where ${byToken}`,
      [token],
    );
    expect(Number(row!.idle)).toBeLessThan(5);
  });

  it('when a verification link was never opened for 24 hours, then it answers 410', async () => {
    const email = uniqueEmail();
    await request(ctx.server.url).post('/api/v1/claim').send({ email });
    const token = TOKEN_IN_LINK.exec((await ctx.sink.waitFor(email)).text)![1]!;
    await sql(`update claim set link_expires_at = now() - interval '1 second' where ${byToken}`, [
      token,
    ]);
    expect((await request(ctx.server.url).patch(`/api/v1/claim/${token}/verify`)).status).toBe(410);
  });

  it('when the purge runs, then an expired claim loses its e-mail, personal details and files, and keeps its audit', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await checkIdentity(ctx.server.url, token);
    await upload(ctx.server.url, token, 'ticketFront');
    const [file] = await sql(
      `select f.storage_key from uploaded_file f join claim c on c.id = f.claim_id where c.${byToken}`,
      [token],
    );
    const storedPath = path.join(ctx.server.config.uploadDir, 'files', file!.storage_key);
    expect(fs.existsSync(storedPath)).toBe(true);
    await sql(`update claim set last_activity_at = now() - interval '2 hours' where ${byToken}`, [
      token,
    ]);

    await expireAndPurgeClaims(
      ctx.server.orm.em.fork(),
      localDiskStorage(ctx.server.config.uploadDir),
      20,
      pino({ level: 'silent' }),
    );

    const [claim] = await sql(`select id, status, email, purged_at from claim where ${byToken}`, [
      token,
    ]);
    expect(claim).toMatchObject({ status: 'purged', email: null });
    expect(claim!.purged_at).not.toBeNull();
    expect(await sql('select 1 from uploaded_file where claim_id = ?', [claim!.id])).toHaveLength(
      0,
    );
    expect(fs.existsSync(storedPath)).toBe(false);
    const checks = await sql('select personal_details from identity_check where claim_id = ?', [
      claim!.id,
    ]);
    expect(checks).toEqual([{ personal_details: null }]);
    const audit = await sql('select event from audit_event where claim_id = ? order by id', [
      claim!.id,
    ]);
    expect(audit.at(-1)).toEqual({ event: 'claim.purged' });
    expect((await request(ctx.server.url).patch(`/api/v1/claim/${token}/verify`)).status).toBe(410);
  });

  it('when the purge runs, then submitted and active claims are untouched', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await expireAndPurgeClaims(
      ctx.server.orm.em.fork(),
      localDiskStorage(ctx.server.config.uploadDir),
      20,
      pino({ level: 'silent' }),
    );
    const [claim] = await sql(`select status, email from claim where ${byToken}`, [token]);
    expect(claim!.status).toBe('verified');
    expect(claim!.email).not.toBeNull();
  });
});
