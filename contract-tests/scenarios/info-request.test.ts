import {
  api,
  CLAIM_HASHID,
  postAnsweredEarly,
  expectGeneralError,
  expectSuccess,
  expectValidationError,
  isMock,
  isReal,
  unknownToken,
  UUID,
} from '../support/api.ts';
import { png, uploadForm } from '../support/files.ts';
import type { Schemas } from '@prize/sdk';
import {
  checkIdentity,
  OPEN_INFO_REQUEST,
  openInfoRequest,
  submittedClaim,
  UK_DETAILS,
  uploadPng,
} from '../support/journeys.ts';
import {
  expect,
  listedStatuses,
  mockOnly,
  once,
  operation,
  scenario,
} from '../support/scenario.ts';

const ALREADY_ANSWERED = 'This information has already been submitted.';
const conflict = 'code=409, example=infoRequestAlreadySubmitted';
const SC_BACK_MISSING =
  'You must upload an image of the back of your Scratchcard before you can proceed.';

/** One submitted Scratchcard claim the operator keeps asking about (each new request closes the open one). */
const theClaim = once(() => submittedClaim('SC', 'inforequest'));
const seenTokens = new Set<string>();

/** A new info request on the shared claim, its token read from the e-mail. */
async function freshInfoRequest(sectionTypeList: Schemas['SectionType'][]) {
  const claim = await theClaim();
  const request = await openInfoRequest(claim, sectionTypeList, seenTokens);
  seenTokens.add(request.token);
  return { claim, ...request, base: `/api/v1/claim/info-request/${request.token}` };
}

/** New Scratchcard images sent through an info request. */
async function answerWithImages(base: string) {
  const front = await uploadPng(base, 'ticketFront', 'front-retake.png');
  const back = await uploadPng(base, 'ticketBack', 'back-retake.png');
  const answer = {
    sectionTypeList: ['SC_IMAGES'],
    ticketFrontFileUuid: front.uuid,
    ticketBackFileUuid: back.uuid,
  };
  return { answer, response: await api('POST', base, { json: answer }) };
}

/** An info request that was answered: its token answers 409 from then on. */
const anAnsweredRequest = once(async () => {
  const request = await freshInfoRequest(['SC_IMAGES']);
  const { response } = await answerWithImages(request.base);
  expectSuccess(response, 201);
  return request;
});

/** What answering needs on the real server, on top of an open info request. */
const ANSWERED = [...OPEN_INFO_REQUEST, 'uploadInfoRequestFile', 'submitInfoRequest'];

