import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UploadedFileSchema } from '../../src/modules/claim/claim.entity.ts';
import { EmailOutboxSchema } from '../../src/modules/mail/email-outbox.entity.ts';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { useClaimServer } from '../support/claim-server.ts';
import sharp from 'sharp';
import { jpegWithGps } from '../support/images.ts';
import { checkIdentity, pinkClaim, startAndVerify, upload } from '../support/journey.ts';
import { submittedClaim } from '../support/operator.ts';
import { bytesOnceReencoded } from '../support/reencoded.ts';
import { decodeQr } from './qr.ts';
import { staffMember, type StaffMember } from './staff-member.ts';

const PAYMENT_DETAILS_URL = 'https://pay.example.co.uk/payment-details';
const ctx = useClaimServer({ PAYMENT_DETAILS_URL });

const step = (staff: StaffMember, hashid: string, body: object) =>
  staff.post(`/api/v1/staff/claims/${hashid}/step`, body);

const progress = (token: string) => request(ctx.server.url).get(`/api/v1/claim/${token}/progress`);

const auditRows = (claimId: string) =>
  ctx.server.orm.em
    .fork()
    .find(StaffAuditSchema, { claimId }, { orderBy: { id: 'asc' }, disableIdentityMap: true });

async function claimId(hashid: string): Promise<string> {
  const rows = await ctx.server.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ id: string }>>('select id from claim where hashid = ?', [hashid]);
  return rows[0]!.id;
}

/** The preview's bytes, once the background re-encoding has made it (409 until then). */
function preview(staff: StaffMember, hashid: string, uuid: string) {
  return bytesOnceReencoded(() => staff.get(`/api/v1/staff/claims/${hashid}/files/${uuid}`));
}

