import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { StaffAuditSchema } from '../../src/modules/staff/audit/staff-audit.entity.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { checkIdentity, pinkClaim, startAndVerify, upload } from '../support/journey.ts';
import { submittedClaim } from '../support/operator.ts';
import { staffMember, type StaffMember } from './staff-member.ts';

// Each test submits several claims through the real journey: slow on a shared machine.
vi.setConfig({ testTimeout: 240_000 });

const ctx = useClaimServer();

/** A surname no other test's claim has, so a search by it isolates this test's claims. */
const surname = () =>
  `Q${Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const step = (staff: StaffMember, hashid: string, from: string, to: string, reason?: string) =>
  staff.post(`/api/v1/staff/claims/${hashid}/step`, { from, to, ...(reason ? { reason } : {}) });

const send = (staff: StaffMember, method: 'put' | 'delete', path: string) =>
  request(ctx.server.url)
    [method](path)
    .set('Cookie', staff.cookie)
    .set('X-CSRF-Token', staff.csrfToken);

async function hashids(staff: StaffMember, query: string): Promise<string[]> {
  const res = await staff.get(`/api/v1/staff/claims?${query}`);
  expect(res.status, ctx.server.logs.filter((line) => line.includes('"level":50')).join('\n')).toBe(
    200,
  );
  return res.body.items.map((item: { claimHashid: string }) => item.claimHashid);
}

/** Claims by one claimant surname, submitted one after another (oldest first in the array). */
async function claimsOf(lastName: string, count: number, identity: Record<string, unknown> = {}) {
  const claims = [];
  for (let i = 0; i < count; i++)
    claims.push(await submittedClaim(ctx.server.url, ctx.sink, { lastName, ...identity }));
  return claims;
}

describe('the queue order and pages', () => {
  it('when claims were submitted in a known order, then the default queue lists the oldest first and leaves out paid and rejected claims', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const name = surname();
    const [first, second, third, fourth] = await claimsOf(name, 4);
    // Third claim paid, fourth rejected: both closed.
    for (const [from, to] of [
      ['submitted', 'reviewed'],
      ['reviewed', 'ticket_requested'],
      ['ticket_requested', 'ticket_received'],
      ['ticket_received', 'payment_details_requested'],
      ['payment_details_requested', 'paid'],
    ])
      expect((await step(advisor, third!.hashid, from!, to!)).status).toBe(200);
    expect((await step(advisor, fourth!.hashid, 'submitted', 'rejected', 'Duplicate')).status).toBe(
      200,
    );

    expect(await hashids(advisor, `q=${name}`)).toEqual([first!.hashid, second!.hashid]);
    expect(await hashids(advisor, `q=${name}&order=desc`)).toEqual([second!.hashid, first!.hashid]);
    expect(await hashids(advisor, `q=${name}&closed=true`)).toEqual(
      [first, second, third, fourth].map((claim) => claim!.hashid),
    );
    expect(await hashids(advisor, `q=${name}&step=paid`)).toEqual([third!.hashid]);
    // An exact reference names one claim: found paid or rejected, the default view otherwise kept.
    expect(await hashids(advisor, `q=${third!.hashid}`)).toEqual([third!.hashid]);
    expect(await hashids(advisor, `q=${fourth!.hashid.toLowerCase()}`)).toEqual([fourth!.hashid]);
    expect(await hashids(advisor, `q=${third!.hashid}&step=reviewed`)).toEqual([]);
    // By step: submitted before reviewed, whatever the submission order.
    await step(advisor, first!.hashid, 'submitted', 'reviewed');
    expect(await hashids(advisor, `q=${name}&sort=step`)).toEqual([second!.hashid, first!.hashid]);
    // Time at this step: the first claim reached its step (reviewed) after the second was submitted.
    expect(await hashids(advisor, `q=${name}&sort=timeAtStep&order=desc`)).toEqual([
      first!.hashid,
      second!.hashid,
    ]);
  });

  it('when every column is sorted on, then the order follows it and the rows carry name, game, colour, time at step and whose move it is', async () => {
    const staff = await staffMember(ctx.server, 'customer_care');
    const name = surname();
    const [adams] = await claimsOf(name, 1, { firstName: 'Adam' });
    const [zoe] = await claimsOf(name, 1, { firstName: 'Zoe' });
    expect(await hashids(staff, `q=${name}&sort=claimantName`)).toEqual([
      adams!.hashid,
      zoe!.hashid,
    ]);
    expect(await hashids(staff, `q=${name}&sort=claimantName&order=desc`)).toEqual([
      zoe!.hashid,
      adams!.hashid,
    ]);
    for (const sort of ['game', 'prize', 'assignedTo']) {
      const res = await staff.get(`/api/v1/staff/claims?q=${name}&sort=${sort}`);
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(2);
    }
    const row = (await staff.get(`/api/v1/staff/claims?q=${name}`)).body.items[0];
    expect(row).toMatchObject({
      claimantName: `Adam ${name}`,
      game: 'Lotto',
      ticketColour: 'PINK',
      waitingOn: 'staff',
      stepSince: row.submittedAt,
    });
    expect(row.assignedTo).toBeUndefined();
  });

  it('when the queue is read with cursors, then pages follow one another without gap or overlap, in both orders and by any sort', async () => {
    const staff = await staffMember(ctx.server, 'claims_advisor');
    const name = surname();
    const claims = await claimsOf(name, 5);
    const expected = claims.map((claim) => claim.hashid);
    for (const [sort, order] of [
      ['waiting', 'asc'],
      ['waiting', 'desc'],
      ['claimantName', 'asc'],
      ['timeAtStep', 'desc'],
    ] as const) {
      const seen: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const res = await staff.get(
          `/api/v1/staff/claims?q=${name}&pageSize=2&sort=${sort}&order=${order}${after ? `&after=${after}` : ''}`,
        );
        expect(res.status).toBe(200);
        // Never counted beyond the page: exact once the last page is reached.
        expect(res.body.total).toBe(after ? 2 + res.body.items.length : 2);
        expect(res.body.totalIsLowerBound).toBe(Boolean(after || res.body.nextCursor));
        seen.push(...res.body.items.map((item: { claimHashid: string }) => item.claimHashid));
        after = res.body.nextCursor;
        pages++;
      } while (after && pages < 10);
      expect(pages).toBe(3);
      expect([...seen].sort()).toEqual([...expected].sort());
      if (sort === 'waiting')
        expect(seen).toEqual(order === 'asc' ? expected : [...expected].reverse());
    }
    // A cursor belongs to its order; a made-up one is a 400, never a database error.
    const first = await staff.get(`/api/v1/staff/claims?q=${name}&pageSize=2`);
    const mixed = await staff.get(
      `/api/v1/staff/claims?q=${name}&pageSize=2&order=desc&after=${first.body.nextCursor}`,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.message[0].property).toBe('after');
    const forged = Buffer.from(
      JSON.stringify(['waiting', 'asc', 'not a time', '00000000-0000-0000-0000-000000000000']),
    ).toString('base64url');
    expect((await staff.get(`/api/v1/staff/claims?after=${forged}`)).status).toBe(400);
  });
});

describe('search', () => {
  it('when a caller gives a reference, e-mail, name, postcode, phone or ticket number, then exactly their claim is found', async () => {
    const staff = await staffMember(ctx.server, 'customer_care');
    const name = surname();
    const phone = `07700${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const { token, email } = await startAndVerify(ctx.server.url, ctx.sink);
    const check = await checkIdentity(ctx.server.url, token, {
      firstName: 'Bea',
      lastName: name,
      phoneNumber: phone,
    });
    const front = await upload(ctx.server.url, token, 'ticketFront');
    const back = await upload(ctx.server.url, token, 'ticketBack');
    const body = pinkClaim(check.uuid, front, back);
    const submitted = await request(ctx.server.url).post(`/api/v1/claim/${token}`).send(body);
    expect(submitted.status).toBe(201);
    const hashid: string = submitted.body.claimHashid;
    const other = await submittedClaim(ctx.server.url, ctx.sink, { lastName: surname() });

    const find = (q: string) => hashids(staff, `q=${encodeURIComponent(q)}&pageSize=100`);
    expect(await find(hashid)).toEqual([hashid]);
    expect(await find(hashid.toLowerCase())).toEqual([hashid]);
    expect(await find(email.toUpperCase())).toEqual([hashid]);
    expect(await find(name.toUpperCase())).toEqual([hashid]);
    expect(await find(`bea ${name}`)).toEqual([hashid]);
    expect(await find(`+44 ${phone.slice(1, 5)} ${phone.slice(5)}`)).toEqual([hashid]);
    expect(await find(phone)).toEqual([hashid]);
    const ticket = body.dbgTicketNumber;
    expect(await find(ticket)).toEqual([hashid]);
    expect(await find(ticket.replaceAll('-', ' '))).toEqual([hashid]);
    // The postcode of every test claim: this one is among them, the search is by postcode.
    const byPostcode = await find('sw1a2aa');
    expect(byPostcode).toContain(hashid);
    expect(byPostcode).toContain(other.hashid);
    // Never a prefix or near match: a reference one character off finds nothing.
    const alphabet = 'K7Q2M9XAHRCW4EFN3TGYP8JBS6DZ5';
    const last = hashid.at(-1)!;
    const neighbour =
      hashid.slice(0, -1) + alphabet[(alphabet.indexOf(last) + 1) % alphabet.length];
    expect(await find(neighbour)).not.toContain(hashid);
    expect(await find(hashid.slice(0, -1))).toEqual([]);
    expect(await find(name.slice(0, -1))).toEqual([]);
  });
});

