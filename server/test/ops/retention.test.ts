import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/modules/retention/apply-retention.ts';
import { createStorage } from '../../src/modules/files/create-storage.ts';
import { staffMember, type StaffMember } from '../claim-process/staff-member.ts';
import {
  claimWithImages,
  moveTo,
  useOwnDatabaseServer,
  type ClaimWithImages,
} from './closed-claims.ts';

const ctx = useOwnDatabaseServer('retention');
const DAY = 86_400_000;
const RETENTION = { idDocumentsDays: 30, ticketImagesDays: 90, personalDataDays: 2190 };
const silent = pino({ level: 'silent' });

let advisor: StaffMember;
let paid: ClaimWithImages;
let rejected: ClaimWithImages;
let open: ClaimWithImages;
let closedAt: number;

interface Held {
  fileTypes: string[];
  bytesOnDisk: number;
  email: string | null;
  personalDetails: number;
  /** Staff's internal notes on the claim (free text about the claimant). */
  notes: number;
}

/** What is still held for a claim: its files' types (rows and bytes), e-mail, personal details and notes. */
async function held(hashid: string): Promise<Held> {
  const connection = ctx.server.orm.em.fork().getConnection();
  const [claim] = await connection.execute<Array<{ id: string; email: string | null }>>(
    'select id, email from claim where hashid = ?',
    [hashid],
  );
  const files = await connection.execute<Array<{ type: string; storage_key: string }>>(
    'select type, storage_key from uploaded_file where claim_id = ? order by type',
    [claim!.id],
  );
  const [checks] = await connection.execute<Array<{ n: string }>>(
    'select count(*) as n from identity_check where claim_id = ? and personal_details is not null',
    [claim!.id],
  );
  const [notes] = await connection.execute<Array<{ n: string }>>(
    'select count(*) as n from staff_note where claim_id = ?',
    [claim!.id],
  );
  return {
    fileTypes: files.map((file) => file.type),
    bytesOnDisk: files.filter((file) =>
      fs.existsSync(path.join(ctx.server.config.uploadDir, 'files', file.storage_key)),
    ).length,
    email: claim!.email,
    personalDetails: Number(checks!.n),
    notes: Number(notes!.n),
  };
}

const ALL_FILES = ['idDocument1', 'idDocument2', 'ticketBack', 'ticketFront'];

const run = (daysAfterClosing: number) =>
  applyRetention(
    ctx.server.orm.em,
    createStorage(ctx.server.config, silent),
    RETENTION,
    silent,
    new Date(closedAt + daysAfterClosing * DAY),
  );

beforeAll(async () => {
  advisor = await staffMember(ctx.server, 'claims_advisor');
  paid = await claimWithImages(ctx);
  rejected = await claimWithImages(ctx);
  open = await claimWithImages(ctx);
  for (const claim of [paid, rejected, open]) {
    const noted = await advisor.post(`/api/v1/staff/claims/${claim.hashid}/notes`, {
      text: 'Claimant phoned: she is Siân, moving house next month',
    });
    expect(noted.status).toBe(201);
  }
  await moveTo(advisor, paid.hashid, 'paid');
  await moveTo(advisor, rejected.hashid, 'rejected');
  await moveTo(advisor, open.hashid, 'payment_details_requested');
  closedAt = Date.now();
}, 120_000);

describe('retention by data class', () => {
  it("when a day short of each class's days has passed, then nothing is removed", async () => {
    expect(await run(29)).toEqual({ id_documents: 0, ticket_images: 0, personal_data: 0 });
    for (const claim of [paid, rejected, open]) {
      const now = await held(claim.hashid);
      expect(now.fileTypes).toEqual(ALL_FILES);
      expect(now.bytesOnDisk).toBe(4);
      expect(now.email).toBe(claim.email);
      expect(now.personalDetails).toBe(1);
      expect(now.notes).toBe(1);
    }
  });

  it("when the ID document days have passed, then only the closed claims' ID documents go, rows and bytes", async () => {
    expect(await run(31)).toEqual({ id_documents: 2, ticket_images: 0, personal_data: 0 });
    for (const claim of [paid, rejected]) {
      const now = await held(claim.hashid);
      expect(now.fileTypes).toEqual(['ticketBack', 'ticketFront']);
      expect(now.bytesOnDisk).toBe(2);
      expect(now.email).toBe(claim.email);
    }
    expect((await held(open.hashid)).fileTypes).toEqual(ALL_FILES);
    expect(await run(89)).toEqual({ id_documents: 0, ticket_images: 0, personal_data: 0 });
  });

  it("when the ticket image days have passed, then the closed claims' ticket images go", async () => {
    expect(await run(91)).toEqual({ id_documents: 0, ticket_images: 2, personal_data: 0 });
    for (const claim of [paid, rejected]) {
      const now = await held(claim.hashid);
      expect(now.fileTypes).toEqual([]);
      expect(now.email).toBe(claim.email);
      expect(now.personalDetails).toBe(1);
    }
    expect(await run(2189)).toEqual({ id_documents: 0, ticket_images: 0, personal_data: 0 });
  });

  it('when the personal data days have passed, then the closed claims are anonymised, their internal notes gone, and the open one keeps everything', async () => {
    expect(await run(2191)).toEqual({ id_documents: 0, ticket_images: 0, personal_data: 2 });
    for (const claim of [paid, rejected]) {
      const now = await held(claim.hashid);
      expect(now.email).toBeNull();
      expect(now.personalDetails).toBe(0);
      expect(now.notes).toBe(0);
      const page = await advisor.get(`/api/v1/staff/claims/${claim.hashid}`);
      expect(page.body.notes).toEqual([]);
      expect(JSON.stringify(page.body)).not.toContain('moving house');
    }
    const kept = await held(open.hashid);
    expect(kept).toEqual({
      fileTypes: ALL_FILES,
      bytesOnDisk: 4,
      email: open.email,
      personalDetails: 1,
      notes: 1,
    });
  });

  it('when a claim is anonymised, then staff reporting still finds it by reference with its amount, and its timeline says what went when', async () => {
    const queue = await advisor.get(`/api/v1/staff/claims?q=${paid.hashid}&closed=true`);
    expect(queue.status).toBe(200);
    expect(queue.body.items).toEqual([
      expect.objectContaining({ reference: paid.hashid, prizeAmountPence: 125000, step: 'paid' }),
    ]);
    const paidOnly = await advisor.get('/api/v1/staff/claims?step=paid');
    expect(paidOnly.body.items.map((item: { reference: string }) => item.reference)).toContain(
      paid.hashid,
    );

    const page = await advisor.get(`/api/v1/staff/claims/${paid.hashid}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.email).toBeUndefined();
    expect(page.body.personalDetails).toBeUndefined();
    expect(page.body.ticketDetails.prizeAmountPence).toBe(125000);
    const events = page.body.timeline.map((entry: { event: string; at: string }) => [
      entry.event,
      entry.at,
    ]);
    const at = (days: number) => new Date(closedAt + days * DAY).toISOString();
    expect(events).toEqual(
      expect.arrayContaining([
        ['retention.id_documents_deleted', at(31)],
        ['retention.ticket_images_deleted', at(91)],
        ['retention.personal_data_anonymised', at(2191)],
      ]),
    );
    expect(page.body.dataRemoved).toEqual({
      idDocumentsDeletedAt: at(31),
      ticketImagesDeletedAt: at(91),
      personalDataRemovedAt: at(2191),
    });
  });
});