describe('the five steps', () => {
  it('when an advisor takes a claim through every step, then each e-mail arrives, the QR code finds the claim, the claimant sees each step and the timeline names the advisor', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const submittedProgress = (await progress(claim.token)).body;
    expect(submittedProgress).toEqual({
      reference: claim.hashid,
      step: 'submitted',
      completedSteps: 0,
      paymentMethod: 'bank_transfer',
      stepDates: [{ step: 'submitted', at: expect.any(String) }],
      infoRequestOpen: false,
    });

    const reviewed = await step(advisor, claim.hashid, { from: 'submitted', to: 'reviewed' });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({
      claimHashid: claim.hashid,
      reference: claim.hashid,
      step: 'reviewed',
      allowedTransitions: ['ticket_requested', 'rejected'],
    });
    expect(reviewed.body.ticketCode).toBeUndefined();
    expect((await progress(claim.token)).body.completedSteps).toBe(1);

    const requested = await step(advisor, claim.hashid, {
      from: 'reviewed',
      to: 'ticket_requested',
    });
    expect(requested.status).toBe(200);
    const ticketCode: string = requested.body.ticketCode;
    expect(ticketCode).toMatch(/^PC-[0-9A-HJKMNP-TV-Z]{10}$/);
    const ticketMail = await ctx.sink.waitFor(
      claim.email,
      new RegExp(`^Please post your ticket - claim ${claim.hashid}$`),
    );
    expect(ticketMail.text).toContain(ticketCode);
    expect(ticketMail.text).toContain('Winner Services, PO Box 1234, Watford, WD17 1AA');
    const qr = ticketMail.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(qr?.cid).toBe('ticket-code-qr');
    // mailparser puts an inline attachment in place of the `cid:` the HTML refers to it by.
    expect(ticketMail.html).toContain(
      `src="data:image/png;base64,${qr!.content.toString('base64')}"`,
    );
    // Once sent, the outbox keeps no copy of the message or its QR code.
    const outbox = () => ctx.server.orm.em.fork();
    await expect
      .poll(() =>
        outbox().count(EmailOutboxSchema, {
          kind: 'step.ticket_requested',
          sentAt: { $ne: null },
        }),
      )
      .toBeGreaterThan(0);
    expect(
      await outbox().count(EmailOutboxSchema, {
        kind: 'step.ticket_requested',
        sentAt: { $ne: null },
        $or: [{ attachments: { $ne: null } }, { textBody: { $ne: null } }],
      }),
    ).toBe(0);
    const scanned = await decodeQr(qr!.content);
    expect(scanned).toBe(ticketCode);
    // Typed in lower case or scanned, the code finds the claim.
    for (const typed of [scanned!, scanned!.toLowerCase()]) {
      const found = await advisor.get(`/api/v1/staff/ticket-codes/${typed}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ claimHashid: claim.hashid });
    }
    expect((await progress(claim.token)).body.completedSteps).toBe(2);

    expect(
      (await step(advisor, claim.hashid, { from: 'ticket_requested', to: 'ticket_received' }))
        .status,
    ).toBe(200);
    expect((await progress(claim.token)).body.completedSteps).toBe(3);

    expect(
      (
        await step(advisor, claim.hashid, {
          from: 'ticket_received',
          to: 'payment_details_requested',
        })
      ).status,
    ).toBe(200);
    const paymentMail = await ctx.sink.waitFor(claim.email, /^Please send your payment details/);
    expect(paymentMail.text).toContain(`${PAYMENT_DETAILS_URL}?reference=${claim.hashid}`);
    expect((await progress(claim.token)).body.completedSteps).toBe(4);

    const paid = await step(advisor, claim.hashid, {
      from: 'payment_details_requested',
      to: 'paid',
    });
    expect(paid.body).toMatchObject({ step: 'paid', ticketCode, allowedTransitions: [] });
    const paidMail = await ctx.sink.waitFor(claim.email, /^Your prize has been paid/);
    expect(paidMail.text).toContain('within 2-3 days');
    const paidProgress = (await progress(claim.token)).body;
    expect(paidProgress).toMatchObject({
      reference: claim.hashid,
      step: 'paid',
      completedSteps: 5,
      payment: { amountPence: expect.any(Number), paidAt: expect.any(String) },
    });
    expect(paidProgress.stepDates.map((date: { step: string }) => date.step)).toEqual([
      'submitted',
      'reviewed',
      'ticket_requested',
      'ticket_received',
      'payment_details_requested',
      'paid',
    ]);
    // The status link works for STATUS_LINK_DAYS_AFTER_CLOSE (90 by default) after payment.
    const lasts = Date.parse(paidProgress.availableUntil) - Date.parse(paidProgress.payment.paidAt);
    expect(Math.abs(lasts - 90 * 86_400_000)).toBeLessThan(60_000);

    const page = await advisor.get(`/api/v1/staff/claims/${claim.hashid}`);
    const changes = page.body.timeline.filter(
      (entry: { event: string }) => entry.event === 'claim.step_changed',
    );
    expect(changes).toEqual([
      expect.objectContaining({ staffName: advisor.name, detail: 'Submitted → Reviewed' }),
      expect.objectContaining({ staffName: advisor.name, detail: 'Reviewed → Ticket requested' }),
      expect.objectContaining({
        staffName: advisor.name,
        detail: 'Ticket requested → Ticket received',
      }),
      expect.objectContaining({
        staffName: advisor.name,
        detail: 'Ticket received → Payment details requested',
      }),
      expect.objectContaining({
        staffName: advisor.name,
        detail: 'Payment details requested → Paid',
      }),
    ]);
    expect(page.body.timeline[0]).toMatchObject({ event: 'claim.started' });
    expect(page.body.timeline.map((entry: { event: string }) => entry.event)).toContain(
      'claim.submitted',
    );
  });

  it('when a move is not the next step, or the claim has moved on, then 409 and nothing changes', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const skip = await step(advisor, claim.hashid, { from: 'submitted', to: 'ticket_requested' });
    expect(skip.status).toBe(409);
    expect(skip.body).toEqual({
      statusCode: 409,
      message: 'This claim cannot move from submitted to ticket requested.',
      error: 'Conflict',
    });
    const stale = await step(advisor, claim.hashid, { from: 'reviewed', to: 'ticket_requested' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      statusCode: 409,
      message: 'This claim has moved to another step. Reload it and try again.',
      error: 'Conflict',
      currentStep: 'submitted',
      allowedTransitions: ['reviewed', 'rejected'],
    });
    expect((await step(advisor, claim.hashid, { from: 'paid', to: 'reviewed' })).status).toBe(409);
    expect((await progress(claim.token)).body.step).toBe('submitted');
    expect(await auditRows(await claimId(claim.hashid))).toEqual([]);

    // Two advisors on one page: the first move wins, the second finds the claim moved.
    const [first, second] = await Promise.all([
      step(advisor, claim.hashid, { from: 'submitted', to: 'reviewed' }),
      step(advisor, claim.hashid, { from: 'submitted', to: 'rejected', reason: 'Duplicate' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
  });

  it('when customer care or an admin tries to change a step, then 403, and their claim page offers no moves', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    for (const role of ['customer_care', 'admin'] as const) {
      const staff = await staffMember(ctx.server, role);
      const res = await step(staff, claim.hashid, { from: 'submitted', to: 'reviewed' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message: 'You do not have access to this.',
        error: 'Forbidden',
      });
      const page = await staff.get(`/api/v1/staff/claims/${claim.hashid}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ step: 'submitted', allowedTransitions: [] });
    }
    expect((await progress(claim.token)).body.step).toBe('submitted');
  });

  it('when a claim is rejected, then a reason is required, kept, shown on the timeline, the e-mail names Customer Care without the reason and the claimant keeps the steps completed', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    await step(advisor, claim.hashid, { from: 'submitted', to: 'reviewed' });
    const noReason = await step(advisor, claim.hashid, { from: 'reviewed', to: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toEqual([
      {
        property: 'reason',
        name: 'reason',
        constraints: {
          required: 'Enter a reason for rejecting the claim (up to 500 characters).',
        },
        children: [],
      },
    ]);
    const rejected = await step(advisor, claim.hashid, {
      from: 'reviewed',
      to: 'rejected',
      reason: 'The ticket is not a winning ticket of this draw.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      step: 'rejected',
      rejectionReason: 'The ticket is not a winning ticket of this draw.',
      allowedTransitions: [],
    });
    expect(rejected.body.timeline.at(-1)).toMatchObject({
      event: 'claim.step_changed',
      staffName: advisor.name,
      detail: 'Reviewed → Rejected. Reason: The ticket is not a winning ticket of this draw.',
    });
    expect((await progress(claim.token)).body).toMatchObject({
      reference: claim.hashid,
      step: 'rejected',
      completedSteps: 1,
    });
    // The claimant is told to phone Customer Care; the staff's reason is never sent.
    const rejectedMail = await ctx.sink.waitFor(claim.email, /^An update on your prize claim/);
    expect(rejectedMail.text).toContain(`Customer Care on ${ctx.server.config.customerCarePhone}`);
    expect(rejectedMail.text).not.toContain('winning ticket');
    expect(rejectedMail.html).not.toContain('winning ticket');
    // A reason belongs to a rejection only.
    const other = await submittedClaim(ctx.server.url, ctx.sink);
    const stray = await step(advisor, other.hashid, {
      from: 'submitted',
      to: 'reviewed',
      reason: 'Looks fine',
    });
    expect(stray.status).toBe(400);
    expect(stray.body.message[0].property).toBe('reason');
  });
});