describe('who is working what', () => {
  it('when a member of staff assigns a claim to themselves, then it is in their claims with their name, until they unassign it; both are audited', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const colleague = await staffMember(ctx.server, 'customer_care');
    const name = surname();
    const [claim, unassigned] = await claimsOf(name, 2);
    const path = `/api/v1/staff/claims/${claim!.hashid}/assignee`;

    expect((await request(ctx.server.url).put(path).set('Cookie', advisor.cookie)).status).toBe(
      403,
    );
    const assigned = await send(advisor, 'put', path);
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignedTo).toEqual({ staffId: advisor.id, name: advisor.name });
    // Assignment alone leaves the claim at its step, dated at its submission.
    expect(assigned.body).toMatchObject({
      step: 'submitted',
      stepSince: assigned.body.submittedAt,
    });

    expect(await hashids(advisor, 'assignedTo=me')).toEqual([claim!.hashid]);
    expect(await hashids(colleague, 'assignedTo=me')).toEqual([]);
    expect(await hashids(advisor, `q=${name}&assignedTo=nobody`)).toEqual([unassigned!.hashid]);
    expect(await hashids(advisor, `q=${name}&step=submitted`)).toEqual([
      claim!.hashid,
      unassigned!.hashid,
    ]);
    const row = (await advisor.get(`/api/v1/staff/claims?q=${claim!.hashid}`)).body.items[0];
    expect(row.assignedTo).toEqual({ staffId: advisor.id, name: advisor.name });
    expect(await hashids(advisor, `q=${name}&sort=assignedTo`)).toEqual([
      claim!.hashid,
      unassigned!.hashid,
    ]);

    // Steps keep the assignee.
    expect((await step(advisor, claim!.hashid, 'submitted', 'reviewed')).body.assignedTo.name).toBe(
      advisor.name,
    );
    // A colleague takes it over.
    expect((await send(colleague, 'put', path)).body.assignedTo.staffId).toBe(colleague.id);
    expect(await hashids(advisor, 'assignedTo=me')).toEqual([]);
    const freed = await send(colleague, 'delete', path);
    expect(freed.status).toBe(200);
    expect(freed.body.assignedTo).toBeUndefined();
    expect(await hashids(colleague, 'assignedTo=me')).toEqual([]);

    const actions = await ctx.server.orm.em.fork().find(
      StaffAuditSchema,
      {
        action: { $in: ['claim.assigned', 'claim.unassigned'] },
        staff: { $in: [advisor.id, colleague.id] },
      },
      { orderBy: { id: 'asc' } },
    );
    expect(actions.map((row) => row.action)).toEqual([
      'claim.assigned',
      'claim.assigned',
      'claim.unassigned',
    ]);
  });

  it('when a note is added, then staff see it on the claim with its author, the audit records it without its text, and no e-mail goes', async () => {
    const staff = await staffMember(ctx.server, 'customer_care');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const path = `/api/v1/staff/claims/${claim.hashid}/notes`;
    const blank = await staff.post(path, { text: '   ' });
    expect(blank.status).toBe(400);
    const added = await staff.post(path, { text: ' Claimant phoned: ticket posted Monday. ' });
    expect(added.status).toBe(201);
    expect(added.body.notes).toEqual([
      {
        at: expect.any(String),
        staffName: staff.name,
        text: 'Claimant phoned: ticket posted Monday.',
      },
    ]);
    expect((await staff.get(`/api/v1/staff/claims/${claim.hashid}`)).body.notes).toHaveLength(1);
    const audit = await ctx.server.orm.em
      .fork()
      .find(StaffAuditSchema, { action: 'claim.note_added', staff: staff.id });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain('phoned');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      ctx.sink.messages.filter(
        (message) => message.to === claim.email && message.text.includes('phoned'),
      ),
    ).toEqual([]);
  });
});

