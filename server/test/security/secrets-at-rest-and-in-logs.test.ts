import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import {
  checkIdentity,
  personalDetails,
  pinkClaim,
  startAndVerify,
  upload,
} from '../support/journey.ts';
import { asOperator, requestInformation } from '../support/operator.ts';

const ctx = useClaimServer({ LOG_LEVEL: 'debug' });

/** Every row of every table the product and its job queue own, as text. */
async function databaseDump(): Promise<string> {
  const connection = ctx.server.orm.em.getConnection();
  const tables = await connection.execute<Array<{ schema: string; name: string }>>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where (table_schema = 'public' or table_schema like 'pgboss%') and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await connection.execute<Array<{ row: string }>>(
      `select t::text as row from "${table.schema}"."${table.name}" t`,
    );
    for (const row of rows) parts.push(row.row);
  }
  return parts.join('\n');
}

describe('secrets at rest and in logs', () => {
  it('when a whole journey has run, then the database holds no live token and the debug logs hold no personal data', async () => {
    const details = personalDetails({
      firstName: 'Zebedee',
      lastName: 'Quinterro',
      dateOfBirth: '1971-03-09',
      phoneNumber: '07700900777',
      addressLine1: '77 Quayside Row',
      town: 'Bexhill',
      postCode: 'TN39 3AA',
      addressId: undefined,
    });
    const { token, email } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token, details);
    const front = await upload(ctx.server.url, token, 'ticketFront');
    const back = await upload(ctx.server.url, token, 'ticketBack');
    // A typed-in address has no delivery point: ID documents are required.
    expect(check.idDocsRequired).toBe(true);
    const idDocuments = {
      idDocument1FileUuid: await upload(ctx.server.url, token, 'idDocument1'),
      idDocument2FileUuid: await upload(ctx.server.url, token, 'idDocument2'),
    };
    const submitted = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, front, back, idDocuments));
    expect(submitted.status).toBe(201);
    const { token: infoToken } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      submitted.body.claimHashid,
      email,
      ['PERSONAL_DETAILS'],
    );
    expect(
      (await request(ctx.server.url).get(`/api/v1/claim/info-request/${infoToken}`)).status,
    ).toBe(200);
    // Page routes carry tokens too (whether or not the client is built, they are logged).
    await request(ctx.server.url).get(`/claim/info-request/${infoToken}`);
    await request(ctx.server.url).get(`/claim/${token}`);
    await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${submitted.body.claimHashid}`),
    );
    // Let the confirmation and info-request e-mails go out (their bodies are wiped once sent).
    await ctx.sink.waitFor(email, /has been submitted/);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const dump = await databaseDump();
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(infoToken);

    const logs = ctx.server.logs.join('');
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [
      email,
      'Zebedee',
      'Quinterro',
      '1971-03-09',
      '07700900777',
      '77 Quayside Row',
      'TN39 3AA',
      token,
      infoToken,
      'test-operator-token',
    ]) {
      expect(logs, `logs contain ${secret}`).not.toContain(secret);
    }
  });
});

describe('headers on every answer', () => {
  it.each([
    ['the start page', '/'],
    ['a claim page', '/claim/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
    ['an unknown page', '/nowhere'],
    ['an API answer', '/api/v1/health'],
    ['an API error', '/api/v1/claim/short/verify'],
  ])(
    '%s sends CSP without inline script, no framing, nosniff, no referrer, no-store and HSTS',
    async (_label, path) => {
      const res = await request(ctx.server.url).get(path);
      const csp = res.headers['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    },
  );
});
