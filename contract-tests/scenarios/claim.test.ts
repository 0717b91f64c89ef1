import {
  api,
  postAnsweredEarly,
  type ApiResponse,
  CLAIM_HASHID,
  expectGeneralError,
  expectSuccess,
  expectValidationError,
  isMock,
  isReal,
  publicUrl,
  exhaustedClientIp,
  type RequestOptions,
  TOKEN,
  uniqueEmail,
  unknownToken,
  UUID,
} from '../support/api.ts';
import { png, uploadForm } from '../support/files.ts';
import {
  checkIdentity,
  LIVE_CLAIM,
  liveClaim,
  OVERSEAS_DETAILS,
  randomDbgTicketNumber,
  readyClaim,
  startedClaim,
  SUBMITTED_CLAIM,
  submittedClaim,
  UK_DETAILS,
  uploadPng,
} from '../support/journeys.ts';
import { claimLink, waitForEmail, waitForLink } from '../support/mail.ts';
import {
  expect,
  listedStatuses,
  mockOnly,
  once,
  operation,
  scenario,
} from '../support/scenario.ts';

const ALREADY_SUBMITTED = 'This claim has already been submitted.';
const conflict = 'code=409, example=claimAlreadySubmitted';

/** One submitted claim shared by the scenarios about what a submitted claim's token answers. */
const aSubmittedClaim = once(() => submittedClaim('SC', 'submitted'));
/** One claim ready to submit, shared by the scenarios about refused submissions (a refusal changes nothing). */
const aReadyPinkClaim = once(() => readyClaim('DBG_PINK', 'refused'));

/** A well-formed Scratchcard submission whose uuids belong to nothing. */
function scSubmission(): Record<string, unknown> {
  return {
    identityCheckUuid: crypto.randomUUID(),
    idDocsRequired: false,
    productType: 'SC',
    scBarcodeNumber: '0123-4567890-123',
    scSerialNumber: '123456789',
    scVirn: '0421',
    prizeAmountPence: 100000,
    ticketFrontFileUuid: crypto.randomUUID(),
    ticketBackFileUuid: crypto.randomUUID(),
    isTicketInPossession: true,
    isTicketDamaged: false,
    isLotteryRetailer: false,
    isChequePreferred: false,
  };
}

function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

