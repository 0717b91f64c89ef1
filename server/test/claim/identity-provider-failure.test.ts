import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { IdentityProvider } from '../../src/modules/identity/identity-provider.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { personalDetails, startAndVerify } from '../support/journey.ts';

let behaviour: 'fail' | 'hang' | 'work' = 'work';
let calls = 0;
const flaky: IdentityProvider = {
  name: 'flaky',
  async check() {
    calls++;
    if (behaviour === 'fail') throw new Error('upstream 500');
    if (behaviour === 'hang') return new Promise(() => undefined);
    return { idDocsRequired: false };
  },
};

const ctx = useClaimServer({}, { identity: flaky, identityTimeoutMs: 300 });

describe('when the identity service misbehaves', () => {
  it.each(['fail', 'hang'] as const)(
    'when it %s, then the claimant gets a 424 to show, nothing is stored, and a retry works',
    async (mode) => {
      const { token } = await startAndVerify(ctx.server.url, ctx.sink);
      behaviour = mode;
      const res = await request(ctx.server.url)
        .post(`/api/v1/claim/${token}/identity`)
        .send(personalDetails());
      expect(res.status).toBe(424);
      expect(res.body).toEqual({
        statusCode: 424,
        message: 'The identity check is unavailable. Please try again later.',
        error: 'Failed Dependency',
      });
      const stored = await ctx.server.orm.em
        .getConnection()
        .execute(
          'select count(*)::int as n from identity_check i join claim c on c.id = i.claim_id where c.token_hash = sha256(?::bytea)',
          [token],
        );
      expect(stored[0]).toEqual({ n: 0 });
      behaviour = 'work';
      expect(
        (
          await request(ctx.server.url)
            .post(`/api/v1/claim/${token}/identity`)
            .send(personalDetails())
        ).status,
      ).toBe(201);
    },
  );

  it('when the link is unknown, then 404 and the provider, which calls out, is not asked', async () => {
    const before = calls;
    const res = await request(ctx.server.url)
      .post(`/api/v1/claim/${'Q'.repeat(43)}/identity`)
      .send(personalDetails());
    expect(res.status).toBe(404);
    expect(calls).toBe(before);
  });
});
