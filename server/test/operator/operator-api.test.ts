import { createHash } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import {
  asOperator,
  operatorDownload,
  requestInformation,
  submittedClaim,
} from '../support/operator.ts';

const ctx = useClaimServer();

describe('operator authentication', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer wrong-token'],
    ['another scheme', 'Basic dGVzdDp0ZXN0'],
    ['an empty bearer', 'Bearer '],
  ])(
    'when %s is sent, then 401 in the general shape on every operator path',
    async (_label, header) => {
      for (const path of [
        '/api/v1/operator/claims',
        '/api/v1/operator/claims/K7Q2M9XA',
        '/api/v1/operator/files/3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42',
      ]) {
        const call = request(ctx.server.url).get(path);
        const res = await (header ? call.set('Authorization', header) : call);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          statusCode: 401,
          message: 'A valid operator token is required.',
          error: 'Unauthorized',
        });
        expect(res.headers['www-authenticate']).toContain('Bearer');
      }
    },
  );

  it('when the path is disguised, then it is still refused or unknown', async () => {
    for (const path of [
      '/API/v1/operator/claims',
      '/api/v1/operator//claims',
      '/api/v1/claim/../operator/claims',
      '/api/v1/%6Fperator/claims',
    ]) {
      const res = await request(ctx.server.url).get(path);
      expect([401, 404]).toContain(res.status);
      expect(res.body.statusCode).toBe(res.status);
    }
  });
});

describe('operator views', () => {
  it('when a claim is submitted, then it is listed newest first and its details, files and audit are shown', async () => {
    const older = await submittedClaim(ctx.server.url, ctx.sink);
    const newer = await submittedClaim(ctx.server.url, ctx.sink);
    const list = await asOperator(
      request(ctx.server.url).get('/api/v1/operator/claims?pageSize=100'),
    );
    expect(list.status).toBe(200);
    const order = list.body.items.map((item: { claimHashid: string }) => item.claimHashid);
    // Other test files submit claims meanwhile: the older one may have been pushed off this page.
    expect(order.indexOf(newer.hashid)).toBeGreaterThanOrEqual(0);
    if (order.includes(older.hashid))
      expect(order.indexOf(newer.hashid)).toBeLessThan(order.indexOf(older.hashid));
    expect(list.body).toMatchObject({ page: 1, pageSize: 100 });

    const view = await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${newer.hashid}`),
    );
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      claimHashid: newer.hashid,
      email: newer.email,
      status: 'submitted',
      personalDetails: { firstName: 'Siân', postCode: 'SW1A 2AA' },
      identityCheckUuid: newer.check.uuid,
      ticketDetails: {
        productType: 'DBG',
        dbgTicketType: 'PINK',
        ticketFrontFileUuid: newer.front,
        ticketBackFileUuid: newer.back,
      },
      claimDetails: { isTicketInPossession: true, isChequePreferred: false },
    });
    expect(view.body.files).toHaveLength(2);
    expect(view.body.audit.map((entry: { event: string }) => entry.event)).toContain(
      'claim.submitted',
    );
  });

  it('when a file is fetched, then its bytes come back identical to the stored ones the claim lists', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const res = await operatorDownload(ctx.server.url, claim.front);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const view = await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${claim.hashid}`),
    );
    const listed = view.body.files.find((file: { uuid: string }) => file.uuid === claim.front);
    const served = res.body as Buffer;
    expect(served.length).toBe(listed.size);
    expect(createHash('sha256').update(served).digest('hex')).toBe(listed.sha256);
    expect((await sharp(served).metadata()).width).toBe(1);
  });

  it('when the claim or file is unknown, then 404', async () => {
    expect(
      (await asOperator(request(ctx.server.url).get('/api/v1/operator/claims/ZZZZZZZZ'))).status,
    ).toBe(404);
    expect(
      (
        await asOperator(
          request(ctx.server.url).get(
            '/api/v1/operator/files/3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42',
          ),
        )
      ).status,
    ).toBe(404);
  });

  it('when the list is filtered by status, then only claims in that status come back', async () => {
    const asked = await submittedClaim(ctx.server.url, ctx.sink);
    await requestInformation(ctx.server.url, ctx.sink, asked.hashid, asked.email, ['SC_IMAGES']);
    const res = await asOperator(
      request(ctx.server.url).get('/api/v1/operator/claims?status=info_requested&pageSize=100'),
    );
    expect(res.body.items.map((item: { claimHashid: string }) => item.claimHashid)).toContain(
      asked.hashid,
    );
    expect(
      res.body.items.every((item: { status: string }) => item.status === 'info_requested'),
    ).toBe(true);
  });
});

describe('creating an info request', () => {
  it.each([
    [['PERSONAL_DETAILS']],
    [['ID_DOCUMENTS']],
    [['DBG_PINK_IMAGES']],
    [['DBG_WHITE_IMAGES']],
    [['SC_IMAGES']],
    [['PERSONAL_DETAILS', 'ID_DOCUMENTS']],
    [['PERSONAL_DETAILS', 'SC_IMAGES']],
    [['PERSONAL_DETAILS', 'ID_DOCUMENTS', 'DBG_WHITE_IMAGES']],
  ])('when %j is asked for, then 201 and the claimant is e-mailed the link', async (sections) => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token, created } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      sections,
    );
    expect(created).toMatchObject({
      sectionTypeList: sections,
      uuid: expect.any(String),
      expiresAt: expect.any(String),
    });
    const load = await request(ctx.server.url).get(`/api/v1/claim/info-request/${token}`);
    expect(load.status).toBe(200);
    expect(load.body).toEqual({
      sectionTypeList: sections,
      inactivityMinutes: 20,
      customerCarePhone: '0333 234 5050',
    });
  });

  it.each([
    [[], 'sectionTypeList'],
    [['SELFIE'], 'sectionTypeList'],
    [['SC_IMAGES', 'SC_IMAGES'], 'sectionTypeList'],
    [['DBG_PINK_IMAGES', 'SC_IMAGES'], 'sectionTypeList'],
  ])('when %j is asked for, then 400 names sectionTypeList', async (sections, property) => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const res = await asOperator(
      request(ctx.server.url).post(`/api/v1/operator/claims/${claim.hashid}/info-requests`),
    ).send({ sectionTypeList: sections });
    expect(res.status).toBe(400);
    expect(res.body.message[0].property).toBe(property);
  });
});
