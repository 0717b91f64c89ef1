import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { STATUS_LINK_CLOSED } from '../../src/modules/claim-process/claim-progress.service.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { startAndVerify } from '../support/journey.ts';
import { submittedClaim } from '../support/operator.ts';
import { staffMember } from './staff-member.ts';

const ctx = useClaimServer({ STATUS_LINK_DAYS_AFTER_CLOSE: '30' });

const STATUS_LINK = /\/claim\/status\/([A-Za-z0-9_-]{43})\b/;

const progress = (token: string) => request(ctx.server.url).get(`/api/v1/claim/${token}/progress`);

/** The status link token in the newest e-mail to `email` whose subject matches. */
async function statusToken(email: string, subject: RegExp): Promise<string> {
  const mail = await ctx.sink.waitFor(email, subject);
  const found = STATUS_LINK.exec(mail.text);
  if (!found) throw new Error(`no status link in '${mail.subject}':\n${mail.text}`);
  expect(mail.html).toContain(`href="${ctx.server.config.publicUrl}/claim/status/${found[1]}"`);
  return found[1]!;
}

describe('what a claim link leads to (getClaimLinkState)', () => {
  it('when the claim is open, then the link leads to the form; once submitted, to the progress; an unknown link is 404', async () => {
    const state = (token: string) => request(ctx.server.url).get(`/api/v1/claim/${token}`);
    const open = await startAndVerify(ctx.server.url, ctx.sink);
    const before = await state(open.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ submitted: false });

    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const after = await state(claim.token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ submitted: true });

    const unknown = await state('A'.repeat(43));
    expect(unknown.status).toBe(404);
  });
});

describe("a claim's status link", () => {
  it('when a claim is submitted, then its confirmation carries a status link that shows the progress at once, and each step e-mail carries the same link', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const token = await statusToken(claim.email, /has been submitted/);
    expect(token).not.toBe(claim.token);
    const shown = await progress(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ reference: claim.hashid, step: 'submitted' });

    const step = (from: string, to: string) =>
      advisor.post(`/api/v1/staff/claims/${claim.hashid}/step`, { from, to });
    expect((await step('submitted', 'reviewed')).status).toBe(200);
    expect((await step('reviewed', 'ticket_requested')).status).toBe(200);
    expect(await statusToken(claim.email, /^Please post your ticket/)).toBe(token);
    expect((await step('ticket_requested', 'ticket_received')).status).toBe(200);
    expect(await statusToken(claim.email, /^We have received your ticket/)).toBe(token);
    expect((await progress(token)).body).toMatchObject({
      step: 'ticket_received',
      completedSteps: 3,
    });
  });

  it('when an information request waits for the claimant, then the progress says so until it is answered', async () => {
    const care = await staffMember(ctx.server, 'customer_care');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    expect((await progress(claim.token)).body.infoRequestOpen).toBe(false);
    const created = await care.post(`/api/v1/staff/claims/${claim.hashid}/info-requests`, {
      sectionTypeList: ['PERSONAL_DETAILS'],
    });
    expect(created.status).toBe(201);
    expect((await progress(claim.token)).body.infoRequestOpen).toBe(true);
  });

  it('when a closed claim is past STATUS_LINK_DAYS_AFTER_CLOSE, then its links answer 410 with a clear message; before, they show it with the date they stop', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const token = await statusToken(claim.email, /has been submitted/);
    const rejected = await advisor.post(`/api/v1/staff/claims/${claim.hashid}/step`, {
      from: 'submitted',
      to: 'rejected',
      reason: 'Not a winning ticket.',
    });
    expect(rejected.status).toBe(200);
    const shown = await progress(token);
    expect(shown.status).toBe(200);
    const rejectedAt = shown.body.stepDates.at(-1);
    expect(rejectedAt.step).toBe('rejected');
    const lasts = Date.parse(shown.body.availableUntil) - Date.parse(rejectedAt.at);
    expect(Math.abs(lasts - 30 * 86_400_000)).toBeLessThan(60_000);

    // 31 days later.
    const connection = ctx.server.orm.em.fork().getConnection();
    await connection.execute(
      `update claim_process set updated_at = updated_at - interval '31 days'
        where claim_id = (select id from claim where hashid = ?)`,
      [claim.hashid],
    );
    for (const link of [token, claim.token]) {
      const gone = await progress(link);
      expect(gone.status).toBe(410);
      expect(gone.body.message).toBe(STATUS_LINK_CLOSED);
    }
  });
});
