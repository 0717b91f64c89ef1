import request from 'supertest';
import type { MailSink } from './mail-sink.ts';
import { bytesOnceReencoded } from './reencoded.ts';
import { checkIdentity, pinkClaim, startAndVerify, upload } from './journey.ts';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';
export const INFO_LINK = /\/claim\/info-request\/([A-Za-z0-9_-]{43})\b/;

export const asOperator = (req: request.Test): request.Test =>
  req.set('Authorization', `Bearer ${OPERATOR_TOKEN}`);

/** A submitted pink-ticket claim, through the real calls. */
export async function submittedClaim(
  baseUrl: string,
  sink: MailSink,
  identity: Record<string, unknown> = {},
) {
  const { token, email } = await startAndVerify(baseUrl, sink);
  const check = await checkIdentity(baseUrl, token, identity);
  const front = await upload(baseUrl, token, 'ticketFront');
  const back = await upload(baseUrl, token, 'ticketBack');
  const res = await request(baseUrl)
    .post(`/api/v1/claim/${token}`)
    .send(pinkClaim(check.uuid, front, back));
  if (res.status !== 201)
    throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { token, email, hashid: res.body.claimHashid as string, check, front, back };
}

/** Asks for information through the operator API and returns the token from the e-mail. */
export async function requestInformation(
  baseUrl: string,
  sink: MailSink,
  hashid: string,
  email: string,
  sectionTypeList: string[],
) {
  const before = sink.messages.filter((message) => message.to === email).length;
  const res = await asOperator(
    request(baseUrl).post(`/api/v1/operator/claims/${hashid}/info-requests`),
  ).send({ sectionTypeList });
  if (res.status !== 201)
    throw new Error(`info request answered ${res.status}: ${JSON.stringify(res.body)}`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = sink.messages.filter(
      (message) => message.to === email && /more information/.test(message.subject),
    );
    if (
      mails.length > 0 &&
      sink.messages.filter((message) => message.to === email).length > before
    ) {
      return { token: INFO_LINK.exec(mails.at(-1)!.text)![1]!, created: res.body };
    }
    if (Date.now() > deadline) throw new Error('no info-request e-mail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An operator download of a file's bytes, once the background re-encoding has run. */
export function operatorDownload(baseUrl: string, uuid: string): Promise<request.Response> {
  return bytesOnceReencoded(() =>
    asOperator(request(baseUrl).get(`/api/v1/operator/files/${uuid}`)),
  );
}
