import { describe, expect, it } from 'vitest';
import { claimProcessRepository } from '../../src/modules/claim-process/claim-process.repository.ts';
import { submittedClaimRepository } from '../../src/modules/claim-view/submitted-claim.repository.ts';
import { dataSubjectRepository } from '../../src/modules/data-protection/data-subject.repository.ts';
import { operatorRepository } from '../../src/modules/operator/operator.repository.ts';
import { staffMember } from '../claim-process/staff-member.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { requestInformation, submittedClaim } from '../support/operator.ts';

const ctx = useClaimServer();

/** Every key of a value, however deep (a Date or Buffer is a value, not an object of keys). */
function keysOf(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (value instanceof Date || Buffer.isBuffer(value)) return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => keysOf(item, `${path}[${index}]`));
  return Object.entries(value).flatMap(([key, item]) => [
    `${path}.${key}`,
    ...keysOf(item, `${path}.${key}`),
  ]);
}

const snakeKeys = (value: unknown) =>
  keysOf(value).filter((path) => path.split('.').at(-1)!.includes('_'));

describe('no snake_case row leaves a repository', () => {
  it('when a submitted claim with a step, a note and an info request is read by every read model, then no key of any result holds an underscore', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    expect(
      (
        await advisor.post(`/api/v1/staff/claims/${claim.hashid}/step`, {
          from: 'submitted',
          to: 'reviewed',
        })
      ).status,
    ).toBe(200);
    expect(
      (await advisor.post(`/api/v1/staff/claims/${claim.hashid}/notes`, { text: 'A note' })).status,
    ).toBe(201);
    await requestInformation(ctx.server.url, ctx.sink, claim.hashid, claim.email, [
      'PERSONAL_DETAILS',
    ]);

    const em = ctx.server.orm.em.fork();
    const view = submittedClaimRepository(em);
    const staffView = await view.forStaff(claim.hashid);
    expect(staffView?.process?.step).toBe('reviewed');
    expect(staffView?.notes).toHaveLength(1);
    expect(staffView?.infoRequests).toHaveLength(1);
    const process = claimProcessRepository(em);
    const subject = dataSubjectRepository(em);
    const results: Record<string, unknown> = {
      forStaff: staffView,
      forOperator: await view.forOperator(claim.hashid),
      identify: await view.identify(claim.hashid),
      operatorPage: await operatorRepository(em).page(undefined, 1, 5),
      operatorFile: await operatorRepository(em).file(claim.front),
      queue: await process.queue(
        { q: claim.hashid },
        { sort: 'waiting', order: 'asc', pageSize: 5, page: 1 },
      ),
      submittedClaim: await process.submittedClaim(claim.hashid),
      lastStepChange: await process.lastStepChange(staffView!.id),
      claimsFor: await subject.claimsFor(claim.email),
      record: await subject.record(staffView!.id),
    };
    for (const [name, result] of Object.entries(results))
      expect(result, `${name} answered nothing`).toBeTruthy();
    expect(snakeKeys(results)).toEqual([]);
  });
});