describe('the claim page', () => {
  it('when the claimant uploaded ID documents, then the claim page answers with their upload events on the timeline', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token, { isOwner: false });
    expect(check.idDocsRequired).toBe(true);
    const front = await upload(ctx.server.url, token, 'ticketFront');
    const back = await upload(ctx.server.url, token, 'ticketBack');
    const idDocument1FileUuid = await upload(ctx.server.url, token, 'idDocument1');
    const idDocument2FileUuid = await upload(ctx.server.url, token, 'idDocument2');
    const submitted = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(
        pinkClaim(check.uuid, front, back, {
          idDocsRequired: true,
          idDocument1FileUuid,
          idDocument2FileUuid,
        }),
      );
    expect(submitted.status).toBe(201);
    // The event names carry the file type, digits included: the contract's pattern admits them.
    const page = await advisor.get(`/api/v1/staff/claims/${submitted.body.claimHashid}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.timeline.map((entry: { event: string }) => entry.event)).toEqual(
      expect.arrayContaining(['file.uploaded.idDocument1', 'file.uploaded.idDocument2']),
    );
  });
});

describe('the queue', () => {
  it('when filters are given, then only matching claims are listed', async () => {
    const staff = await staffMember(ctx.server, 'customer_care');
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const big = await submittedClaim(ctx.server.url, ctx.sink);
    await step(advisor, big.hashid, { from: 'submitted', to: 'reviewed' });
    // A smaller prize: the submission with its own amount.
    const { token, email } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token);
    const front = await upload(ctx.server.url, token, 'ticketFront');
    const back = await upload(ctx.server.url, token, 'ticketBack');
    const submitted = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, front, back, { prizeAmountPence: 60000 }));
    const small = { hashid: submitted.body.claimHashid as string, email };

    const hashids = async (query: string) => {
      const res = await staff.get(`/api/v1/staff/claims?${query}&pageSize=100`);
      expect(res.status).toBe(200);
      return res.body.items.map((item: { claimHashid: string }) => item.claimHashid);
    };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() - 86_400_000),
    );

    const one = await staff.get(`/api/v1/staff/claims?q=${big.hashid.toLowerCase()}`);
    expect(one.body).toEqual({
      items: [
        {
          claimHashid: big.hashid,
          reference: big.hashid,
          step: 'reviewed',
          status: 'submitted',
          submittedAt: expect.any(String),
          productType: 'DBG',
          prizeAmountPence: 125000,
          idDocsRequired: false,
          claimantName: "Siân O'Neill-Smith",
          game: 'Lotto',
          ticketColour: 'PINK',
          stepSince: expect.any(String),
          waitingOn: 'staff',
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
      totalIsLowerBound: false,
    });
    expect(await hashids(`q=${encodeURIComponent(small.email.toUpperCase())}`)).toEqual([
      small.hashid,
    ]);
    expect(await hashids(`q=${encodeURIComponent(small.email.slice(0, -3))}`)).toEqual([]);
    expect(await hashids(`q=${big.hashid}&step=reviewed`)).toEqual([big.hashid]);
    expect(await hashids(`q=${big.hashid}&step=submitted`)).toEqual([]);
    expect(await hashids(`q=${small.hashid}&step=submitted`)).toEqual([small.hashid]);
    expect(await hashids(`q=${small.hashid}&prizeBand=up_to_1000`)).toEqual([small.hashid]);
    expect(await hashids(`q=${big.hashid}&prizeBand=up_to_1000`)).toEqual([]);
    expect(await hashids(`q=${big.hashid}&prizeBand=1000_to_10000`)).toEqual([big.hashid]);
    expect(await hashids(`q=${big.hashid}&prizeBand=over_10000`)).toEqual([]);
    expect(await hashids(`q=${big.hashid}&productType=DBG`)).toEqual([big.hashid]);
    expect(await hashids(`q=${big.hashid}&productType=SC`)).toEqual([]);
    expect(await hashids(`q=${big.hashid}&idDocsRequired=false`)).toEqual([big.hashid]);
    expect(await hashids(`q=${big.hashid}&idDocsRequired=true`)).toEqual([]);
    expect(await hashids(`q=${big.hashid}&submittedFrom=${today}&submittedTo=${today}`)).toEqual([
      big.hashid,
    ]);
    expect(await hashids(`q=${big.hashid}&submittedTo=${yesterday}`)).toEqual([]);
    const yearZero = await staff.get('/api/v1/staff/claims?submittedFrom=0000-01-01');
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.message[0].property).toBe('submittedFrom');
    const stepped = await hashids(`step=reviewed&submittedFrom=${today}`);
    expect(stepped).toContain(big.hashid);
    expect(stepped).not.toContain(small.hashid);
  });

  it('when the queue is paged, then pages follow oldest first without overlap and the total is what the page shows, a lower bound while pages follow', async () => {
    const staff = await staffMember(ctx.server, 'claims_advisor');
    for (let i = 0; i < 3; i++) await submittedClaim(ctx.server.url, ctx.sink);
    const first = await staff.get('/api/v1/staff/claims?pageSize=2&page=1');
    const second = await staff.get('/api/v1/staff/claims?pageSize=2&page=2');
    expect(first.body.items).toHaveLength(2);
    expect(second.body.items.length).toBeGreaterThanOrEqual(1);
    expect(first.body).toMatchObject({ total: 2, totalIsLowerBound: true });
    expect(second.body.total).toBe(2 + second.body.items.length);
    const times = [...first.body.items, ...second.body.items].map((item: { submittedAt: string }) =>
      Date.parse(item.submittedAt),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ids = [...first.body.items, ...second.body.items].map(
      (item: { claimHashid: string }) => item.claimHashid,
    );
    expect(new Set(ids).size).toBe(ids.length);
    const far = await staff.get(`/api/v1/staff/claims?pageSize=100&page=100000`);
    expect(far.body).toMatchObject({ items: [], page: 100000 });
    expect(far.body).toMatchObject({ total: 0, totalIsLowerBound: true });
  });
});

describe('what staff look at is recorded', () => {
  it('when a claim page and an image are viewed, then staff audit rows name who, what and when', async () => {
    const staff = await staffMember(ctx.server, 'customer_care');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const id = await claimId(claim.hashid);
    expect((await staff.get(`/api/v1/staff/claims/${claim.hashid}`)).status).toBe(200);
    const image = await preview(staff, claim.hashid, claim.front);
    expect(image.status).toBe(200);
    const rows = await auditRows(id);
    expect(rows.map((row) => [row.action, row.staff?.id, row.detail])).toEqual([
      ['claim.viewed', staff.id, null],
      ['claim.file_viewed', staff.id, { fileUuid: claim.front, fileType: 'ticketFront' }],
    ]);
    const page = await staff.get(`/api/v1/staff/claims/${claim.hashid}`);
    expect(page.body.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'claim.file_viewed',
          staffName: staff.name,
          detail: 'Ticket front',
        }),
        expect.objectContaining({ event: 'claim.viewed', staffName: staff.name }),
      ]),
    );
    expect(page.body.identityCheckResult).toMatchObject({
      idDocsRequired: false,
      provider: expect.any(String),
    });
  });

  it('when nobody is signed in, or the CSRF token is missing, then nothing is shown or changed', async () => {
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    for (const path of [
      '/api/v1/staff/claims',
      `/api/v1/staff/claims/${claim.hashid}`,
      `/api/v1/staff/claims/${claim.hashid}/files/${claim.front}`,
      '/api/v1/staff/ticket-codes/PC-7Q2M9XA4KD',
    ])
      expect((await request(ctx.server.url).get(path)).status).toBe(401);
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const unsigned = await request(ctx.server.url)
      .post(`/api/v1/staff/claims/${claim.hashid}/step`)
      .set('Cookie', advisor.cookie)
      .send({ from: 'submitted', to: 'reviewed' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.message).toBe('A valid CSRF token is required.');
    expect((await progress(claim.token)).body.step).toBe('submitted');
    expect(await auditRows(await claimId(claim.hashid))).toEqual([]);
  });
});

describe('image previews', () => {
  it('when an image is previewed, then only the re-encoded bytes are served, never the upload as sent', async () => {
    const staff = await staffMember(ctx.server, 'claims_advisor');
    const photo = await jpegWithGps();
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token);
    const front = await upload(
      ctx.server.url,
      token,
      'ticketFront',
      Buffer.from(photo),
      'front.jpg',
    );
    const back = await upload(ctx.server.url, token, 'ticketBack');
    const submitted = await request(ctx.server.url)
      .post(`/api/v1/claim/${token}`)
      .send(pinkClaim(check.uuid, front, back));
    const res = await preview(staff, submitted.body.claimHashid, front);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    const served = res.body as Buffer;
    expect(served.equals(photo)).toBe(false);
    // The camera's EXIF (its GPS position) is gone; the pixels are the photo's.
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([64, 48]);
    const stored = await ctx.server.orm.em.fork().findOneOrFail(UploadedFileSchema, { id: front });
    expect(createHash('sha256').update(served).digest('hex')).toBe(stored.sha256);
    expect(stored.sanitizedAt).toBeInstanceOf(Date);
  });

  it("when an image is not re-encoded yet, could not be, or is not the claim's, then its bytes are not served", async () => {
    const staff = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const other = await submittedClaim(ctx.server.url, ctx.sink);
    expect((await preview(staff, claim.hashid, claim.back)).status).toBe(200);
    const em = ctx.server.orm.em.fork();
    await em.nativeUpdate(UploadedFileSchema, { id: claim.back }, { sanitizedAt: null });
    const waiting = await staff.get(`/api/v1/staff/claims/${claim.hashid}/files/${claim.back}`);
    expect(waiting.status).toBe(409);
    expect(waiting.headers['content-type']).toMatch(/^application\/json/);
    await em.nativeUpdate(
      UploadedFileSchema,
      { id: claim.back },
      { sanitizedAt: new Date(), sanitizeError: 'Error' },
    );
    expect(
      (await staff.get(`/api/v1/staff/claims/${claim.hashid}/files/${claim.back}`)).status,
    ).toBe(404);
    expect(
      (await staff.get(`/api/v1/staff/claims/${claim.hashid}/files/${other.front}`)).status,
    ).toBe(404);
    expect(
      (await auditRows(await claimId(claim.hashid))).filter(
        (row) => row.action === 'claim.file_viewed',
      ),
    ).toHaveLength(1);
  });
});

describe('info requests from the back office', () => {
  it('when customer care asks for information, then the claimant is e-mailed and the request is audited; an admin may not', async () => {
    const care = await staffMember(ctx.server, 'customer_care');
    const admin = await staffMember(ctx.server, 'admin');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const path = `/api/v1/staff/claims/${claim.hashid}/info-requests`;
    expect((await admin.post(path, { sectionTypeList: ['PERSONAL_DETAILS'] })).status).toBe(403);
    const created = await care.post(path, { sectionTypeList: ['PERSONAL_DETAILS'] });
    expect(created.status).toBe(201);
    await ctx.sink.waitFor(claim.email, /more information/);
    const rows = await auditRows(await claimId(claim.hashid));
    expect(rows.map((row) => [row.action, row.staff?.id, row.detail])).toEqual([
      [
        'claim.info_requested',
        care.id,
        { infoRequestUuid: created.body.uuid, sectionTypeList: ['PERSONAL_DETAILS'] },
      ],
    ]);
  });
});

describe('ticket codes and progress', () => {
  it('when a ticket code is unknown, then 404; when it is malformed, then 400', async () => {
    const staff = await staffMember(ctx.server, 'customer_care');
    const unknown = await staff.get('/api/v1/staff/ticket-codes/PC-0000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No claim has this ticket code.');
    expect((await staff.get('/api/v1/staff/ticket-codes/XX-123')).status).toBe(400);
  });

  it('when the claim link is unknown, then 404; when the claim is not submitted yet, then 409', async () => {
    expect((await progress('q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eUq3Xz9vLmT8s')).status).toBe(404);
    const { token } = await startAndVerify(ctx.server.url, ctx.sink);
    const open = await progress(token);
    expect(open.status).toBe(409);
    expect(open.body.message).toBe('This claim has not been submitted yet.');
  });
});
