import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import type { ClaimStep } from '../../src/modules/claim-process/claim-steps.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { checkIdentity, pinkClaim, startAndVerify, upload } from '../support/journey.ts';
import { migratedDatabase } from '../support/fresh-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { StaffMember } from '../claim-process/staff-member.ts';

/** A server on a database of its own: these tests act on every closed claim there is. */
export function useOwnDatabaseServer(
  label: string,
  env: Record<string, string> = {},
): { server: TestServer; sink: MailSink } {
  const context = {} as { server: TestServer; sink: MailSink };
  beforeAll(async () => {
    context.sink = await startMailSink();
    context.server = await startTestServer({
      DATABASE_URL: await migratedDatabase(label),
      SMTP_URL: context.sink.url,
      ...env,
    });
  });
  afterAll(async () => {
    await context.server?.close();
    await context.sink?.stop();
  });
  return context;
}

export interface ClaimWithImages {
  hashid: string;
  email: string;
  files: Record<'ticketFront' | 'ticketBack' | 'idDocument1' | 'idDocument2', string>;
}

/** A submitted claim with its two ticket images and two ID documents, through the real calls. */
export async function claimWithImages(
  ctx: { server: TestServer; sink: MailSink },
  images: Partial<Record<keyof ClaimWithImages['files'], Buffer>> = {},
  email?: string,
): Promise<ClaimWithImages> {
  const { url } = ctx.server;
  const started = await startAndVerify(url, ctx.sink, email);
  const check = await checkIdentity(url, started.token, { isOwner: false });
  const files = {} as ClaimWithImages['files'];
  for (const type of ['ticketFront', 'ticketBack', 'idDocument1', 'idDocument2'] as const)
    files[type] = await upload(url, started.token, type, images[type] as Buffer<ArrayBuffer>);
  const res = await request(url)
    .post(`/api/v1/claim/${started.token}`)
    .send(
      pinkClaim(check.uuid, files.ticketFront, files.ticketBack, {
        idDocsRequired: true,
        idDocument1FileUuid: files.idDocument1,
        idDocument2FileUuid: files.idDocument2,
      }),
    );
  if (res.status !== 201)
    throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { hashid: res.body.claimHashid, email: started.email, files };
}

const PATH: ClaimStep[] = [
  'submitted',
  'reviewed',
  'ticket_requested',
  'ticket_received',
  'payment_details_requested',
  'paid',
];

/** Moves a claim along the process to `to` (a step on the path, or rejected from where it is). */
export async function moveTo(advisor: StaffMember, hashid: string, to: ClaimStep): Promise<void> {
  const moves: Array<{ from: ClaimStep; to: ClaimStep; reason?: string }> =
    to === 'rejected'
      ? [{ from: 'submitted', to: 'rejected', reason: 'Ticket not genuine' }]
      : PATH.slice(1, PATH.indexOf(to) + 1).map((step, index) => ({
          from: PATH[index]!,
          to: step,
        }));
  for (const move of moves) {
    const res = await advisor.post(`/api/v1/staff/claims/${hashid}/step`, move);
    if (res.status !== 200)
      throw new Error(`step answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}