operation('getInfoRequest', () => {
  scenario(
    '200: an open request returns the sections asked for and the inactivity minutes',
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['PERSONAL_DETAILS', 'SC_IMAGES']);
      const loaded = await api('GET', request.base);
      expectSuccess(loaded, 200);
      expect(loaded.body.sectionTypeList).toEqual(expect.any(Array));
      expect(loaded.body.inactivityMinutes).toBeGreaterThanOrEqual(1);
      if (isMock) return;
      expect(loaded.body).toEqual({
        sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
        inactivityMinutes: 20,
        customerCarePhone: '0333 234 5050',
      });
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('GET', `/api/v1/claim/info-request/${unknownToken()}`, {
      prefer: 'code=404, example=infoRequestNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    '400: a token that is not base64url, in the validation shape naming infoRequestToken',
    [],
    async () => {
      const malformed = await api('GET', '/api/v1/claim/info-request/short', {
        prefer: 'code=400',
      });
      expectValidationError(malformed, isReal ? { infoRequestToken: null } : {});
    },
  );

  scenario(`409: an answered request answers '${ALREADY_ANSWERED}'`, ANSWERED, async () => {
    const request = await anAnsweredRequest();
    const again = await api('GET', request.base, { prefer: conflict });
    expectGeneralError(again, 409, ALREADY_ANSWERED);
  });

  scenario(
    '410: a request closed by a newer one on the same claim, in the general shape',
    OPEN_INFO_REQUEST,
    async () => {
      const older = await freshInfoRequest(['SC_IMAGES']);
      await freshInfoRequest(['PERSONAL_DETAILS']);
      const closed = await api('GET', older.base, {
        prefer: 'code=410, example=infoRequestExpired',
      });
      expectGeneralError(closed, 410);
    },
  );
});

operation('submitInfoRequestIdentity', () => {
  scenario(
    '201: personal details get an identity check {uuid, idDocsRequired}',
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['PERSONAL_DETAILS']);
      const checked = await checkIdentity(request.base, UK_DETAILS);
      expect(checked).toEqual({
        uuid: expect.stringMatching(UUID),
        idDocsRequired: expect.any(Boolean),
      });
    },
  );

  scenario(
    '400: a name breaking the name rule, in the validation shape with the field message',
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['PERSONAL_DETAILS']);
      const refused = await api('POST', `${request.base}/identity`, {
        json: { ...UK_DETAILS, lastName: 'O' },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(refused, isReal ? { lastName: 'Please enter a valid last name' } : {});
    },
  );

  scenario(
    "400: the claim's form-only fields are not part of this body",
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['PERSONAL_DETAILS']);
      const refused = await api('POST', `${request.base}/identity`, {
        json: { ...UK_DETAILS, isManualAddress: false },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(refused, isReal ? { isManualAddress: null } : {});
    },
  );

  scenario(
    '400: a request that does not ask for personal details takes no identity check, in the general shape',
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const refused = await api('POST', `${request.base}/identity`, {
        json: UK_DETAILS,
        prefer: 'code=400, example=malformedJson',
      });
      expectGeneralError(
        refused,
        400,
        isReal ? 'This information request does not ask for personal details.' : undefined,
      );
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('POST', `/api/v1/claim/info-request/${unknownToken()}/identity`, {
      json: UK_DETAILS,
      prefer: 'code=404, example=infoRequestNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(`409: an answered request answers '${ALREADY_ANSWERED}'`, ANSWERED, async () => {
    const request = await anAnsweredRequest();
    const late = await api('POST', `${request.base}/identity`, {
      json: UK_DETAILS,
      prefer: conflict,
    });
    expectGeneralError(late, 409, ALREADY_ANSWERED);
  });

  mockOnly(
    'dependency failures (424/502/503 as listed): the identity service failed or is unreachable, in the general shape',
    'the local identity provider does not fail on demand',
    async () => {
      const statuses = listedStatuses('submitInfoRequestIdentity', [424, 502, 503]);
      expect(statuses.length).toBeGreaterThan(0);
      for (const status of statuses) {
        expectGeneralError(
          await api('POST', `/api/v1/claim/info-request/${unknownToken()}/identity`, {
            json: UK_DETAILS,
            prefer: `code=${status}`,
          }),
          status,
        );
      }
    },
  );
});

operation('uploadInfoRequestFile', () => {
  scenario(
    '201: a PNG is stored against the request and gets a uuid',
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const uploaded = await uploadPng(request.base, 'ticketFront');
      expect(uploaded.uuid).toMatch(UUID);
    },
  );

  scenario(
    "400: text named .png is refused by content with 'Unsupported file type'",
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const refused = await api('POST', `${request.base}/file`, {
        body: uploadForm('ticketFront', 'ticket.png', 'plain text, not an image\n'),
        prefer: 'code=400, example=unsupportedFileType',
      });
      expectGeneralError(refused, 400, 'Unsupported file type');
    },
  );

  scenario(
    "413: a file over MAX_FILE_SIZE is refused with 'File is too large'",
    OPEN_INFO_REQUEST,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const big = Buffer.concat([png(), Buffer.alloc(1.5 * 1024 * 1024)]);
      const refused = await postAnsweredEarly(
        `${request.base}/file`,
        uploadForm('ticketBack', 'huge.png', big),
        { prefer: 'code=413' },
      );
      expectGeneralError(refused, 413, 'File is too large');
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('POST', `/api/v1/claim/info-request/${unknownToken()}/file`, {
      body: uploadForm('ticketFront', 'front.png', png()),
      direct: true,
      prefer: 'code=404, example=infoRequestNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(`409: an answered request answers '${ALREADY_ANSWERED}'`, ANSWERED, async () => {
    const request = await anAnsweredRequest();
    const late = await api('POST', `${request.base}/file`, {
      body: uploadForm('ticketFront', 'late.png', png()),
      direct: true,
      prefer: conflict,
    });
    expectGeneralError(late, 409, ALREADY_ANSWERED);
  });
});

