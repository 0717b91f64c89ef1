import {
  api,
  type ApiResponse,
  CLAIM_HASHID,
  expectGeneralError,
  expectSuccess,
  expectValidationError,
  isMock,
  isReal,
  TOKEN,
  UUID,
} from '../support/api.ts';
import {
  OPEN_INFO_REQUEST,
  sha256,
  SUBMITTED_CLAIM,
  submittedClaim,
  UK_DETAILS,
} from '../support/journeys.ts';
import { infoRequestLink, waitForLink } from '../support/mail.ts';
import { expect, mockOnly, once, operation, scenario } from '../support/scenario.ts';

const WRONG_TOKEN = 'not-the-operator-token';
const unauthorized = 'code=401';

/** Repeats a call while it answers 409 (a file still being re-encoded), for up to 30 s. */
async function untilNotConflict(call: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await call();
    if (answer.status !== 409 || Date.now() > deadline) return answer;
    expectGeneralError(answer, 409);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One submitted claim the operator looks at. */
const theClaim = once(() => submittedClaim('SC', 'operator'));

operation('listOperatorClaims', () => {
  scenario('200: submitted claims, newest first, one page at a time', SUBMITTED_CLAIM, async () => {
    const claim = await theClaim();
    const listed = await api('GET', '/api/v1/operator/claims', {
      query: { pageSize: 100 },
      bearer: true,
    });
    expectSuccess(listed, 200);
    expect(listed.body).toEqual({
      items: expect.any(Array),
      page: expect.any(Number),
      pageSize: expect.any(Number),
      total: expect.any(Number),
    });
    for (const item of listed.body.items) {
      expect(item).toEqual(
        expect.objectContaining({
          claimHashid: expect.stringMatching(CLAIM_HASHID),
          status: expect.any(String),
          submittedAt: expect.any(String),
        }),
      );
    }
    if (isMock) return;
    expect(listed.body).toEqual(expect.objectContaining({ page: 1, pageSize: 100 }));
    const times = listed.body.items.map((item: { submittedAt: string }) =>
      Date.parse(item.submittedAt),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        claimHashid: claim.claimHashid,
        status: 'submitted',
        productType: 'SC',
        prizeAmountPence: claim.submission.prizeAmountPence,
      }),
    );
    expect(listed.body.total).toBeGreaterThanOrEqual(listed.body.items.length);
  });

  scenario('200: a status filter and a page size narrow the list', SUBMITTED_CLAIM, async () => {
    await theClaim();
    const filtered = await api('GET', '/api/v1/operator/claims', {
      query: { status: 'submitted', page: 1, pageSize: 1 },
      bearer: true,
    });
    expectSuccess(filtered, 200);
    if (isMock) return;
    expect(filtered.body.items).toHaveLength(1);
    expect(filtered.body.items[0].status).toBe('submitted');
  });

  scenario('400: a page size over 100, in the validation shape naming pageSize', [], async () => {
    const refused = await api('GET', '/api/v1/operator/claims', {
      query: { pageSize: 500 },
      bearer: true,
      prefer: 'code=400, example=queryInvalid',
    });
    expectValidationError(refused, { pageSize: null });
  });

  scenario('401: a wrong operator token, in the general shape', [], async () => {
    const refused = await api('GET', '/api/v1/operator/claims', {
      bearer: WRONG_TOKEN,
      prefer: unauthorized,
    });
    expectGeneralError(refused, 401);
  });
});