operation('startClaim', () => {
  scenario(
    '201: echoes the address and e-mails the link ${PUBLIC_URL}/claim/{token}',
    [],
    async () => {
      const email = uniqueEmail('start');
      const started = await api('POST', '/api/v1/claim', { json: { email } });
      expectSuccess(started, 201);
      expect(started.body.email).toEqual(expect.any(String));
      if (isMock) return;
      expect(started.body).toEqual({ email });
      const { token, email: message } = await waitForLink(email, claimLink);
      expect(token).toMatch(TOKEN);
      // Plain-text and HTML parts both carry the absolute link.
      expect(message.text).toContain(`${publicUrl}/claim/${token}`);
      expect(message.html).toContain(`${publicUrl}/claim/${token}`);
    },
  );

  scenario(
    '201: the same answer for an address already seen, with a new link each time',
    [],
    async () => {
      const email = uniqueEmail('again');
      const first = await api('POST', '/api/v1/claim', { json: { email } });
      const second = await api('POST', '/api/v1/claim', { json: { email } });
      expectSuccess(first, 201);
      expectSuccess(second, 201);
      expect(second.body).toEqual(first.body);
      if (isMock) return;
      const one = await waitForLink(email, claimLink);
      const other = await waitForLink(email, claimLink, new Set([one.token]));
      expect(other.token).not.toBe(one.token);
    },
  );

  scenario('400: an invalid e-mail, in the validation shape naming email', [], async () => {
    const refused = await api('POST', '/api/v1/claim', {
      json: { email: 'jane.doe@' },
      prefer: 'code=400, example=emailInvalid',
    });
    expectValidationError(refused, { email: 'Please enter a valid email address' });
  });

  scenario('400: an e-mail over 100 characters, and a missing e-mail', [], async () => {
    const long = await api('POST', '/api/v1/claim', {
      json: { email: `${'a'.repeat(95)}@example.com` },
      prefer: 'code=400, example=emailInvalid',
    });
    expectValidationError(long, { email: 'Please enter a valid email address' });
    const missing = await api('POST', '/api/v1/claim', {
      json: {},
      prefer: 'code=400, example=emailInvalid',
    });
    expectValidationError(missing, { email: null });
  });

  scenario('400: an unknown property is refused in the validation shape', [], async () => {
    const refused = await api('POST', '/api/v1/claim', {
      json: { email: uniqueEmail('extra'), isAdmin: true },
      prefer: 'code=400, example=emailInvalid',
    });
    expectValidationError(refused);
  });

  scenario('400: a body that is not JSON, in the general shape', [], async () => {
    // Direct on the real target: Prism's proxy refuses malformed JSON itself. Prism's mock stops
    // answering on a malformed body, so the mock is asked for the contract's example instead.
    const refused = isReal
      ? await api('POST', '/api/v1/claim', {
          body: '{"email": ',
          contentType: 'application/json',
          direct: true,
        })
      : await api('POST', '/api/v1/claim', {
          json: { email: uniqueEmail('json') },
          prefer: 'code=400, example=malformedJson',
        });
    expectGeneralError(refused, 400);
  });

  scenario(
    '415: a body that is not JSON by its Content-Type, in the general shape',
    [],
    async () => {
      const refused = await api('POST', '/api/v1/claim', {
        body: 'email=jane@example.com',
        contentType: 'text/plain',
        prefer: 'code=415',
      });
      expectGeneralError(refused, 415);
    },
  );

  scenario('429: too many starts for one e-mail address, in the general shape', [], async () => {
    const email = uniqueEmail('limited');
    if (isMock) {
      expectGeneralError(
        await api('POST', '/api/v1/claim', { json: { email }, prefer: 'code=429' }),
        429,
      );
      return;
    }
    // RATE_LIMIT_START_PER_EMAIL (3 an hour by default), whatever client sends them.
    const answers = await startsUntilLimited(() => ({ json: { email } }));
    expect(answers.at(-1)!.status).toBe(429);
    expectGeneralError(answers.at(-1)!, 429);
    expect(answers.length, 'the first start is never limited').toBeGreaterThan(1);
  });

  scenario('429: too many starts from one client, in the general shape', [], async () => {
    if (isMock) {
      const limited = await api('POST', '/api/v1/claim', {
        json: { email: uniqueEmail('client') },
        prefer: 'code=429',
      });
      expectGeneralError(limited, 429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(0);
      return;
    }
    // RATE_LIMIT_START_PER_CLIENT (10 a quarter of an hour by default), one client address.
    const clientIp = exhaustedClientIp();
    const answers = await startsUntilLimited(() => ({
      json: { email: uniqueEmail('client') },
      clientIp,
    }));
    expectGeneralError(answers.at(-1)!, 429);
    expect(answers.length).toBeGreaterThan(1);
  });
});

/** Starts claims until one answers 429 (at most 50); every earlier answer must be a 201. */
async function startsUntilLimited(request: () => RequestOptions): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await api('POST', '/api/v1/claim', request());
    answers.push(answer);
    if (answer.status === 429) return answers;
    expectSuccess(answer, 201);
  }
  throw new Error('50 starts in a row were never rate limited');
}