operation('submitInfoRequest', () => {
  scenario(
    '201: new Scratchcard images answer the request and return the claim reference',
    ANSWERED,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const { response } = await answerWithImages(request.base);
      expectSuccess(response, 201);
      expect(response.body.claimHashid).toMatch(CLAIM_HASHID);
      if (isReal) expect(response.body.claimHashid).toBe(request.claim.claimHashid);
    },
  );

  scenario(
    '201: new personal details, with ID documents when the identity check asks for them',
    [...ANSWERED, 'submitInfoRequestIdentity'],
    async () => {
      const request = await freshInfoRequest(['PERSONAL_DETAILS']);
      const identity = await checkIdentity(request.base, {
        ...UK_DETAILS,
        lastName: 'Kewley-Quayle',
      });
      const answer: Record<string, unknown> = {
        sectionTypeList: identity.idDocsRequired
          ? ['PERSONAL_DETAILS', 'ID_DOCUMENTS']
          : ['PERSONAL_DETAILS'],
        identityCheckUuid: identity.uuid,
        idDocsRequired: identity.idDocsRequired,
      };
      if (identity.idDocsRequired) {
        answer.idDocument1FileUuid = (await uploadPng(request.base, 'idDocument1')).uuid;
        answer.idDocument2FileUuid = (await uploadPng(request.base, 'idDocument2')).uuid;
      }
      const answered = await api('POST', request.base, { json: answer });
      expectSuccess(answered, 201);
      if (isReal) expect(answered.body.claimHashid).toBe(request.claim.claimHashid);
    },
  );

  scenario(
    '400: images of a Scratchcard without the back image, with the Scratchcard message',
    ANSWERED,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const front = await uploadPng(request.base, 'ticketFront');
      const refused = await api('POST', request.base, {
        json: { sectionTypeList: ['SC_IMAGES'], ticketFrontFileUuid: front.uuid },
        prefer: 'code=400, example=infoRequestSubmissionInvalid',
      });
      expectValidationError(refused, { ticketBackFileUuid: isReal ? SC_BACK_MISSING : null });
    },
  );

  scenario(
    '400: sections other than the ones asked for, and files not uploaded through this request',
    ANSWERED,
    async () => {
      const request = await freshInfoRequest(['SC_IMAGES']);
      const front = await uploadPng(request.base, 'ticketFront');
      const back = await uploadPng(request.base, 'ticketBack');
      const wrongSections = await api('POST', request.base, {
        json: { sectionTypeList: ['DBG_WHITE_IMAGES'], ticketFrontFileUuid: front.uuid },
        prefer: 'code=400, example=infoRequestSubmissionInvalid',
      });
      expectValidationError(wrongSections, { sectionTypeList: null });
      const claimFront = request.claim.files.find((file) => file.type === 'ticketFront')!;
      const foreignFile = await api('POST', request.base, {
        json: {
          sectionTypeList: ['SC_IMAGES'],
          ticketFrontFileUuid: claimFront.uuid,
          ticketBackFileUuid: back.uuid,
        },
        prefer: 'code=400, example=infoRequestSubmissionInvalid',
      });
      expectValidationError(
        foreignFile,
        isReal ? { ticketFrontFileUuid: { file: expect.any(String) } } : {},
      );
      const badSection = await api('POST', request.base, {
        json: {
          sectionTypeList: ['SC_IMAGES', 'DBG_GREEN_IMAGES'],
          ticketFrontFileUuid: front.uuid,
          ticketBackFileUuid: back.uuid,
        },
        prefer: 'code=400, example=infoRequestSubmissionInvalid',
      });
      expectValidationError(badSection, { 'sectionTypeList.1': null });
    },
  );

  scenario(
    '400: fields of a section the request did not ask for are refused on their own names',
    ANSWERED,
    async () => {
      const request = await freshInfoRequest(['ID_DOCUMENTS']);
      const id1 = await uploadPng(request.base, 'idDocument1');
      const id2 = await uploadPng(request.base, 'idDocument2');
      const front = await uploadPng(request.base, 'ticketFront');
      const refused = await api('POST', request.base, {
        json: {
          sectionTypeList: ['ID_DOCUMENTS'],
          idDocument1FileUuid: id1.uuid,
          idDocument2FileUuid: id2.uuid,
          ticketFrontFileUuid: front.uuid,
        },
        prefer: 'code=400, example=infoRequestSubmissionInvalid',
      });
      expectValidationError(
        refused,
        isReal ? { ticketFrontFileUuid: { notRequested: expect.any(String) } } : {},
      );
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('POST', `/api/v1/claim/info-request/${unknownToken()}`, {
      json: {
        sectionTypeList: ['SC_IMAGES'],
        ticketFrontFileUuid: crypto.randomUUID(),
        ticketBackFileUuid: crypto.randomUUID(),
      },
      prefer: 'code=404, example=infoRequestNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(`409: a second answer answers '${ALREADY_ANSWERED}'`, ANSWERED, async () => {
    const request = await anAnsweredRequest();
    const again = await api('POST', request.base, {
      json: {
        sectionTypeList: ['SC_IMAGES'],
        ticketFrontFileUuid: crypto.randomUUID(),
        ticketBackFileUuid: crypto.randomUUID(),
      },
      prefer: conflict,
    });
    expectGeneralError(again, 409, ALREADY_ANSWERED);
  });
});
