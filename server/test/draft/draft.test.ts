import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { deleteExpiredDrafts, expireAndPurgeClaims } from '../../src/modules/claim/retention.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { checkIdentity, pinkClaim, startAndVerify, upload } from '../support/journey.ts';
import { requestInformation, submittedClaim } from '../support/operator.ts';

// A short window, so the inactivity rule is the configured one and not the default.
const ctx = useClaimServer({
  CLAIM_INACTIVITY_TIMER_MINUTES: '7',
  INFO_REQUEST_INACTIVITY_TIMER_MINUTES: '9',
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sql = (text: string, params: unknown[] = []): Promise<any[]> =>
  ctx.server.orm.em.getConnection().execute(text, params);
const claimIdOf = async (token: string): Promise<string> =>
  (await sql('select id from claim where token_hash = sha256(?::bytea)', [token]))[0]!.id;
const draftUrl = (token: string) => `/api/v1/claim/${token}/draft`;

const personal = {
  values: {
    isOwner: true,
    title: 'Ms',
    firstName: 'Siân',
    lastName: "O'Neill",
    dateOfBirth: '1980-04-12',
    isManualAddress: false,
    addressLookup: { addressLine1: '10 Downing Street', postCode: 'SW1A 2AA' },
  },
  identityCheck: { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: false },
};
const claimDetails = {
  values: { isTicketInPossession: true, isTicketDamaged: false, isLotteryRetailer: false },
};

async function save(token: string, section: string, body: object) {
  return request(ctx.server.url)
    .put(`${draftUrl(token)}/${section}`)
    .send(body);
}

describe('form drafts', () => {
  it('when two sections are saved, then opening the claim link again returns both, in the form order, with when they clear', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    expect((await save(token, 'claimDetails', claimDetails)).status).toBe(200);
    const saved = await save(token, 'personalDetails', personal);
    expect(saved.status).toBe(200);
    const clearsIn = Date.parse(saved.body.expiresAt) - Date.now();
    expect(clearsIn).toBeGreaterThan(6 * 60_000);
    expect(clearsIn).toBeLessThanOrEqual(7 * 60_000 + 5_000);

    const res = await request(ctx.server.url).get(draftUrl(token));
    expect(res.status).toBe(200);
    expect(res.body.sections).toEqual([
      { section: 'personalDetails', ...personal },
      { section: 'claimDetails', ...claimDetails },
    ]);
  });

  it('when a section is saved again, then the new answers replace the old ones', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await save(token, 'claimDetails', claimDetails);
    await save(token, 'claimDetails', {
      values: { ...claimDetails.values, isTicketDamaged: true },
    });
    const res = await request(ctx.server.url).get(draftUrl(token));
    expect(res.body.sections).toEqual([
      { section: 'claimDetails', values: { ...claimDetails.values, isTicketDamaged: true } },
    ]);
  });

  it('when nothing is saved, then the draft is an empty list', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    expect((await request(ctx.server.url).get(draftUrl(token))).body).toEqual({ sections: [] });
  });

  it('when the inactivity minutes pass after the last save, then the draft is cleared on the server and the claim stays open', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await save(token, 'personalDetails', personal);
    const claimId = await claimIdOf(token);
    // The clock moves 7 minutes on: the draft's window is CLAIM_INACTIVITY_TIMER_MINUTES.
    await sql(
      `update form_draft_section set expires_at = expires_at - interval '7 minutes' where owner_id = ?`,
      [claimId],
    );

    const res = await request(ctx.server.url).get(draftUrl(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sections: [] });
    expect(
      await sql('select 1 from form_draft_section where owner_id = ?', [claimId]),
    ).toHaveLength(0);
  });

  it('when a draft is loaded or saved, then every saved section gets the full window again', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await save(token, 'personalDetails', personal);
    const claimId = await claimIdOf(token);
    await sql(
      `update form_draft_section set expires_at = now() + interval '1 minute' where owner_id = ?`,
      [claimId],
    );
    await save(token, 'claimDetails', claimDetails);
    const rows = await sql(
      'select extract(epoch from expires_at - now()) as left_s from form_draft_section where owner_id = ?',
      [claimId],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Number(row.left_s)).toBeGreaterThan(6 * 60);

    await sql(
      `update form_draft_section set expires_at = now() + interval '1 minute' where owner_id = ?`,
      [claimId],
    );
    await request(ctx.server.url).get(draftUrl(token));
    for (const row of await sql(
      'select extract(epoch from expires_at - now()) as left_s from form_draft_section where owner_id = ?',
      [claimId],
    )) {
      expect(Number(row.left_s)).toBeGreaterThan(6 * 60);
    }
  });

  it('when a section is saved, then it counts as activity on the claim', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await sql(
      `update claim set last_activity_at = now() - interval '10 minutes' where token_hash = sha256(?::bytea)`,
      [token],
    );
    await save(token, 'claimDetails', claimDetails);
    const [row] = await sql(
      'select extract(epoch from now() - last_activity_at) as idle from claim where token_hash = sha256(?::bytea)',
      [token],
    );
    expect(Number(row!.idle)).toBeLessThan(5);
  });

  it('when the maintenance run finds drafts past their window, then it deletes them and keeps live ones', async () => {
    const old = await startAndVerify(ctx.server.url, ctx.sink);
    const live = await startAndVerify(ctx.server.url, ctx.sink);
    await save(old.token, 'claimDetails', claimDetails);
    await save(live.token, 'claimDetails', claimDetails);
    const oldId = await claimIdOf(old.token);
    await sql(
      `update form_draft_section set expires_at = now() - interval '1 second' where owner_id = ?`,
      [oldId],
    );

    expect(await deleteExpiredDrafts(ctx.server.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(await sql('select 1 from form_draft_section where owner_id = ?', [oldId])).toHaveLength(
      0,
    );
    expect(
      await sql('select 1 from form_draft_section where owner_id = ?', [
        await claimIdOf(live.token),
      ]),
    ).toHaveLength(1);
  });

  it('when the claim is submitted, then its draft is deleted and the draft calls answer 409', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token);
    await save(token, 'personalDetails', personal);
    const front = await upload(ctx.server.url, token, 'ticketFront');
    const back = await upload(ctx.server.url, token, 'ticketBack');
    const claimId = await claimIdOf(token);
    expect(
      (
        await request(ctx.server.url)
          .post(`/api/v1/claim/${token}`)
          .send(pinkClaim(check.uuid, front, back))
      ).status,
    ).toBe(201);

    expect(
      await sql('select 1 from form_draft_section where owner_id = ?', [claimId]),
    ).toHaveLength(0);
    expect((await request(ctx.server.url).get(draftUrl(token))).status).toBe(409);
    expect((await save(token, 'claimDetails', claimDetails)).status).toBe(409);
  });

  it('when the claim expires and is purged, then its draft is deleted and the draft calls answer 410', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await save(token, 'claimDetails', claimDetails);
    const claimId = await claimIdOf(token);
    await sql(`update claim set last_activity_at = now() - interval '2 hours' where id = ?`, [
      claimId,
    ]);
    await expireAndPurgeClaims(
      ctx.server.orm.em.fork(),
      localDiskStorage(ctx.server.config.uploadDir),
      7,
      pino({ level: 'silent' }),
    );

    expect(
      await sql('select 1 from form_draft_section where owner_id = ?', [claimId]),
    ).toHaveLength(0);
    expect((await request(ctx.server.url).get(draftUrl(token))).status).toBe(410);
  });

  it('when the database is read without the claim token, or the logs, then the saved answers are not there to read', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    await save(token, 'personalDetails', personal);
    const [row] = await sql('select sealed from form_draft_section where owner_id = ?', [
      await claimIdOf(token),
    ]);
    const stored = Buffer.from(row!.sealed).toString('latin1');
    expect(stored).not.toContain('Downing');
    expect(stored).not.toContain('1980-04-12');
    expect(ctx.server.logs.join('')).not.toContain('Downing');
  });

  it("when another token or an unknown one asks, then it gets 404 and never another claim's draft", async () => {
    const owner = await startAndVerify(ctx.server.url, ctx.sink);
    const other = await startAndVerify(ctx.server.url, ctx.sink);
    await save(owner.token, 'personalDetails', personal);
    expect((await request(ctx.server.url).get(draftUrl(other.token))).body).toEqual({
      sections: [],
    });
    const unknown = 'A'.repeat(43);
    const res = await request(ctx.server.url).get(draftUrl(unknown));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: 'This claim could not be found. Please start a new claim.',
      error: 'Not Found',
    });
  });

  it('when the body breaks the contract, then it gets a 400 in the validation shape and nothing is stored', async () => {
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const cases = [
      { values: { note: 'x'.repeat(501) } },
      { values: { deep: { deeper: { deepest: 1 } } } },
      { values: {}, extra: true },
      { notValues: {} },
    ];
    for (const body of cases) {
      const res = await save(token, 'claimDetails', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(Array.isArray(res.body.message)).toBe(true);
    }
    expect((await save(token, 'payment', claimDetails)).status).toBe(400);
    expect((await request(ctx.server.url).get(draftUrl(token))).body).toEqual({ sections: [] });
  });

  it("when an info request's amend form saves a section, then its link returns it until the request is answered", async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['PERSONAL_DETAILS', 'DBG_PINK_IMAGES'],
    );
    const base = `/api/v1/claim/info-request/${token}/draft`;
    const saved = await request(ctx.server.url).put(`${base}/personalDetails`).send(personal);
    expect(saved.status).toBe(200);
    const clearsIn = Date.parse(saved.body.expiresAt) - Date.now();
    expect(clearsIn).toBeGreaterThan(8 * 60_000);
    expect((await request(ctx.server.url).get(base)).body.sections).toEqual([
      { section: 'personalDetails', ...personal },
    ]);
    // The claim's own link does not see the request's draft.
    expect((await request(ctx.server.url).get(draftUrl(claim.token))).status).toBe(409);
  });
});
