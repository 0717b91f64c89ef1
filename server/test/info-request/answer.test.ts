import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';
import { personalDetails, PNG } from '../support/journey.ts';
import { asOperator, requestInformation, submittedClaim } from '../support/operator.ts';

const ctx = useClaimServer();
const base = () => `${ctx.server.url}/api/v1/claim/info-request`;

async function uploadFor(token: string, type: string): Promise<string> {
  const res = await request(base())
    .post(`/${token}/file`)
    .field('type', type)
    .field('fileName', `${type}.png`)
    .attach('file', PNG, `${type}.png`);
  if (res.status !== 201)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.uuid;
}

const problems = (body: {
  message: Array<{ property: string; constraints: Record<string, string> }>;
}) =>
  Object.fromEntries(
    body.message.map((item) => [item.property, Object.values(item.constraints)[0]]),
  );

describe('answering an info request', () => {
  it('when personal details and Scratchcard images are asked for and given, then the answer is stored beside the original and the operator sees it', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['PERSONAL_DETAILS', 'SC_IMAGES'],
    );
    const identity = await request(base())
      .post(`/${token}/identity`)
      .send(personalDetails({ lastName: 'Jones' }));
    expect(identity.status).toBe(201);
    expect(identity.body.idDocsRequired).toBe(false);
    const front = await uploadFor(token, 'ticketFront');
    const back = await uploadFor(token, 'ticketBack');
    const answer = {
      sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
      identityCheckUuid: identity.body.uuid,
      idDocsRequired: false,
      ticketFrontFileUuid: front,
      ticketBackFileUuid: back,
    };
    const res = await request(base()).post(`/${token}`).send(answer);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ claimHashid: claim.hashid });
    const received = await ctx.sink.waitFor(claim.email, /received your information/);
    // The claimant is told, with the claim's status link, which opens its progress.
    const status = /\/claim\/status\/([A-Za-z0-9_-]{43})\b/.exec(received.text)?.[1];
    expect(status, received.text).toBeDefined();
    const progress = await request(ctx.server.url).get(`/api/v1/claim/${status}/progress`);
    expect(progress.status).toBe(200);
    expect(progress.body.reference).toBe(claim.hashid);

    const view = await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${claim.hashid}`),
    );
    expect(view.body.status).toBe('info_received');
    expect(view.body.personalDetails.lastName).toBe('Jones');
    expect(view.body.ticketDetails).toMatchObject({
      ticketFrontFileUuid: front,
      ticketBackFileUuid: back,
    });
    expect(view.body.identityChecks.map((check: { uuid: string }) => check.uuid)).toEqual([
      claim.check.uuid,
      identity.body.uuid,
    ]);
    expect(view.body.infoRequests[0].submission).toMatchObject(answer);
    // The original stays as it was submitted.
    expect(view.body.identityChecks[0].personalDetails.lastName).toBe("O'Neill-Smith");
    expect(view.body.files.map((file: { uuid: string }) => file.uuid)).toEqual(
      expect.arrayContaining([claim.front, claim.back, front, back]),
    );

    const again = await request(base()).post(`/${token}`).send(answer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This information has already been submitted.');
    expect((await request(base()).get(`/${token}`)).status).toBe(409);
  });

  it("when the identity body is the spec's overseas one (no isOverseas, no address fields), then it is checked as overseas; an address part sent keeps the address rules", async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['PERSONAL_DETAILS'],
    );
    const { isOwner, title, firstName, lastName, dateOfBirth, phoneNumber } = personalDetails();
    const spec = { isOwner, title, firstName, lastName, dateOfBirth, phoneNumber };
    const overseas = await request(base()).post(`/${token}/identity`).send(spec);
    expect(overseas.status, JSON.stringify(overseas.body)).toBe(201);
    expect(overseas.body.idDocsRequired).toBe(true);

    const partial = await request(base())
      .post(`/${token}/identity`)
      .send({ ...spec, addressLine1: '10 Downing Street' });
    expect(partial.status).toBe(400);
    expect(Object.keys(problems(partial.body)).sort()).toEqual(['postCode', 'town']);
  });

  it('when the new identity check requires ID documents, then they are required and may be listed', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['PERSONAL_DETAILS'],
    );
    const identity = await request(base())
      .post(`/${token}/identity`)
      .send(personalDetails({ isOwner: false }));
    expect(identity.body.idDocsRequired).toBe(true);
    const without = await request(base())
      .post(`/${token}`)
      .send({
        sectionTypeList: ['PERSONAL_DETAILS'],
        identityCheckUuid: identity.body.uuid,
        idDocsRequired: true,
      });
    expect(problems(without.body)).toEqual({
      idDocument1FileUuid:
        'You must upload an image of your first ID document before you can proceed.',
      idDocument2FileUuid:
        'You must upload an image of your second ID document before you can proceed.',
    });
    const id1 = await uploadFor(token, 'idDocument1');
    const id2 = await uploadFor(token, 'idDocument2');
    const res = await request(base())
      .post(`/${token}`)
      .send({
        sectionTypeList: ['PERSONAL_DETAILS', 'ID_DOCUMENTS'],
        identityCheckUuid: identity.body.uuid,
        idDocsRequired: true,
        idDocument1FileUuid: id1,
        idDocument2FileUuid: id2,
      });
    expect(res.status).toBe(201);
  });

  it('when a requested section is missing or files come from the original claim, then each is named', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['DBG_PINK_IMAGES'],
    );
    const missing = await request(base())
      .post(`/${token}`)
      .send({ sectionTypeList: ['DBG_PINK_IMAGES'] });
    expect(problems(missing.body)).toEqual({
      ticketFrontFileUuid:
        'You must upload an image of the front of your draw game ticket before you can proceed.',
      ticketBackFileUuid:
        'You must upload an image of the back of your draw game ticket before you can proceed.',
    });
    const reused = await request(base())
      .post(`/${token}`)
      .send({
        sectionTypeList: ['DBG_PINK_IMAGES'],
        ticketFrontFileUuid: claim.front,
        ticketBackFileUuid: claim.back,
      });
    expect(Object.keys(problems(reused.body))).toEqual([
      'ticketFrontFileUuid',
      'ticketBackFileUuid',
    ]);
    const wrongList = await request(base())
      .post(`/${token}`)
      .send({ sectionTypeList: ['SC_IMAGES'] });
    expect(problems(wrongList.body).sectionTypeList).toBeDefined();
  });

  it('when a request for ID documents only is answered with ticket images and an identity check too, then each extra field is refused by name and nothing is stored', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['ID_DOCUMENTS'],
    );
    const id1 = await uploadFor(token, 'idDocument1');
    const id2 = await uploadFor(token, 'idDocument2');
    const front = await uploadFor(token, 'ticketFront');
    const back = await uploadFor(token, 'ticketBack');
    const res = await request(base())
      .post(`/${token}`)
      .send({
        sectionTypeList: ['ID_DOCUMENTS'],
        idDocument1FileUuid: id1,
        idDocument2FileUuid: id2,
        ticketFrontFileUuid: front,
        ticketBackFileUuid: back,
        identityCheckUuid: claim.check.uuid,
        idDocsRequired: false,
      });
    expect(res.status).toBe(400);
    expect(res.body.message.map((item: { property: string }) => item.property).sort()).toEqual([
      'idDocsRequired',
      'identityCheckUuid',
      'ticketBackFileUuid',
      'ticketFrontFileUuid',
    ]);
    expect(res.body.message[0].constraints).toEqual({
      notRequested: expect.stringMatching(/is not part of the sections this request asks for$/),
    });
    const [row] = await ctx.server.orm.em
      .getConnection()
      .execute('select status, submission from info_request where token_hash = sha256(?::bytea)', [
        token,
      ]);
    expect(row).toEqual({ status: 'open', submission: null });

    expect(
      (
        await request(base())
          .post(`/${token}`)
          .send({
            sectionTypeList: ['ID_DOCUMENTS'],
            idDocument1FileUuid: id1,
            idDocument2FileUuid: id2,
          })
      ).status,
    ).toBe(201);
    const view = await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${claim.hashid}`),
    );
    expect(view.body).toMatchObject({
      identityCheckUuid: claim.check.uuid,
      idDocument1FileUuid: id1,
      idDocument2FileUuid: id2,
    });
    expect(view.body.ticketDetails).toMatchObject({
      ticketFrontFileUuid: claim.front,
      ticketBackFileUuid: claim.back,
    });
  });

  it('when a request does not ask for personal details, then its identity call answers 400 and stores no check', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['SC_IMAGES'],
    );
    const res = await request(base())
      .post(`/${token}/identity`)
      .send(personalDetails({ lastName: 'Jones' }));
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'This information request does not ask for personal details.',
      error: 'Bad Request',
    });
    const view = await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${claim.hashid}`),
    );
    expect(view.body.identityChecks).toHaveLength(1);
  });

  it('when a stored answer holds fields of sections not asked for, then the operator sees only the requested ones applied', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const { token } = await requestInformation(
      ctx.server.url,
      ctx.sink,
      claim.hashid,
      claim.email,
      ['ID_DOCUMENTS'],
    );
    const id1 = await uploadFor(token, 'idDocument1');
    const id2 = await uploadFor(token, 'idDocument2');
    const front = await uploadFor(token, 'ticketFront');
    expect(
      (
        await request(base())
          .post(`/${token}`)
          .send({
            sectionTypeList: ['ID_DOCUMENTS'],
            idDocument1FileUuid: id1,
            idDocument2FileUuid: id2,
          })
      ).status,
    ).toBe(201);
    // An answer kept before answers were scoped to their sections.
    await ctx.server.orm.em
      .getConnection()
      .execute(
        `update info_request set submission = submission || ?::jsonb where token_hash = sha256(?::bytea)`,
        [JSON.stringify({ ticketFrontFileUuid: front }), token],
      );
    const view = await asOperator(
      request(ctx.server.url).get(`/api/v1/operator/claims/${claim.hashid}`),
    );
    expect(view.body.ticketDetails.ticketFrontFileUuid).toBe(claim.front);
    expect(view.body.idDocument1FileUuid).toBe(id1);
  });

  it('when the link is unknown, replaced by a newer request, or expired, then 404 or 410', async () => {
    expect((await request(base()).get(`/${'z'.repeat(43)}`)).body).toEqual({
      statusCode: 404,
      message: 'This information request could not be found.',
      error: 'Not Found',
    });
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const first = await requestInformation(ctx.server.url, ctx.sink, claim.hashid, claim.email, [
      'SC_IMAGES',
    ]);
    const second = await requestInformation(ctx.server.url, ctx.sink, claim.hashid, claim.email, [
      'PERSONAL_DETAILS',
    ]);
    const superseded = await request(base()).get(`/${first.token}`);
    expect(superseded.body).toEqual({
      statusCode: 410,
      message: 'This information request has expired.',
      error: 'Gone',
    });
    await ctx.server.orm.em
      .getConnection()
      .execute(
        `update info_request set expires_at = now() - interval '1 second' where token_hash = sha256(?::bytea)`,
        [second.token],
      );
    expect((await request(base()).get(`/${second.token}`)).status).toBe(410);
    expect(
      (await request(base()).post(`/${second.token}/identity`).send(personalDetails())).status,
    ).toBe(410);
  });
});