operation('getClaimLinkState', () => {
  scenario(
    "200: an open claim's link leads to the form, and asking changes nothing",
    ['startClaim'],
    async () => {
      const claim = await startedClaim('link-state');
      const state = await api('GET', `/api/v1/claim/${claim.token}`);
      expectSuccess(state, 200);
      expect(state.body).toEqual({ submitted: false });
      if (isMock) return;
      // Still open: verify answers 200 after it.
      expectSuccess(await api('PATCH', `/api/v1/claim/${claim.token}/verify`), 200);
    },
  );

  scenario(
    "200: a submitted claim's link leads to its progress, without a failing call",
    SUBMITTED_CLAIM,
    async () => {
      const claim = isMock ? undefined : await aSubmittedClaim();
      const state = await api('GET', `/api/v1/claim/${claim?.token ?? unknownToken()}`, {
        prefer: 'code=200, example=submitted',
      });
      expectSuccess(state, 200);
      expect(state.body).toEqual({ submitted: true });
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('GET', `/api/v1/claim/${unknownToken()}`, {
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });
});

operation('verifyClaim', () => {
  scenario(
    '200: a valid token returns the e-mail and the inactivity minutes, and verifying again is the same',
    ['startClaim'],
    async () => {
      const claim = await startedClaim('verify');
      const verified = await api('PATCH', `/api/v1/claim/${claim.token}/verify`);
      expectSuccess(verified, 200);
      expect(verified.body).toEqual(
        expect.objectContaining({
          email: expect.any(String),
          inactivityMinutes: expect.any(Number),
        }),
      );
      expect(verified.body.inactivityMinutes).toBeGreaterThanOrEqual(1);
      if (verified.body.productName !== undefined)
        expect(verified.body.productName).toEqual(expect.any(String));
      if (isMock) return;
      expect(verified.body.email).toBe(claim.email);
      expect(verified.body.inactivityMinutes).toBe(20); // CLAIM_INACTIVITY_TIMER_MINUTES default
      const again = await api('PATCH', `/api/v1/claim/${claim.token}/verify`);
      expectSuccess(again, 200);
      expect(again.body).toEqual(verified.body);
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('PATCH', `/api/v1/claim/${unknownToken()}/verify`, {
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    '400: a token that is not base64url, in the validation shape naming id',
    [],
    async () => {
      const malformed = await api('PATCH', '/api/v1/claim/not.a.token!/verify', {
        prefer: 'code=400',
      });
      expectValidationError(malformed, isReal ? { id: null } : {});
    },
  );

  scenario(
    `409: a submitted claim's token answers '${ALREADY_SUBMITTED}'`,
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aSubmittedClaim();
      const again = await api('PATCH', `/api/v1/claim/${claim.token}/verify`, { prefer: conflict });
      expectGeneralError(again, 409, ALREADY_SUBMITTED);
    },
  );

  mockOnly(
    '410: an expired token, in the general shape',
    'expiry takes CLAIM_INACTIVITY_TIMER_MINUTES',
    async () => {
      const expired = await api('PATCH', `/api/v1/claim/${unknownToken()}/verify`, {
        prefer: 'code=410, example=claimExpired',
      });
      expectGeneralError(expired, 410);
    },
  );
});

operation('submitIdentity', () => {
  scenario(
    '201: UK details return a new identity check {uuid, idDocsRequired} on each call',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('identity');
      const first = await checkIdentity(`/api/v1/claim/${claim.token}`, UK_DETAILS);
      expect(first).toEqual({
        uuid: expect.stringMatching(UUID),
        idDocsRequired: expect.any(Boolean),
      });
      if (isMock) return;
      const second = await checkIdentity(`/api/v1/claim/${claim.token}`, UK_DETAILS);
      expect(second.uuid).not.toBe(first.uuid);
    },
  );

  scenario('201: overseas details, with no address, are checked', LIVE_CLAIM, async () => {
    const claim = await liveClaim('overseas');
    const checked = await checkIdentity(`/api/v1/claim/${claim.token}`, OVERSEAS_DETAILS);
    expect(checked).toEqual({
      uuid: expect.stringMatching(UUID),
      idDocsRequired: expect.any(Boolean),
    });
  });

  scenario(
    '400: a name breaking the name rule, in the validation shape with the field message',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('badname');
      const refused = await api('POST', `/api/v1/claim/${claim.token}/identity`, {
        json: { ...UK_DETAILS, firstName: 'J4ne' },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(refused, { firstName: 'Please enter a valid first name' });
    },
  );

  scenario(
    '201: the form-only fields isManualAddress and addressLookup are accepted and ignored',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('formonly');
      const checked = await checkIdentity(`/api/v1/claim/${claim.token}`, {
        ...UK_DETAILS,
        isManualAddress: false,
        addressLookup: {
          addressLine1: UK_DETAILS.addressLine1 ?? '',
          postCode: UK_DETAILS.postCode ?? '',
          addressId: UK_DETAILS.addressId ?? '',
        },
      });
      expect(checked).toEqual({
        uuid: expect.stringMatching(UUID),
        idDocsRequired: expect.any(Boolean),
      });
    },
  );

  scenario(
    '400: a bad first name, a bad phone number and an age under 18 are named in one answer',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('allwrong');
      const refused = await api('POST', `/api/v1/claim/${claim.token}/identity`, {
        json: { ...UK_DETAILS, firstName: 'A', phoneNumber: '12', dateOfBirth: yearsAgo(10) },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(refused, {
        firstName: 'Please enter a valid first name',
        dateOfBirth: { minimumAge: 'Please enter a valid date of birth' },
        ...(isReal ? { phoneNumber: 'Please enter a valid phone number' } : {}),
      });
    },
  );

  scenario(
    '400: under 18 and no postcode for a UK address (the conditional rules)',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('under18');
      const { postCode: _left, ...noPostcode } = UK_DETAILS;
      const refused = await api('POST', `/api/v1/claim/${claim.token}/identity`, {
        json: { ...noPostcode, dateOfBirth: yearsAgo(18, 1) },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(refused, {
        dateOfBirth: { minimumAge: 'Please enter a valid date of birth' },
        postCode: 'Please enter a valid postcode',
      });
    },
  );

  scenario(
    '400: an unknown title, and an overseas claimant sending an address',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('badtitle');
      const title = await api('POST', `/api/v1/claim/${claim.token}/identity`, {
        json: { ...UK_DETAILS, title: 'Sir' },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(title, isReal ? { title: 'Please select a title' } : {});
      const overseas = await api('POST', `/api/v1/claim/${claim.token}/identity`, {
        json: {
          ...OVERSEAS_DETAILS,
          addressLine1: '14 Elm Grove',
          town: 'Leeds',
          postCode: 'LS6 2AB',
        },
        prefer: 'code=400, example=personalDetailsInvalid',
      });
      expectValidationError(overseas);
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('POST', `/api/v1/claim/${unknownToken()}/identity`, {
      json: UK_DETAILS,
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    `409: a submitted claim's token answers '${ALREADY_SUBMITTED}'`,
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aSubmittedClaim();
      const again = await api('POST', `/api/v1/claim/${claim.token}/identity`, {
        json: UK_DETAILS,
        prefer: conflict,
      });
      expectGeneralError(again, 409, ALREADY_SUBMITTED);
    },
  );

  mockOnly(
    'dependency failures (424/502/503 as listed): the identity service failed or is unreachable, in the general shape',
    'the local identity provider does not fail on demand',
    async () => {
      const statuses = listedStatuses('submitIdentity', [424, 502, 503]);
      expect(statuses.length).toBeGreaterThan(0);
      for (const status of statuses) {
        expectGeneralError(
          await api('POST', `/api/v1/claim/${unknownToken()}/identity`, {
            json: UK_DETAILS,
            prefer: `code=${status}`,
          }),
          status,
        );
      }
    },
  );
});

operation('uploadClaimFile', () => {
  scenario('201: a PNG is stored and gets a uuid', LIVE_CLAIM, async () => {
    const claim = await liveClaim('upload');
    const uploaded = await uploadPng(`/api/v1/claim/${claim.token}`, 'ticketFront', 'IMG_2041.png');
    expect(uploaded.uuid).toMatch(UUID);
    if (isMock) return;
    const again = await uploadPng(`/api/v1/claim/${claim.token}`, 'ticketFront', 'IMG_2041.png');
    expect(again.uuid).not.toBe(uploaded.uuid);
  });

  scenario(
    "400: text and a script named .png are refused by content with 'Unsupported file type'",
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('notimage');
      // Text bodies survive Prism's proxy, so these go through it.
      for (const content of [
        'This is not an image, whatever its name says.\n',
        '#!/bin/sh\necho owned\n',
      ]) {
        const refused = await api('POST', `/api/v1/claim/${claim.token}/file`, {
          body: uploadForm('ticketFront', 'ticket.png', content),
          prefer: 'code=400, example=unsupportedFileType',
        });
        expectGeneralError(refused, 400, 'Unsupported file type');
      }
    },
  );

  scenario(
    '400: an unknown file type field, in the validation shape naming type',
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('badtype');
      const refused = await api('POST', `/api/v1/claim/${claim.token}/file`, {
        body: uploadForm('selfie', 'selfie.png', png()),
        direct: true,
        prefer: 'code=400, example=uploadFieldsInvalid',
      });
      expectValidationError(refused, { type: null });
    },
  );

  scenario(
    "413: a file over MAX_FILE_SIZE is refused with 'File is too large'",
    LIVE_CLAIM,
    async () => {
      const claim = await liveClaim('toolarge');
      // The harness runs the server with MAX_FILE_SIZE=1mb: a PNG signature and 1.5 MiB after it.
      const big = Buffer.concat([png(), Buffer.alloc(1.5 * 1024 * 1024)]);
      const refused = await postAnsweredEarly(
        `/api/v1/claim/${claim.token}/file`,
        uploadForm('ticketFront', 'huge.png', big),
        { prefer: 'code=413' },
      );
      expectGeneralError(refused, 413, 'File is too large');
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('POST', `/api/v1/claim/${unknownToken()}/file`, {
      body: uploadForm('ticketFront', 'front.png', png()),
      direct: true,
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario(
    `409: a submitted claim's token answers '${ALREADY_SUBMITTED}'`,
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aSubmittedClaim();
      const late = await api('POST', `/api/v1/claim/${claim.token}/file`, {
        body: uploadForm('ticketFront', 'late.png', png()),
        direct: true,
        prefer: conflict,
      });
      expectGeneralError(late, 409, ALREADY_SUBMITTED);
    },
  );
});

operation('checkDbgTicketNumber', () => {
  const check = (dbgTicketNumber: unknown, prefer?: string) =>
    api('POST', '/api/v1/claim/check/dbg-ticket-number', { json: { dbgTicketNumber }, prefer });

  scenario(
    '200: valid for the 4-9-6 format and for 2-4-4-4-2-1-4-4-3 starting with 53',
    [],
    async () => {
      for (const number of [randomDbgTicketNumber(), '53-1234-5678-9012-34-5-6789-0123-456']) {
        const checked = await check(number, 'example=valid');
        expectSuccess(checked, 200);
        expect(checked.body).toEqual({ valid: true });
      }
    },
  );

  scenario(
    '200: not valid for a partial number, the long format not starting with 53, or letters',
    [],
    async () => {
      for (const number of [
        '1234-5678',
        '54-1234-5678-9012-34-5-6789-0123-456',
        'ABCD-EFGHIJKLM-NOPQRS',
        '',
      ]) {
        const checked = await check(number, 'example=invalid');
        expectSuccess(checked, 200);
        expect(checked.body, number).toEqual({ valid: false });
      }
    },
  );

  scenario(
    '200: not valid once a submitted claim used the number',
    [...SUBMITTED_CLAIM, 'checkDbgTicketNumber'],
    async () => {
      const claim = await submittedClaim('DBG_PINK', 'usednumber');
      const checked = await check(claim.submission.dbgTicketNumber, 'example=invalid');
      expectSuccess(checked, 200);
      expect(checked.body).toEqual({ valid: false });
    },
  );

  scenario(
    '400: a missing or over-long number, in the validation shape naming dbgTicketNumber',
    [],
    async () => {
      const missing = await api('POST', '/api/v1/claim/check/dbg-ticket-number', {
        json: {},
        prefer: 'code=400',
      });
      expectValidationError(missing, isReal ? { dbgTicketNumber: null } : {});
      const long = await check('1'.repeat(41), 'code=400');
      expectValidationError(
        long,
        isReal ? { dbgTicketNumber: 'Please enter a valid serial number' } : {},
      );
    },
  );

  scenario('415: a body that is not JSON, in the general shape', [], async () => {
    const refused = await api('POST', '/api/v1/claim/check/dbg-ticket-number', {
      body: '1234-567890123-456789',
      contentType: 'text/plain',
      prefer: 'code=415',
    });
    expectGeneralError(refused, 415);
  });
});

operation('submitClaim', () => {
  scenario(
    '201: a Scratchcard claim gets its reference, and the confirmation e-mail quotes it',
    SUBMITTED_CLAIM,
    async () => {
      const claim = await submittedClaim('SC', 'scratchcard');
      expect(claim.claimHashid).toMatch(CLAIM_HASHID);
      if (isMock) return;
      await waitForEmail(claim.email, (email) =>
        `${email.text ?? ''}${email.html ?? ''}`.includes(claim.claimHashid),
      );
    },
  );

  scenario(
    '201: a pink draw game claim (term number, back image) gets its reference',
    SUBMITTED_CLAIM,
    async () => {
      const claim = await submittedClaim('DBG_PINK', 'pink');
      expect(claim.claimHashid).toMatch(CLAIM_HASHID);
    },
  );

  scenario(`409: a second submission answers '${ALREADY_SUBMITTED}'`, SUBMITTED_CLAIM, async () => {
    const claim = await aSubmittedClaim();
    const again = await api('POST', `/api/v1/claim/${claim.token}`, {
      json: claim.submission,
      prefer: conflict,
    });
    expectGeneralError(again, 409, ALREADY_SUBMITTED);
  });

  scenario('400: a prize over £50,000, with the field message', SUBMITTED_CLAIM, async () => {
    const claim = await aReadyPinkClaim();
    const refused = await api('POST', claim.base, {
      json: { ...claim.submission, prizeAmountPence: 7500000 },
      prefer: 'code=400, example=claimSubmissionInvalid',
    });
    expectValidationError(refused, {
      prizeAmountPence: 'Please enter a prize amount between £500.01 and £50,000',
    });
  });

  scenario(
    '400: a pink ticket without its term number (a conditional rule)',
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aReadyPinkClaim();
      const { dbgTermNumber: _left, ...noTerm } = claim.submission;
      const refused = await api('POST', claim.base, {
        json: noTerm,
        prefer: 'code=400, example=claimSubmissionInvalid',
      });
      expectValidationError(refused, {
        dbgTermNumber: { required: 'Please enter a valid term number' },
      });
    },
  );

  scenario("400: the ticket not in the claimant's possession", SUBMITTED_CLAIM, async () => {
    const claim = await aReadyPinkClaim();
    const refused = await api('POST', claim.base, {
      json: { ...claim.submission, isTicketInPossession: false },
      prefer: 'code=400, example=ticketNotInPossession',
    });
    expectValidationError(refused, {
      isTicketInPossession:
        'As you do not have the ticket in your possession, we will not be able to proceed with your claim. Lost your ticket?',
    });
  });

  scenario(
    '400: an identity check and a file that belong to no check or file of this claim',
    SUBMITTED_CLAIM,
    async () => {
      const claim = await readyClaim('DBG_PINK', 'ownership');
      const other = await readyClaim('SC', 'otherclaim');
      const check = await api('POST', claim.base, {
        json: { ...claim.submission, identityCheckUuid: crypto.randomUUID() },
        prefer: 'code=400, example=claimSubmissionInvalid',
      });
      expectValidationError(
        check,
        isReal ? { identityCheckUuid: { identityCheck: expect.any(String) } } : {},
      );
      const file = await api('POST', claim.base, {
        json: { ...claim.submission, ticketFrontFileUuid: other.files[0]!.uuid },
        prefer: 'code=400, example=claimSubmissionInvalid',
      });
      expectValidationError(
        file,
        isReal ? { ticketFrontFileUuid: { file: expect.any(String) } } : {},
      );
      // Nothing was stored: the claim still submits.
      const submitted = await api('POST', claim.base, { json: claim.submission });
      expectSuccess(submitted, 201);
    },
  );

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('POST', `/api/v1/claim/${unknownToken()}`, {
      json: scSubmission(),
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  mockOnly(
    '410: an expired claim, in the general shape',
    'expiry takes CLAIM_INACTIVITY_TIMER_MINUTES',
    async () => {
      const expired = await api('POST', `/api/v1/claim/${unknownToken()}`, {
        json: scSubmission(),
        prefer: 'code=410, example=claimExpired',
      });
      expectGeneralError(expired, 410);
    },
  );
});

operation('getClaimProgress', () => {
  scenario(
    "200: a submitted claim's step and how many of the five steps are done",
    SUBMITTED_CLAIM,
    async () => {
      const claim = await aSubmittedClaim();
      const progress = await api('GET', `/api/v1/claim/${claim.token}/progress`);
      expectSuccess(progress, 200);
      expect(progress.body).toMatchObject({
        reference: expect.any(String),
        step: expect.any(String),
        completedSteps: expect.any(Number),
      });
      expect(progress.body.completedSteps).toBeGreaterThanOrEqual(0);
      expect(progress.body.completedSteps).toBeLessThanOrEqual(5);
      if (isMock) return;
      // Just submitted: no step done yet. The five steps themselves: staff.test.ts.
      expect(progress.body).toMatchObject({
        reference: claim.claimHashid,
        step: 'submitted',
        completedSteps: 0,
      });
      // The link that answers 409 to verify still answers here.
      const verify = await api('PATCH', `/api/v1/claim/${claim.token}/verify`);
      expectGeneralError(verify, 409, ALREADY_SUBMITTED);
    },
  );

  scenario('409: a claim not submitted yet, in the general shape', LIVE_CLAIM, async () => {
    const claim = await liveClaim('not-submitted');
    const open = await api('GET', `/api/v1/claim/${claim.token}/progress`, { prefer: 'code=409' });
    expectGeneralError(open, 409);
  });

  scenario('404: an unknown token, in the general shape', [], async () => {
    const unknown = await api('GET', `/api/v1/claim/${unknownToken()}/progress`, {
      prefer: 'code=404, example=claimNotFound',
    });
    expectGeneralError(unknown, 404);
  });

  scenario('400: a malformed token, in the validation shape naming id', [], async () => {
    const malformed = await api('GET', '/api/v1/claim/short/progress', { prefer: 'code=400' });
    expectValidationError(malformed, isReal ? { id: null } : {});
  });
});
