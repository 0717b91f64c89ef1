import { randomUUID } from 'node:crypto';
import { claimJourney, DOWNING_STREET_10, personalDetails } from '@prize/test-kit/claim-journey';
import { randomSerial as serial } from '@prize/test-kit/serials';
import request from 'supertest';
import type { MailSink } from './mail-sink.ts';

/** A 1x1 PNG, built from its bytes so the tests need no fixture files. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b526b' +
    '0000000c49444154089963f8cfc00000030101009ce3bf590000000049454e44ae426082',
  'hex',
);

export const uniqueEmail = (label = 'claimant'): string =>
  `${label}.${randomUUID().slice(0, 8)}@example.co.uk`;

export const TOKEN_IN_LINK = /\/claim\/([A-Za-z0-9_-]{43})\b/;

/** Starts a claim and follows the link of the verification e-mail the SMTP listener received. */
export async function startAndVerify(
  baseUrl: string,
  sink: MailSink,
  email = uniqueEmail(),
): Promise<{ token: string; email: string }> {
  const { token } = await claimJourney(baseUrl).startAndVerify(email, async () => {
    const mail = await sink.waitFor(email, /Verify your email/);
    return `/claim/${TOKEN_IN_LINK.exec(mail.text)![1]!}`;
  });
  return { token, email };
}

export { DOWNING_STREET_10, personalDetails };

export async function checkIdentity(
  baseUrl: string,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ uuid: string; idDocsRequired: boolean }> {
  return claimJourney(baseUrl).checkIdentity(token, personalDetails(overrides));
}

export async function upload(
  baseUrl: string,
  token: string,
  type: string,
  bytes = PNG,
  fileName = 'ticket.png',
): Promise<string> {
  const res = await request(baseUrl)
    .post(`/api/v1/claim/${token}/file`)
    .field('type', type)
    .field('fileName', fileName)
    .attach('file', bytes, fileName);
  if (res.status !== 201)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.uuid;
}

/** A random serial in the 4-9-6 format, so claims never collide on the used-serial rule. */
export { serial };

export const pinkClaim = (
  identityCheckUuid: string,
  front: string,
  back: string,
  extra: Record<string, unknown> = {},
) => ({
  identityCheckUuid,
  idDocsRequired: false,
  productType: 'DBG',
  dbgGame: 'Lotto',
  dbgTicketType: 'PINK',
  dbgTicketNumber: serial(),
  dbgTermNumber: '12345678',
  prizeAmountPence: 125000,
  ticketFrontFileUuid: front,
  ticketBackFileUuid: back,
  isTicketInPossession: true,
  isTicketDamaged: false,
  isLotteryRetailer: false,
  isChequePreferred: false,
  ...extra,
});
