import {
  api,
  expectGeneralError,
  expectSuccess,
  expectValidationError,
  isMock,
  isReal,
  unknownToken,
} from '../support/api.ts';
import {
  LIVE_CLAIM,
  liveClaim,
  OPEN_INFO_REQUEST,
  openInfoRequest,
  SUBMITTED_CLAIM,
  submittedClaim,
} from '../support/journeys.ts';
import { expect, once, operation, scenario } from '../support/scenario.ts';

const ALREADY_SUBMITTED = 'This claim has already been submitted.';
const conflict = 'code=409, example=claimAlreadySubmitted';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const claimDetails = {
  values: { isTicketInPossession: true, isTicketDamaged: false, isLotteryRetailer: false },
};
const personalDetails = {
  values: {
    isOwner: true,
    title: 'Ms',
    firstName: 'Jane',
    lastName: 'Smith',
    isManualAddress: true,
    addressLine1: '1 High Street',
    town: 'Douglas',
    postCode: 'IM1 1AA',
  },
  identityCheck: { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: false },
};

/** One submitted claim: its token answers 409 to the draft calls. */
const aSubmittedClaim = once(() => submittedClaim('SC', 'draftsubmitted'));

operation('saveClaimDraftSection', () => {
  scenario(
    '200: a completed section is saved, with when the draft clears',
    LIVE_CLAIM,
    async () => {
      const { token } = await liveClaim('draftsave');
      const saved = await api('PUT', `/api/v1/claim/${token}/draft/claimDetails`, {
        json: claimDetails,
      });
      expectSuccess(saved, 200);
      expect(saved.body.expiresAt).toMatch(DATE_TIME);
    },
  );

  scenario(
    '400: a section the forms do not save, and answers of the wrong shape, in the validation shape',
    LIVE_CLAIM,
    async () => {
      const { token } = await liveClaim('draftbad');
      const section = await api('PUT', `/api/v1/claim/${token}/draft/payment`, {
        json: claimDetails,
        prefer: 'code=400',
      });
      expectValidationError(section, isReal ? { section: null } : {});
      const deep = await api('PUT', `/api/v1/claim/${token}/draft/claimDetails`, {
        json: { values: { a: { b: { c: 1 } } } },
        prefer: 'code=400',
      });
      expectValidationError(deep);
      const extra = await api('PUT', `/api/v1/claim/${token}/draft/claimDetails`, {
        json: { ...claimDetails, note: 'x' },
        prefer: 'code=400',
      });
      expectValidationError(extra);
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('PUT', `/api/v1/claim/${unknownToken()}/draft/claimDetails`, {
      json: claimDetails,
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    `409: a submitted claim keeps no draft: '${ALREADY_SUBMITTED}'`,
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aSubmittedClaim();
      const refused = await api('PUT', `/api/v1/claim/${claim.token}/draft/claimDetails`, {
        json: claimDetails,
        prefer: conflict,
      });
      expectGeneralError(refused, 409, ALREADY_SUBMITTED);
    },
  );
});

operation('getClaimDraft', () => {
  scenario(
    '200: the saved sections come back in the form order; none before any is saved',
    [...LIVE_CLAIM, 'saveClaimDraftSection'],
    async () => {
      const { token } = await liveClaim('draftload');
      const empty = await api('GET', `/api/v1/claim/${token}/draft`, {
        prefer: 'code=200, example=nothingSaved',
      });
      expectSuccess(empty, 200);
      expect(empty.body).toEqual({ sections: [] });
      await api('PUT', `/api/v1/claim/${token}/draft/claimDetails`, { json: claimDetails });
      await api('PUT', `/api/v1/claim/${token}/draft/personalDetails`, { json: personalDetails });
      // The mock's default is the empty draft (make mock starts a claim at section 1).
      const loaded = await api('GET', `/api/v1/claim/${token}/draft`, {
        prefer: 'code=200, example=twoSections',
      });
      expectSuccess(loaded, 200);
      expect(loaded.body.sections.map((saved: { section: string }) => saved.section)).toEqual([
        'personalDetails',
        'claimDetails',
      ]);
      expect(loaded.body.expiresAt).toMatch(DATE_TIME);
      if (isMock) return;
      expect(loaded.body.sections).toEqual([
        { section: 'personalDetails', ...personalDetails },
        { section: 'claimDetails', ...claimDetails },
      ]);
    },
  );

  scenario(
    '400: a token that is not base64url, in the validation shape naming id',
    [],
    async () => {
      const malformed = await api('GET', '/api/v1/claim/not.a.token!/draft', {
        prefer: 'code=400',
      });
      expectValidationError(malformed, isReal ? { id: null } : {});
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('GET', `/api/v1/claim/${unknownToken()}/draft`, {
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    `409: a submitted claim's token answers '${ALREADY_SUBMITTED}'`,
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aSubmittedClaim();
      const refused = await api('GET', `/api/v1/claim/${claim.token}/draft`, { prefer: conflict });
      expectGeneralError(refused, 409, ALREADY_SUBMITTED);
    },
  );
});

/** An open info request on a submitted claim, for the amend form's draft. */
const anInfoRequest = once(async () => {
  const claim = await submittedClaim('SC', 'draftinfo');
  const request = await openInfoRequest(claim, ['PERSONAL_DETAILS', 'SC_IMAGES']);
  return `/api/v1/claim/info-request/${request.token}/draft`;
});

operation('saveInfoRequestDraftSection', () => {
  scenario('200: a completed section of the amend form is saved', OPEN_INFO_REQUEST, async () => {
    const base = await anInfoRequest();
    const saved = await api('PUT', `${base}/personalDetails`, { json: personalDetails });
    expectSuccess(saved, 200);
    expect(saved.body.expiresAt).toMatch(DATE_TIME);
  });

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api(
      'PUT',
      `/api/v1/claim/info-request/${unknownToken()}/draft/personalDetails`,
      { json: personalDetails, prefer: 'code=404, example=infoRequestNotFound' },
    );
    expectGeneralError(unknown, 404);
  });
});

operation('getInfoRequestDraft', () => {
  scenario(
    '200: the amend form gets back what it saved',
    [...OPEN_INFO_REQUEST, 'saveInfoRequestDraftSection'],
    async () => {
      const base = await anInfoRequest();
      await api('PUT', `${base}/ticketImages`, {
        json: {
          values: {
            ticketFrontFileUuid: {
              uuid: '0e6b1c2d-7f8a-4b9c-8d1e-2f3a4b5c6d70',
              fileName: 'front.png',
            },
          },
        },
      });
      const loaded = await api('GET', base);
      expectSuccess(loaded, 200);
      expect(loaded.body.sections).toEqual(expect.any(Array));
      if (isMock) return;
      expect(loaded.body.sections.at(-1)).toEqual({
        section: 'ticketImages',
        values: {
          ticketFrontFileUuid: {
            uuid: '0e6b1c2d-7f8a-4b9c-8d1e-2f3a4b5c6d70',
            fileName: 'front.png',
          },
        },
      });
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('GET', `/api/v1/claim/info-request/${unknownToken()}/draft`, {
      prefer: 'code=404, example=infoRequestNotFound',
    });
    expectGeneralError(unknown, 404);
  });
});
