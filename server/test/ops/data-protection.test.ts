import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { dataProtectionService } from '../../src/modules/data-protection/data-protection.service.ts';
import { localDiskStorage } from '../../src/modules/files/storage.ts';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { staffMember, type StaffMember } from '../claim-process/staff-member.ts';
import { uniqueEmail } from '../support/journey.ts';
import { bytesOnceReencoded } from '../support/reencoded.ts';
import {
  claimWithImages,
  moveTo,
  useOwnDatabaseServer,
  type ClaimWithImages,
} from './closed-claims.ts';

const ctx = useOwnDatabaseServer('data_protection');
const BASE = '/api/v1/staff/data-protection';

let officer: StaffMember;
let advisor: StaffMember;
let email: string;
let paid: ClaimWithImages;
let open: ClaimWithImages;

/** The archive's entries: name to bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function claimId(hashid: string): Promise<string> {
  const [row] = await ctx.server.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ id: string }>>('select id from claim where hashid = ?', [hashid]);
  return row!.id;
}

const auditOf = (staffId: string) =>
  ctx.server.orm.em
    .fork()
    .find(
      StaffAuditSchema,
      { staff: staffId },
      { orderBy: { id: 'asc' }, disableIdentityMap: true },
    );

beforeAll(async () => {
  officer = await staffMember(ctx.server, 'data_protection');
  advisor = await staffMember(ctx.server, 'claims_advisor');
  email = uniqueEmail('rights');
  paid = await claimWithImages(ctx, {}, email);
  open = await claimWithImages(ctx);
  // The same person's second claim, the address typed in capitals (one verification e-mail per
  // address at a time in the test's inbox: the address is set on the row).
  await ctx.server.orm.em
    .fork()
    .getConnection()
    .execute('update claim set email = ? where hashid = ?', [email.toUpperCase(), open.hashid]);
  await advisor.post(`/api/v1/staff/claims/${paid.hashid}/notes`, {
    text: 'Claimant asked us to call her on her mobile after 6pm',
  });
  await moveTo(advisor, paid.hashid, 'paid');
  await moveTo(advisor, open.hashid, 'reviewed');
  // Previews exist once re-encoded: wait, so the archive holds the re-encoded bytes.
  for (const claim of [paid, open])
    for (const uuid of Object.values(claim.files))
      expect(
        (
          await bytesOnceReencoded(() =>
            officer.get(`/api/v1/staff/claims/${claim.hashid}/files/${uuid}`),
          )
        ).status,
      ).toBe(200);
}, 120_000);

describe("a claimant's rights", () => {
  it('when data protection staff search an e-mail address in any case, then every claim holding it is listed, and the search is audited without the address', async () => {
    const res = await officer.post(`${BASE}/searches`, {
      email: ` ${email.toUpperCase()} `.trim(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items).toHaveLength(2);
    const byReference = Object.fromEntries(
      res.body.items.map((item: { reference: string }) => [item.reference, item]),
    );
    expect(byReference[paid.hashid]).toMatchObject({
      step: 'paid',
      erasable: true,
      prizeAmountPence: 125000,
    });
    expect(byReference[open.hashid]).toMatchObject({ step: 'reviewed', erasable: false });
    const audit = await auditOf(officer.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'data_protection.searched',
      detail: { claimsFound: 2 },
    });
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it('when another role asks, then it is refused; an admin may', async () => {
    for (const role of ['claims_advisor', 'customer_care'] as const) {
      const staff = await staffMember(ctx.server, role);
      expect((await staff.post(`${BASE}/searches`, { email })).status).toBe(403);
      expect((await staff.post(`${BASE}/exports`, { email })).status).toBe(403);
      expect(
        (await staff.post(`${BASE}/claims/${paid.hashid}/erasure`, { reason: 'x' })).status,
      ).toBe(403);
    }
    const admin = await staffMember(ctx.server, 'admin');
    expect((await admin.post(`${BASE}/searches`, { email })).status).toBe(200);
    // No CSRF token, no call: the address is never sent on a link.
    const noCsrf = await request(ctx.server.url)
      .post(`${BASE}/searches`)
      .set('Cookie', officer.cookie)
      .send({ email });
    expect(noCsrf.status).toBe(403);
  });

  it('when the claims are exported, then one archive holds a JSON document per claim and every image byte for byte, and each export is audited', async () => {
    const res = await binary(
      request(ctx.server.url)
        .post(`${BASE}/exports`)
        .set('Cookie', officer.cookie)
        .set('X-CSRF-Token', officer.csrfToken)
        .send({ email }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="claims-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(res.body as Buffer);
    for (const claim of [paid, open]) {
      const document = JSON.parse(entries.get(`${claim.hashid}/claim.json`)!.toString());
      expect(document).toMatchObject({ reference: claim.hashid, status: 'submitted' });
      expect(document.email.toLowerCase()).toBe(email.toLowerCase());
      expect(document.identityChecks[0].personalDetails).toMatchObject({
        lastName: "O'Neill-Smith",
      });
      expect(document.claimDetails.prizeAmountPence).toBe(125000);
      expect(document.internalNotes).toEqual(
        claim === paid
          ? [
              {
                text: 'Claimant asked us to call her on her mobile after 6pm',
                createdAt: expect.any(String),
              },
            ]
          : [],
      );
      expect(document.files).toHaveLength(4);
      for (const file of document.files as Array<{ uuid: string; archivedAs: string }>) {
        const served = await bytesOnceReencoded(() =>
          officer.get(`/api/v1/staff/claims/${claim.hashid}/files/${file.uuid}`),
        );
        expect(entries.get(`${claim.hashid}/${file.archivedAs}`)).toEqual(served.body);
      }
    }
    const exported = (await auditOf(officer.id)).filter((row) => row.action === 'claim.exported');
    expect(exported.map((row) => row.claimId).sort()).toEqual(
      [await claimId(paid.hashid), await claimId(open.hashid)].sort(),
    );
    const page = await officer.get(`/api/v1/staff/claims/${paid.hashid}`);
    expect(page.body.timeline.map((entry: { event: string }) => entry.event)).toContain(
      'claim.exported',
    );
  });

  it('when an image is re-encoded after the export read its row, then the archive holds it from its new key', async () => {
    const storage = localDiskStorage(ctx.server.config.uploadDir);
    const em = ctx.server.orm.em.fork();
    const [file] = await em
      .getConnection()
      .execute<Array<{ id: string; storage_key: string }>>(
        'select id, storage_key from uploaded_file where id = ?',
        [open.files.ticketFront],
      );
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      void storage.open(file!.storage_key).then((stream) =>
        stream
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => resolve(Buffer.concat(chunks)))
          .on('error', reject),
      );
    });
    // What the re-encoder does, between the export's read of the row and its opening of the bytes.
    const moved = {
      ...storage,
      async open(key: string) {
        if (key === file!.storage_key) {
          const temp = storage.tempPath();
          fs.writeFileSync(temp, bytes);
          const newKey = await storage.commit(temp);
          await em
            .getConnection()
            .execute('update uploaded_file set storage_key = ? where id = ?', [newKey, file!.id]);
          await storage.remove(key);
        }
        return storage.open(key);
      },
    };
    const principal = { ...officer, email: 'officer@example.com', roles: [officer.role] };
    const archive = await dataProtectionService({ em: ctx.server.orm.em, storage: moved }).export(
      email,
      { ...principal, sessionId: 'not used by an export' },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of archive) chunks.push(chunk as Buffer);
    const entries = await unzip(Buffer.concat(chunks));
    const name = [...entries.keys()].find((entry) => entry.includes(file!.id));
    expect(entries.get(name!)).toEqual(bytes);
  });

  it('when an image of the claims has gone from the store, then the download fails and the server keeps answering', async () => {
    const gone = await claimWithImages(ctx, {}, uniqueEmail('gone'));
    // Once re-encoded, so the image's key no longer changes under the test.
    await bytesOnceReencoded(() =>
      officer.get(`/api/v1/staff/claims/${gone.hashid}/files/${gone.files.ticketBack}`),
    );
    const [file] = await ctx.server.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ storage_key: string }>>(
        'select storage_key from uploaded_file where id = ?',
        [gone.files.ticketBack],
      );
    await localDiskStorage(ctx.server.config.uploadDir).remove(file!.storage_key);
    const failed = await binary(
      request(ctx.server.url)
        .post(`${BASE}/exports`)
        .set('Cookie', officer.cookie)
        .set('X-CSRF-Token', officer.csrfToken)
        .send({ email: gone.email }),
    ).then(
      (res) => unzip(res.body as Buffer).then(() => 'whole archive'),
      () => 'download failed',
    );
    expect(failed).not.toBe('whole archive');
    expect((await request(ctx.server.url).get('/api/v1/health/live')).status).toBe(200);
  });

  it('when no claim holds the address, then the export answers 404', async () => {
    const res = await officer.post(`${BASE}/exports`, { email: uniqueEmail('nobody') });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No claim holds this e-mail address.');
  });

  it('when erasure is asked for a claim still in the process, then it is refused and nothing is removed', async () => {
    const res = await officer.post(`${BASE}/claims/${open.hashid}/erasure`, {
      reason: 'Claimant asked by phone',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still in the process/);
    const page = await officer.get(`/api/v1/staff/claims/${open.hashid}`);
    expect(page.body.email).toBeDefined();
    expect(page.body.files).toHaveLength(4);
    const erasures = (await auditOf(officer.id)).filter(
      (row) => row.action === 'claim.personal_data_erased',
    );
    expect(erasures).toHaveLength(0);
  });

  it('when erasure is asked without a reason, then it is refused', async () => {
    const res = await officer.post(`${BASE}/claims/${paid.hashid}/erasure`, { reason: '   ' });
    expect(res.status).toBe(400);
  });

  it('when a paid claim is erased with a reason, then its personal data, internal notes and images are gone, its financial record stays, and the erasure is audited with its reason', async () => {
    const before = await advisor.get(`/api/v1/staff/claims/${paid.hashid}`);
    expect(before.body.notes).toHaveLength(1);
    const reason = 'Erasure requested by the claimant by letter of 20 November 2026';
    const keys = await ctx.server.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ storage_key: string }>>(
        'select storage_key from uploaded_file where claim_id = ?',
        [await claimId(paid.hashid)],
      );
    const res = await officer.post(`${BASE}/claims/${paid.hashid}/erasure`, { reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ reference: paid.hashid, personalDataRemovedAt: expect.any(String) });
    for (const { storage_key: key } of keys)
      expect(fs.existsSync(path.join(ctx.server.config.uploadDir, 'files', key))).toBe(false);

    const page = await advisor.get(`/api/v1/staff/claims/${paid.hashid}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.email).toBeUndefined();
    expect(page.body.personalDetails).toBeUndefined();
    expect(page.body.files).toEqual([]);
    expect(page.body.notes).toEqual([]);
    expect(JSON.stringify(page.body)).not.toContain('after 6pm');
    const [notes] = await ctx.server.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ n: string }>>('select count(*) as n from staff_note where claim_id = ?', [
        await claimId(paid.hashid),
      ]);
    expect(Number(notes!.n)).toBe(0);
    // The audit keeps that a note was added, never its text.
    expect(page.body.timeline.map((entry: { event: string }) => entry.event)).toContain(
      'claim.note_added',
    );
    expect(page.body.ticketDetails.prizeAmountPence).toBe(125000);
    expect(page.body.step).toBe('paid');
    expect(page.body.dataRemoved).toEqual({
      idDocumentsDeletedAt: res.body.personalDataRemovedAt,
      ticketImagesDeletedAt: res.body.personalDataRemovedAt,
      personalDataRemovedAt: res.body.personalDataRemovedAt,
    });
    expect(page.body.timeline).toContainEqual(
      expect.objectContaining({
        event: 'claim.personal_data_erased',
        staffName: officer.name,
        detail: reason,
      }),
    );
    const erased = (await auditOf(officer.id)).filter(
      (row) => row.action === 'claim.personal_data_erased',
    );
    expect(erased).toHaveLength(1);
    expect(erased[0]).toMatchObject({ claimId: await claimId(paid.hashid), detail: { reason } });

    // The address now finds only the open claim; a second erasure keeps the first one's time.
    const search = await officer.post(`${BASE}/searches`, { email });
    expect(search.body.items.map((item: { reference: string }) => item.reference)).toEqual([
      open.hashid,
    ]);
    const again = await officer.post(`${BASE}/claims/${paid.hashid}/erasure`, { reason });
    expect(again.body.personalDataRemovedAt).toBe(res.body.personalDataRemovedAt);
  });
});