operation('getOperatorClaim', () => {
  scenario(
    '200: everything known about the claim: details, files, identity checks, audit trail',
    SUBMITTED_CLAIM,
    async () => {
      const claim = await theClaim();
      const got = await api('GET', `/api/v1/operator/claims/${claim.claimHashid}`, {
        bearer: true,
      });
      expectSuccess(got, 200);
      const body = got.body;
      for (const list of ['files', 'identityChecks', 'infoRequests', 'audit'])
        expect(body[list], list).toEqual(expect.any(Array));
      expect(body.claimHashid).toMatch(CLAIM_HASHID);
      if (isMock) return;
      expect(body).toEqual(
        expect.objectContaining({
          claimHashid: claim.claimHashid,
          email: claim.email,
          status: 'submitted',
          identityCheckUuid: claim.identityCheckUuid,
          idDocsRequired: claim.idDocsRequired,
          claimDetails: {
            isTicketInPossession: true,
            isTicketDamaged: false,
            isLotteryRetailer: false,
            isChequePreferred: false,
          },
        }),
      );
      expect(body.personalDetails).toEqual(
        expect.objectContaining({
          firstName: UK_DETAILS.firstName,
          lastName: UK_DETAILS.lastName,
          postCode: UK_DETAILS.postCode,
        }),
      );
      expect(body.ticketDetails).toEqual(
        expect.objectContaining({
          productType: 'SC',
          scBarcodeNumber: claim.submission.scBarcodeNumber,
          prizeAmountPence: claim.submission.prizeAmountPence,
          ticketFrontFileUuid: claim.submission.ticketFrontFileUuid,
          ticketBackFileUuid: claim.submission.ticketBackFileUuid,
        }),
      );
      // size and sha256 describe the bytes the operator gets, which a background job re-encodes
      // (EXIF stripped): they match the upload only until then, so only their shape is checked here.
      for (const file of claim.files) {
        expect(body.files).toContainEqual(
          expect.objectContaining({
            uuid: file.uuid,
            type: file.type,
            size: expect.any(Number),
            sha256: expect.stringMatching(/^[a-f0-9]{64}$/),
            contentType: 'image/png',
          }),
        );
      }
      expect(body.identityChecks).toContainEqual(
        expect.objectContaining({
          uuid: claim.identityCheckUuid,
          idDocsRequired: claim.idDocsRequired,
        }),
      );
      expect(body.audit.map((entry: { event: string }) => entry.event)).toContain(
        'claim.submitted',
      );
      // The audit trail holds no personal data.
      expect(JSON.stringify(body.audit)).not.toContain(claim.email);
    },
  );

  scenario('404: an unknown claim reference, in the general shape', [], async () => {
    const unknown = await api('GET', '/api/v1/operator/claims/ZZZZZZ99', {
      bearer: true,
      prefer: 'code=404, example=operatorClaimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    '400: a malformed reference, in the validation shape naming claimHashid',
    [],
    async () => {
      const malformed = await api('GET', '/api/v1/operator/claims/ab', {
        bearer: true,
        prefer: 'code=400',
      });
      expectValidationError(malformed, isReal ? { claimHashid: null } : {});
    },
  );

  scenario('401: a wrong operator token, in the general shape', [], async () => {
    const refused = await api('GET', '/api/v1/operator/claims/K7Q2M9XA', {
      bearer: WRONG_TOKEN,
      prefer: unauthorized,
    });
    expectGeneralError(refused, 401);
  });
});

operation('createInfoRequest', () => {
  scenario(
    '201: the request is created, the claim is info_requested, and the claimant gets the link',
    [...OPEN_INFO_REQUEST, 'getOperatorClaim'],
    async () => {
      const claim = await submittedClaim('SC', 'asked');
      const created = await api(
        'POST',
        `/api/v1/operator/claims/${claim.claimHashid}/info-requests`,
        { json: { sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'] }, bearer: true },
      );
      expectSuccess(created, 201);
      expect(created.body).toEqual({
        uuid: expect.stringMatching(UUID),
        sectionTypeList: expect.any(Array),
        expiresAt: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(created.body.expiresAt))).toBe(false);
      if (isMock) return;
      expect(created.body.sectionTypeList).toEqual(['PERSONAL_DETAILS', 'SC_IMAGES']);
      expect(Date.parse(created.body.expiresAt)).toBeGreaterThan(Date.now());
      // The token is never returned: it reaches the claimant by e-mail only.
      expect(JSON.stringify(created.body)).not.toMatch(/token/i);
      const { token } = await waitForLink(claim.email, infoRequestLink);
      expect(token).toMatch(TOKEN);
      const got = await api('GET', `/api/v1/operator/claims/${claim.claimHashid}`, {
        bearer: true,
      });
      expectSuccess(got, 200);
      expect(got.body.status).toBe('info_requested');
      expect(got.body.infoRequests).toContainEqual(
        expect.objectContaining({
          uuid: created.body.uuid,
          sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
          expiresAt: created.body.expiresAt,
        }),
      );
      expect(got.body.audit.map((entry: { event: string }) => entry.event)).toContain(
        'info_request.created',
      );
    },
  );

  scenario(
    '400: an empty list, an unknown section or two kinds of images, in the validation shape naming sectionTypeList',
    SUBMITTED_CLAIM,
    async () => {
      const claim = await theClaim();
      const path = `/api/v1/operator/claims/${claim.claimHashid}/info-requests`;
      for (const sectionTypeList of [[], ['DBG_GREEN_IMAGES'], ['DBG_PINK_IMAGES', 'SC_IMAGES']]) {
        const refused = await api('POST', path, {
          json: { sectionTypeList },
          bearer: true,
          prefer: 'code=400, example=infoRequestSubmissionInvalid',
        });
        expectValidationError(refused, { sectionTypeList: null });
      }
    },
  );

  scenario('404: an unknown claim reference, in the general shape', [], async () => {
    const unknown = await api('POST', '/api/v1/operator/claims/ZZZZZZ99/info-requests', {
      json: { sectionTypeList: ['SC_IMAGES'] },
      bearer: true,
      prefer: 'code=404, example=operatorClaimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario('401: a wrong operator token, in the general shape', [], async () => {
    const refused = await api('POST', '/api/v1/operator/claims/K7Q2M9XA/info-requests', {
      json: { sectionTypeList: ['SC_IMAGES'] },
      bearer: WRONG_TOKEN,
      prefer: unauthorized,
    });
    expectGeneralError(refused, 401);
  });

  scenario('415: a body that is not JSON, in the general shape', [], async () => {
    const refused = await api('POST', '/api/v1/operator/claims/K7Q2M9XA/info-requests', {
      body: 'SC_IMAGES',
      contentType: 'text/plain',
      bearer: true,
      prefer: 'code=415',
    });
    expectGeneralError(refused, 415);
  });
});

operation('getOperatorFile', () => {
  scenario(
    '200: the stored image with its detected type, never cached, matching its metadata',
    [...SUBMITTED_CLAIM, 'getOperatorClaim'],
    async () => {
      const claim = await theClaim();
      const file = claim.files[0]!;
      const path = `/api/v1/operator/files/${file.uuid}`;
      const accept = { accept: 'image/png, image/jpeg, image/heic' };
      // Through the proxy: status and headers are checked against the contract. A file is served
      // once the background job has re-encoded it; until then the answer is 409.
      const proxied = await untilNotConflict(() =>
        api('GET', path, { bearer: true, headers: accept }),
      );
      expect(proxied.status).toBe(200);
      expect(proxied.contentType).toMatch(/^image\/png/);
      if (isMock) return;
      expect
        .soft(
          proxied.headers.get('cache-control'),
          'Cache-Control (the contract: always private, no-store)',
        )
        .toBe('private, no-store');
      expect.soft(proxied.headers.get('x-content-type-options')).toBe('nosniff');
      // Directly: Prism's proxy reads bodies as text, so only the server's own answer has the exact bytes.
      const direct = await api('GET', path, { bearer: true, headers: accept, direct: true });
      expect(direct.status).toBe(200);
      expect(direct.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      // StoredFile is the metadata of these bytes.
      const got = await api('GET', `/api/v1/operator/claims/${claim.claimHashid}`, {
        bearer: true,
      });
      const stored = got.body.files.find(
        (candidate: { uuid: string }) => candidate.uuid === file.uuid,
      );
      expect({ size: stored.size, sha256: stored.sha256 }).toEqual({
        size: direct.bytes.length,
        sha256: sha256(direct.bytes),
      });
    },
  );

  mockOnly(
    '409: a file still being checked, in the general shape',
    'the background re-encoding is usually done before a test could see it',
    async () => {
      const pending = await api('GET', `/api/v1/operator/files/${crypto.randomUUID()}`, {
        bearer: true,
        prefer: 'code=409',
      });
      expectGeneralError(pending, 409);
    },
  );

  scenario('404: an unknown file, in the general shape', [], async () => {
    const unknown = await api('GET', `/api/v1/operator/files/${crypto.randomUUID()}`, {
      bearer: true,
      prefer: 'code=404, example=fileNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    '400: a file id that is not a uuid, in the validation shape naming uuid',
    [],
    async () => {
      const malformed = await api('GET', '/api/v1/operator/files/not-a-uuid', {
        bearer: true,
        prefer: 'code=400',
      });
      expectValidationError(malformed, isReal ? { uuid: null } : {});
    },
  );

  scenario(
    '401: a wrong operator token, in the general shape (the file is never reachable without it)',
    [],
    async () => {
      const refused = await api('GET', `/api/v1/operator/files/${crypto.randomUUID()}`, {
        bearer: WRONG_TOKEN,
        prefer: unauthorized,
      });
      expectGeneralError(refused, 401);
    },
  );
});
