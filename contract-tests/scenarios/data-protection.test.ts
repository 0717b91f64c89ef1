import {
  api,
  expectGeneralError,
  expectSuccess,
  expectValidationError,
  isMock,
} from '../support/api.ts';
import { SUBMITTED_CLAIM, submittedClaim } from '../support/journeys.ts';
import { expect, once, operation, scenario } from '../support/scenario.ts';
import { as, firstAdmin, STAFF, staffMember } from '../support/staff.ts';

// Issue 36: a claimant's rights, handled by data protection staff and admins.
const BASE = '/api/v1/staff/data-protection';
const admin = once(firstAdmin);
const customerCare = once(async () => staffMember(await admin(), 'customer_care', 'Ola Nowak'));
const claim = once(() => submittedClaim('SC', 'rights'));

operation('searchDataSubjectClaims', () => {
  scenario('200: every claim held for the address', [...STAFF, ...SUBMITTED_CLAIM], async () => {
    const email = isMock ? 'claimant@example.co.uk' : (await claim()).email;
    const found = await api('POST', `${BASE}/searches`, as(await admin(), { json: { email } }));
    expectSuccess(found, 200);
    expect(Array.isArray(found.body.items)).toBe(true);
    if (!isMock)
      expect(found.body.items).toContainEqual(
        expect.objectContaining({ reference: (await claim()).claimHashid, erasable: false }),
      );
  });

  scenario('400: not an e-mail address, in the validation shape naming email', STAFF, async () => {
    const bad = await api(
      'POST',
      `${BASE}/searches`,
      as(await admin(), { json: { email: 'not-an-address' }, prefer: 'code=400' }),
    );
    expectValidationError(bad, isMock ? {} : { email: null });
  });

  scenario('403: another role', STAFF, async () => {
    const refused = await api(
      'POST',
      `${BASE}/searches`,
      as(await customerCare(), { json: { email: 'claimant@example.co.uk' }, prefer: 'code=403' }),
    );
    expectGeneralError(refused, 403);
  });
});

operation('exportDataSubjectClaims', () => {
  scenario('200: one zip archive', [...STAFF, ...SUBMITTED_CLAIM], async () => {
    const email = isMock ? 'claimant@example.co.uk' : (await claim()).email;
    const archive = await api(
      'POST',
      `${BASE}/exports`,
      as(await admin(), {
        json: { email },
        headers: { accept: 'application/zip, application/json' },
      }),
    );
    expect(archive.status).toBe(200);
    expect(archive.contentType).toMatch(/^application\/zip/);
    if (!isMock) expect(archive.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  scenario('404: no claim holds the address', STAFF, async () => {
    const none = await api(
      'POST',
      `${BASE}/exports`,
      as(await admin(), { json: { email: 'nobody.at.all@example.co.uk' }, prefer: 'code=404' }),
    );
    expectGeneralError(none, 404);
  });
});

operation('eraseClaimPersonalData', () => {
  scenario('409: a claim still in the process', [...STAFF, ...SUBMITTED_CLAIM], async () => {
    const hashid = isMock ? 'K7Q2M9XA' : (await claim()).claimHashid;
    const refused = await api(
      'POST',
      `${BASE}/claims/${hashid}/erasure`,
      as(await admin(), { json: { reason: 'Claimant asked by letter' }, prefer: 'code=409' }),
    );
    expectGeneralError(refused, 409);
  });

  scenario('400: no reason', STAFF, async () => {
    const bad = await api(
      'POST',
      `${BASE}/claims/K7Q2M9XA/erasure`,
      as(await admin(), { json: {}, prefer: 'code=400' }),
    );
    expectValidationError(bad, isMock ? {} : { reason: null });
  });

  scenario('200: a paid claim erased (mock: the contract example)', STAFF, async () => {
    if (!isMock) return; // The real server's erasure of a paid claim: server/test/ops/data-protection.test.ts.
    const erased = await api(
      'POST',
      `${BASE}/claims/K7Q2M9XA/erasure`,
      as(await admin(), { json: { reason: 'Claimant asked by letter' } }),
    );
    expectSuccess(erased, 200);
    expect(erased.body).toEqual({
      reference: expect.any(String),
      personalDataRemovedAt: expect.any(String),
    });
  });
});
