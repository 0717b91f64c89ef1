import {
  unwrap,
  uploadClaimFile,
  uploadInfoRequestFile,
  type FileType,
  type Schemas,
} from '@prize/sdk';
import { randomSerial } from '@prize/test-kit/serials';
import { expect } from 'vitest';
import { CLAIM_HASHID, isMock, TOKEN, uniqueEmail, UUID } from './api.ts';
import { png, sha256 } from './files.ts';
import { claimLink, infoRequestLink, waitForLink } from './mail.ts';
import { sdk, sdkDirect } from './sdk.ts';

/**
 * The claimant's and the operator's journeys, as scenarios' preconditions, made through the
 * published SDK (sdk/): a failed call throws its typed error. On the real target they do the
 * real thing (tokens come from the e-mails MailDev caught); on the mock they make the same calls
 * and use the contract's example tokens.
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
export const UK_DETAILS: Schemas['PersonalDetails'] = {
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

export const OVERSEAS_DETAILS: Schemas['PersonalDetails'] = {
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
  const started = await unwrap(sdk.POST('/api/v1/claim', { body: { email } }));
  if (isMock) return { email: started.email, token: MOCK_CLAIM_TOKEN };
  const { token } = await waitForLink(email, claimLink);
  expect(token).toMatch(TOKEN);
  return { email, token };
}

/** A started and verified claim. */
export async function liveClaim(label?: string): Promise<{ email: string; token: string }> {
  const claim = await startedClaim(label);
  await unwrap(sdk.PATCH('/api/v1/claim/{id}/verify', { params: { path: { id: claim.token } } }));
  return claim;
}

const INFO_REQUEST_BASE = /^\/api\/v1\/claim\/info-request\/([^/]+)$/;
const CLAIM_BASE = /^\/api\/v1\/claim\/([^/]+)$/;

/** The token of a claim's (`/api/v1/claim/{id}`) or an info request's base path. */
function baseOf(path: string): { infoRequestToken: string } | { claimToken: string } {
  const infoRequest = INFO_REQUEST_BASE.exec(path);
  if (infoRequest) return { infoRequestToken: infoRequest[1]! };
  const claim = CLAIM_BASE.exec(path);
  if (claim) return { claimToken: claim[1]! };
  throw new Error(`${path} is neither a claim's nor an info request's base path`);
}

/** The claim's identity call also takes the form-only fields; the info request's does not. */
export async function checkIdentity(
  path: string,
  details: Schemas['ClaimPersonalDetails'] = UK_DETAILS,
): Promise<{ uuid: string; idDocsRequired: boolean }> {
  const base = baseOf(path);
  const checked =
    'claimToken' in base
      ? await unwrap(
          sdk.POST('/api/v1/claim/{id}/identity', {
            params: { path: { id: base.claimToken } },
            body: details,
          }),
        )
      : await unwrap(
          sdk.POST('/api/v1/claim/info-request/{infoRequestToken}/identity', {
            params: { path: base },
            body: details as Schemas['InfoRequestPersonalDetails'],
          }),
        );
  expect(checked.uuid).toMatch(UUID);
  return checked;
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
export async function uploadPng(
  path: string,
  type: FileType,
  fileName = `${type}.png`,
): Promise<Uploaded> {
  const bytes = png();
  const base = baseOf(path);
  const upload = { type, fileName, file: new Blob([new Uint8Array(bytes)], { type: 'image/png' }) };
  const uploaded =
    'claimToken' in base
      ? await uploadClaimFile(sdkDirect, base.claimToken, upload)
      : await uploadInfoRequestFile(sdkDirect, base.infoRequestToken, upload);
  expect(uploaded.uuid).toMatch(UUID);
  return { uuid: uploaded.uuid, type, bytes };
}

/** A random serial of the 4-9-6 format, so no two scenarios submit the same ticket. */
export const randomDbgTicketNumber = randomSerial;

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
  const files: Uploaded[] = [
    await uploadPng(base, 'ticketFront'),
    await uploadPng(base, 'ticketBack'),
  ];
  const submission: Schemas['ClaimSubmission'] = {
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
      ? {
          productType: 'SC',
          scBarcodeNumber: '0123-4567890-123',
          scSerialNumber: '123456789',
          scVirn: '0421',
        }
      : {
          productType: 'DBG',
          dbgGame: 'Lotto',
          dbgTicketType: 'PINK',
          dbgTicketNumber: randomDbgTicketNumber(),
          dbgTermNumber: '40123456',
        }),
  };
  if (identity.idDocsRequired) {
    const first = await uploadPng(base, 'idDocument1');
    const second = await uploadPng(base, 'idDocument2');
    files.push(first, second);
    submission.idDocument1FileUuid = first.uuid;
    submission.idDocument2FileUuid = second.uuid;
  }
  return {
    ...claim,
    base,
    identityCheckUuid: identity.uuid,
    idDocsRequired: identity.idDocsRequired,
    files,
    submission: submission as Record<string, unknown>,
  };
}

export async function submittedClaim(
  product: 'SC' | 'DBG_PINK' = 'SC',
  label?: string,
): Promise<SubmittedClaim> {
  const ready = await readyClaim(product, label);
  const body = ready.submission as Schemas['ClaimSubmission'];
  const submitted = await unwrap(
    sdk.POST('/api/v1/claim/{id}', { params: { path: { id: ready.token } }, body }),
  );
  expect(submitted.claimHashid).toMatch(CLAIM_HASHID);
  return { ...ready, claimHashid: submitted.claimHashid };
}

/** The operator asks for more information; the token comes from the e-mail to the claimant. */
export async function openInfoRequest(
  claim: { claimHashid: string; email: string },
  sectionTypeList: Schemas['SectionType'][],
  seen: ReadonlySet<string> = new Set(),
): Promise<{ token: string; uuid: string; expiresAt: string }> {
  const created = await unwrap(
    sdk.POST('/api/v1/operator/claims/{claimHashid}/info-requests', {
      params: { path: { claimHashid: claim.claimHashid } },
      body: { sectionTypeList },
    }),
  );
  if (isMock)
    return { token: MOCK_INFO_REQUEST_TOKEN, uuid: created.uuid, expiresAt: created.expiresAt };
  const { token } = await waitForLink(claim.email, infoRequestLink, seen);
  expect(token).toMatch(TOKEN);
  return { token, uuid: created.uuid, expiresAt: created.expiresAt };
}

export { sha256 };
