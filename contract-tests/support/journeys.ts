import { expect } from 'vitest';
import { api, CLAIM_HASHID, expectSuccess, isMock, TOKEN, uniqueEmail, UUID } from './api.ts';
import { png, sha256, uploadForm } from './files.ts';
import { claimLink, infoRequestLink, waitForLink } from './mail.ts';

/**
 * The claimant's and the operator's journeys, as scenarios' preconditions. On the real target
 * they do the real thing (tokens come from the e-mails MailDev caught); on the mock they make the
 * same calls and use the contract's example tokens.
 */

/** Operations a live claim token needs on the real server. */
export const LIVE_CLAIM = ['startClaim', 'verifyClaim'];
/** Operations a submitted claim needs on the real server. */
export const SUBMITTED_CLAIM = [...LIVE_CLAIM, 'submitIdentity', 'uploadClaimFile', 'submitClaim'];
/** Operations an open info request needs on the real server. */
export const OPEN_INFO_REQUEST = [...SUBMITTED_CLAIM, 'createInfoRequest'];

const MOCK_CLAIM_TOKEN = 'q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU';
const MOCK_INFO_REQUEST_TOKEN = 'Vb8Km2PqR5tXw9Yz3Ac6Df1Gh4Jk7Lm0';

/**
 * UK details chosen with the address lookup (owner, the lookup's address id): the server reads
 * the delivery point back, so the local provider needs no ID documents for these.
 */
export const UK_DETAILS = {
  isOwner: true,
  title: 'Mrs',
  firstName: 'Sarah',
  lastName: "O'Neill",
  dateOfBirth: '1979-04-23',
  phoneNumber: '07700900123',
  isOverseas: false,
  addressLine1: '14 Elm Grove',
  addressLine2: 'Headingley',
  town: 'Leeds',
  county: 'West Yorkshire',
  postCode: 'LS6 2AB',
  // 14 Elm Grove in the local address index (its delivery point is 1C there).
  addressId: 'GB|RM|A|10027585',
  dpsCode: '1C',
};

export const OVERSEAS_DETAILS = {
  isOwner: true,
  title: 'Dr',
  firstName: 'Priya',
  lastName: 'Natarajan',
  dateOfBirth: '1988-01-31',
  phoneNumber: '447700900456',
  isOverseas: true,
};

/** Starts a claim and returns the token from the verification e-mail (not yet verified). */
export async function startedClaim(label = 'claimant'): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const started = await api('POST', '/api/v1/claim', { json: { email } });
  expectSuccess(started, 201);
  if (isMock) return { email: started.body.email, token: MOCK_CLAIM_TOKEN };
  const { token } = await waitForLink(email, claimLink);
  expect(token).toMatch(TOKEN);
  return { email, token };
}

/** A started and verified claim. */
export async function liveClaim(label?: string): Promise<{ email: string; token: string }> {
  const claim = await startedClaim(label);
  const verified = await api('PATCH', `/api/v1/claim/${claim.token}/verify`);
  expectSuccess(verified, 200);
  return claim;
}

export async function checkIdentity(path: string, details: object = UK_DETAILS): Promise<{ uuid: string; idDocsRequired: boolean }> {
  const checked = await api('POST', `${path}/identity`, { json: details });
  expectSuccess(checked, 201);
  expect(checked.body.uuid).toMatch(UUID);
  return checked.body;
}

export interface Uploaded {
  uuid: string;
  type: string;
  bytes: Buffer;
}

/**
 * Uploads a fresh 1x1 PNG. `path` is the claim's or the info request's base path. On the real
 * target the upload goes straight to the server: Prism's proxy corrupts binary bodies.
 */
export async function uploadPng(path: string, type: string, fileName = `${type}.png`): Promise<Uploaded> {
  const bytes = png();
  const uploaded = await api('POST', `${path}/file`, { body: uploadForm(type, fileName, bytes), direct: true });
  expectSuccess(uploaded, 201);
  expect(uploaded.body.uuid).toMatch(UUID);
  return { uuid: uploaded.body.uuid, type, bytes };
}

/**
 * A random serial of the 4-9-6 format, so no two scenarios submit the same ticket. It starts
 * with 1: a serial starting with 53 has the other, longer format, and one in a hundred random
 * ones did (a scenario then failed on an invalid serial).
 */
export function randomDbgTicketNumber(): string {
  const digits = (count: number): string => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
  return `1${digits(3)}-${digits(9)}-${digits(6)}`;
}

export interface SubmittedClaim {
  email: string;
  token: string;
  claimHashid: string;
  identityCheckUuid: string;
  idDocsRequired: boolean;
  files: Uploaded[];
  submission: Record<string, unknown>;
}

/** Everything a claim needs before submission: identity checked, images (and ID documents when asked) uploaded. */
export async function readyClaim(product: 'SC' | 'DBG_PINK' = 'SC', label?: string) {
  const claim = await liveClaim(label);
  const base = `/api/v1/claim/${claim.token}`;
  const identity = await checkIdentity(base);
  const files: Uploaded[] = [await uploadPng(base, 'ticketFront'), await uploadPng(base, 'ticketBack')];
  const submission: Record<string, unknown> = {
    identityCheckUuid: identity.uuid,
    idDocsRequired: identity.idDocsRequired,
    prizeAmountPence: 100000,
    ticketFrontFileUuid: files[0]!.uuid,
    ticketBackFileUuid: files[1]!.uuid,
    isTicketInPossession: true,
    isTicketDamaged: false,
    isLotteryRetailer: false,
    isChequePreferred: false,
    ...(product === 'SC'
      ? { productType: 'SC', scBarcodeNumber: '0123-4567890-123', scSerialNumber: '123456789', scVirn: '0421' }
      : { productType: 'DBG', dbgGame: 'Lotto', dbgTicketType: 'PINK', dbgTicketNumber: randomDbgTicketNumber(), dbgTermNumber: '40123456' }),
  };
  if (identity.idDocsRequired) {
    const first = await uploadPng(base, 'idDocument1');
    const second = await uploadPng(base, 'idDocument2');
    files.push(first, second);
    submission.idDocument1FileUuid = first.uuid;
    submission.idDocument2FileUuid = second.uuid;
  }
  return { ...claim, base, identityCheckUuid: identity.uuid, idDocsRequired: identity.idDocsRequired, files, submission };
}

export async function submittedClaim(product: 'SC' | 'DBG_PINK' = 'SC', label?: string): Promise<SubmittedClaim> {
  const ready = await readyClaim(product, label);
  const submitted = await api('POST', ready.base, { json: ready.submission });
  expectSuccess(submitted, 201);
  expect(submitted.body.claimHashid).toMatch(CLAIM_HASHID);
  return { ...ready, claimHashid: submitted.body.claimHashid };
}

/** The operator asks for more information; the token comes from the e-mail to the claimant. */
export async function openInfoRequest(
  claim: { claimHashid: string; email: string },
  sectionTypeList: string[],
  seen: ReadonlySet<string> = new Set(),
): Promise<{ token: string; uuid: string; expiresAt: string }> {
  const created = await api('POST', `/api/v1/operator/claims/${claim.claimHashid}/info-requests`, { json: { sectionTypeList }, bearer: true });
  expectSuccess(created, 201);
  if (isMock) return { token: MOCK_INFO_REQUEST_TOKEN, uuid: created.body.uuid, expiresAt: created.body.expiresAt };
  const { token } = await waitForLink(claim.email, infoRequestLink, seen);
  expect(token).toMatch(TOKEN);
  return { token, uuid: created.body.uuid, expiresAt: created.body.expiresAt };
}

export { sha256 };