describe('waiting states and stale changes', () => {
  it('when information is asked for, then the queue and the claim say the claimant owes an answer and only rejection is offered or allowed', async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const asked = await advisor.post(`/api/v1/staff/claims/${claim.hashid}/info-requests`, {
      sectionTypeList: ['PERSONAL_DETAILS'],
    });
    expect(asked.status).toBe(201);
    const row = (await advisor.get(`/api/v1/staff/claims?q=${claim.hashid}`)).body.items[0];
    expect(row).toMatchObject({ status: 'info_requested', waitingOn: 'claimant' });
    const page = (await advisor.get(`/api/v1/staff/claims/${claim.hashid}`)).body;
    expect(page).toMatchObject({ status: 'info_requested', waitingOn: 'claimant' });
    expect(page.allowedTransitions).toEqual(['rejected']);
    const blocked = await step(advisor, claim.hashid, 'submitted', 'reviewed');
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      message: expect.stringContaining('information request'),
      currentStep: 'submitted',
      allowedTransitions: ['rejected'],
    });
  });

  it("when information is asked for images the claim's ticket does not have, or on a closed claim, then it is refused (400 naming sectionTypeList, 409) and nothing is asked", async () => {
    const advisor = await staffMember(ctx.server, 'claims_advisor');
    // A pink draw ticket.
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    const path = `/api/v1/staff/claims/${claim.hashid}/info-requests`;
    for (const foreign of [['SC_IMAGES'], ['PERSONAL_DETAILS', 'DBG_WHITE_IMAGES']]) {
      const refused = await advisor.post(path, { sectionTypeList: foreign });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [
          {
            property: 'sectionTypeList',
            name: 'sectionTypeList',
            constraints: { askable: expect.stringContaining(foreign.at(-1)!) },
            children: [],
          },
        ],
      });
    }
    expect((await advisor.post(path, { sectionTypeList: ['DBG_PINK_IMAGES'] })).status).toBe(201);
    await ctx.sink.waitFor(claim.email, /more information/);
    expect(
      (await step(advisor, claim.hashid, 'submitted', 'rejected', 'Not a winning ticket')).status,
    ).toBe(200);
    const closed = await advisor.post(path, { sectionTypeList: ['PERSONAL_DETAILS'] });
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This claim is paid or rejected: the claimant cannot be asked for information.',
    });
    const page = (await advisor.get(`/api/v1/staff/claims/${claim.hashid}`)).body;
    expect(page.infoRequests).toHaveLength(1);
    expect(page.infoRequests[0].sectionTypeList).toEqual(['DBG_PINK_IMAGES']);
  });

  it('when a claim moved on since the page was loaded, then the answer says who moved it, when, where to, and the moves valid now', async () => {
    const first = await staffMember(ctx.server, 'claims_advisor');
    const second = await staffMember(ctx.server, 'claims_advisor');
    const claim = await submittedClaim(ctx.server.url, ctx.sink);
    expect((await step(first, claim.hashid, 'submitted', 'reviewed')).status).toBe(200);
    const stale = await step(second, claim.hashid, 'submitted', 'rejected', 'Duplicate');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: expect.stringMatching(
        new RegExp(
          `^${first.name} moved this claim to Reviewed at \\d{1,2}:\\d{2}(am|pm) on \\d{1,2} \\w+ \\d{4}\\.$`,
        ),
      ),
      currentStep: 'reviewed',
      movedBy: first.name,
      movedAt: expect.any(String),
      allowedTransitions: ['ticket_requested', 'rejected'],
    });
  });
});
