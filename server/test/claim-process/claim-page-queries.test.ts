import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { asOperator, submittedClaim } from '../support/operator.ts';
import { bytesOnceReencoded } from '../support/reencoded.ts';
import { staffMember } from './staff-member.ts';

const ctx = useClaimServer();

/** A statement as a failure message shows it: its start. */
const shown = (sql: string[]) => sql.map((statement) => statement.slice(0, 120)).join('\n');

/**
 * The statements the server's entity manager sends while `call` runs (BEGIN and COMMIT
 * included), counted at MikroORM's query log, which every statement passes whatever the log level.
 */
async function statementsDuring<T>(call: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const logger = ctx.server.orm.config.getLogger();
  const original = logger.logQuery.bind(logger);
  const sql: string[] = [];
  logger.logQuery = (context) => {
    sql.push(String(context.query).replace(/\s+/g, ' '));
    original(context);
  };
  try {
    return { result: await call(), sql };
  } finally {
    logger.logQuery = original;
  }
}

/** A submitted claim whose two ticket images are re-encoded (so no background job writes while counting). */
async function quietClaim() {
  const claim = await submittedClaim(ctx.server.url, ctx.sink);
  for (const uuid of [claim.front, claim.back])
    expect(
      (
        await bytesOnceReencoded(() =>
          asOperator(request(ctx.server.url).get(`/api/v1/operator/files/${uuid}`)),
        )
      ).status,
    ).toBe(200);
  return claim;
}

describe('statements per staff claim call', () => {
  it('when a member of staff opens a claim page, then the claim and all it shows are read in one statement', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await quietClaim();
    const { result, sql } = await statementsDuring(() =>
      advisor.get(`/api/v1/staff/claims/${claim.hashid}`),
    );
    expect(result.status).toBe(200);
    // Before issue 33 the page took 19: the claim read 3 times, 12 reads and a transaction for
    // the audit row. Now the session's 4 (read, and its idle clock moved in a transaction), the
    // claim view's one and the audit row's one.
    const reads = sql.filter((statement) => / from "?claim"? /.test(statement));
    expect(reads, shown(sql)).toHaveLength(1);
    expect(sql.length, shown(sql)).toBeLessThanOrEqual(6);
  });

  it('when an advisor moves a claim one step, then the claim is read once to change it and once to answer', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await quietClaim();
    const { result, sql } = await statementsDuring(() =>
      advisor.post(`/api/v1/staff/claims/${claim.hashid}/step`, {
        from: 'submitted',
        to: 'reviewed',
      }),
    );
    expect(result.status).toBe(200);
    // Before issue 33: 22 (the page's 11 reads after the change). Now the session's 4, the
    // change's transaction (the claim and its process locked, the open info requests counted,
    // the audit and the step written) and the page's one statement.
    const reads = sql.filter((statement) => / from "?claim"? /.test(statement));
    expect(reads, shown(sql)).toHaveLength(2);
    expect(sql.length, shown(sql)).toBeLessThanOrEqual(12);
  });
});
