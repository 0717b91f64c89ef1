import { RULE_CASES, VALID_PERSONAL_DETAILS } from '@prize/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { startAndVerify } from '../support/journey.ts';

// The shared rule cases (domain/src/ruleCases.ts) sent to the identity check as the page would
// send them: the server refuses exactly the fields the page refuses, with the same messages
// (client/src/form/ruleCases.test.ts runs the same table through the page's rules).
const ctx = useClaimServer();

type Item = { property: string; constraints: Record<string, string> };

describe('the shared rule cases, at the identity check', () => {
  it.each(RULE_CASES.map((ruleCase) => [ruleCase.name, ruleCase] as const))(
    '%s',
    async (_name, { input, problems }) => {
      const { token } = await startAndVerify(ctx.server.url, ctx.sink);
      const res = await request(ctx.server.url)
        .post(`/api/v1/claim/${token}/identity`)
        .send({ ...VALID_PERSONAL_DETAILS, ...input(new Date()) });
      if (Object.keys(problems).length === 0) {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return;
      }
      expect(res.status).toBe(400);
      const found = Object.fromEntries(
        (res.body.message as Item[]).map((item) => [
          item.property,
          Object.values(item.constraints)[0],
        ]),
      );
      expect(found).toEqual(problems);
    },
  );
});
