import fs from 'node:fs';
import path from 'node:path';
import { apiCall, claimJourney, personalDetails } from '@prize/test-kit/claim-journey';
import { randomDigits, randomSerial } from '@prize/test-kit/serials';
import { image, stack, type ImageName } from './env.ts';
import {
  INFO_REQUEST_LINK,
  linkIn,
  verificationCount,
  verificationLink,
  waitForMail,
} from './mail.ts';

const call = <T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> => apiCall<T>(stack().baseUrl, method, url, body, headers);

const operator = () => ({ authorization: `Bearer ${stack().operatorToken}` });

export { randomDigits, randomSerial };

function upload(token: string, type: string, name: ImageName): Promise<string> {
  const file = image(name);
  return claimJourney(stack().baseUrl).upload(
    token,
    type,
    path.basename(file),
    fs.readFileSync(file),
    file.endsWith('.png') ? 'image/png' : 'image/jpeg',
  );
}

/** A claim started, verified and identity-checked through the API (the owner, no ID documents). */
async function identifiedClaim(
  email: string,
  person: { firstName?: string; lastName?: string } = {},
) {
  // The address may have claimed before: this claim's link is in the next verification e-mail.
  const earlier = await verificationCount(email);
  const journey = claimJourney(stack().baseUrl);
  const { link, token } = await journey.startAndVerify(email, () =>
    verificationLink(email, earlier),
  );
  const identity = await journey.checkIdentity(
    token,
    personalDetails({
      title: 'Mr',
      firstName: 'Rhys',
      lastName: 'Ap-Gwilym',
      dateOfBirth: '1975-09-30',
      phoneNumber: '07700900456',
      // No delivery point sent: the server reads it back from the chosen address.
      dpsCode: undefined,
      ...person,
    }),
  );
  return { link, token, identity };
}

const CLAIM_ANSWERS = {
  prizeAmountPence: 100_000,
  isTicketInPossession: true,
  isTicketDamaged: false,
  isLotteryRetailer: false,
};

/**
 * A Scratchcard claim submitted through the real API calls (no ID documents: the owner, at
 * 10 Downing Street chosen with the address lookup). Returns the claim link and reference.
 */
export async function submittedScratchcardClaim(
  email: string,
  person: { firstName?: string; lastName?: string } = {},
): Promise<{ link: string; token: string; hashid: string }> {
  const { link, token, identity } = await identifiedClaim(email, person);
  const front = await upload(token, 'ticketFront', 'scFront');
  const back = await upload(token, 'ticketBack', 'scBack');
  const submitted = await claimJourney(stack().baseUrl).submit(token, {
    identityCheckUuid: identity.uuid,
    idDocsRequired: identity.idDocsRequired,
    productType: 'SC',
    scBarcodeNumber: `${randomDigits(4)}-${randomDigits(7)}-${randomDigits(3)}`,
    scSerialNumber: randomDigits(9),
    scVirn: randomDigits(4),
    ...CLAIM_ANSWERS,
    ticketFrontFileUuid: front,
    ticketBackFileUuid: back,
    isChequePreferred: false,
  });
  return { link, token, hashid: submitted.claimHashid };
}

/** A draw-based game claim (Lotto) of a pink or white ticket, paid by cheque or bank transfer. */
export async function submittedDrawClaim(
  email: string,
  { ticketType, cheque }: { ticketType: 'PINK' | 'WHITE'; cheque: boolean },
): Promise<{ link: string; token: string; hashid: string }> {
  const { link, token, identity } = await identifiedClaim(email);
  const front = await upload(token, 'ticketFront', 'ticketFront');
  const ticket =
    ticketType === 'PINK'
      ? {
          dbgTermNumber: randomDigits(8),
          ticketBackFileUuid: await upload(token, 'ticketBack', 'ticketBack'),
        }
      : { dbgRetailerNumber: randomDigits(6) };
  const submitted = await claimJourney(stack().baseUrl).submit(token, {
    identityCheckUuid: identity.uuid,
    idDocsRequired: identity.idDocsRequired,
    productType: 'DBG',
    dbgGame: 'Lotto',
    dbgTicketType: ticketType,
    dbgTicketNumber: randomSerial(),
    ...ticket,
    ...CLAIM_ANSWERS,
    ticketFrontFileUuid: front,
    isChequePreferred: cheque,
  });
  return { link, token, hashid: submitted.claimHashid };
}

export interface OperatorClaim {
  claimHashid: string;
  status: string;
  email: string;
  personalDetails: Record<string, unknown>;
  idDocsRequired?: boolean;
  idDocument1FileUuid?: string;
  idDocument2FileUuid?: string;
  ticketDetails: Record<string, unknown>;
  claimDetails: Record<string, unknown>;
  files: { uuid: string; type: string; originalName: string; contentType: string }[];
  identityChecks: { uuid: string; idDocsRequired: boolean }[];
  infoRequests: {
    uuid: string;
    sectionTypeList: string[];
    submittedAt?: string;
    submission?: Record<string, unknown> & { sectionTypeList: string[] };
  }[];
  audit: { event: string }[];
}

/** GET /api/v1/operator/claims/{hashid}: the operator's view of a submitted claim. */
export function operatorClaim(hashid: string): Promise<OperatorClaim> {
  return call('GET', `/api/v1/operator/claims/${hashid}`, undefined, operator());
}

/** Asks for information through the operator API and returns the link from the e-mail it sends. */
export async function requestInformation(
  hashid: string,
  email: string,
  sectionTypeList: string[],
): Promise<string> {
  await call(
    'POST',
    `/api/v1/operator/claims/${hashid}/info-requests`,
    { sectionTypeList },
    operator(),
  );
  return linkIn(await waitForMail(email, /more information/), INFO_REQUEST_LINK);
}
