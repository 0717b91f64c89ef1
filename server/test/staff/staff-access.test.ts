import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/http/openapi.ts';
import type { StaffRole } from '../../src/modules/staff/accounts/staff-role.ts';
import { STAFF_ROLES } from '../../src/modules/staff/accounts/staff-role.ts';
import { useClaimServer } from '../support/claim-server.ts';
import { seedStaff, signIn, testClock, type SignedIn } from './staff-fixtures.ts';

const clock = testClock();
const ctx = useClaimServer({}, { staffClock: clock.now });

interface Operation {
  id: string;
  method: string;
  path: string;
  public: boolean;
}

const examples: Record<string, string> = {
  setupToken: 'A'.repeat(43),
  claimHashid: 'K7Q2M9XA',
  uuid: randomUUID(),
  staffId: randomUUID(),
  sessionId: randomUUID(),
  ticketCode: 'PC-7Q2M9XA4KD',
};

/** Every staff operation of the contract, with example path parameters. */
function staffOperations(): Operation[] {
  const paths = loadContract().paths as Record<string, Record<string, Record<string, unknown>>>;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/v1/staff/'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          id: operation.operationId as string,
          method,
          path: path.replace(/\{(\w+)\}/g, (_, name: string) => examples[name] ?? 'x'),
          // No security, or an empty requirement among the choices: callable without a session.
          public:
            Array.isArray(operation.security) &&
            (operation.security.length === 0 ||
              operation.security.some(
                (requirement: object) => Object.keys(requirement).length === 0,
              )),
        })),
    );
}

const call = (operation: Operation, session?: SignedIn, csrf?: string) => {
  const req = request(ctx.server.url)[operation.method as 'get'](operation.path);
  if (session) req.set('Cookie', session.cookie);
  if (csrf) req.set('X-CSRF-Token', csrf);
  return operation.method === 'get' ? req : req.send({});
};

/**
 * Who may call each staff operation of this module (docs/adr/019). The claim operations' roles
 * are added with their handlers.
 */
const ROLES: Record<string, readonly StaffRole[]> = {
  getStaffSession: STAFF_ROLES,
  signOutStaff: STAFF_ROLES,
  listStaff: ['admin'],
  createStaff: ['admin'],
  searchDataSubjectClaims: ['admin', 'data_protection'],
  exportDataSubjectClaims: ['admin', 'data_protection'],
  eraseClaimPersonalData: ['admin', 'data_protection'],
  disableStaff: ['admin'],
  enableStaff: ['admin'],
  resetStaff: ['admin'],
  changeStaffPassword: STAFF_ROLES,
  listStaffSessions: STAFF_ROLES,
  endOtherStaffSessions: STAFF_ROLES,
  endStaffSession: STAFF_ROLES,
};

// Each role signs in (argon2: seconds on a busy 2-core machine), then calls every operation.
describe('staff access', { timeout: 120_000 }, () => {
  const operations = staffOperations();

  it('when the contract is read, then only sign-in, the session probe and the set-up link are public', () => {
    expect(
      operations
        .filter((operation) => operation.public)
        .map((operation) => operation.id)
        .sort(),
    ).toEqual([
      'completeStaffSetup',
      'enrolStaffAuthenticator',
      'getStaffSession',
      'getStaffSetup',
      'signInStaff',
    ]);
    expect(operations.length).toBeGreaterThan(3);
  });

  it('when there is no session, then every other staff operation answers 401', async () => {
    for (const operation of operations.filter((candidate) => !candidate.public)) {
      const res = await call(operation);
      expect({ operation: operation.id, status: res.status }).toEqual({
        operation: operation.id,
        status: 401,
      });
      expect(res.body).toEqual({
        statusCode: 401,
        message: 'Your session has ended. Please sign in again.',
        error: 'Unauthorized',
      });
    }
  });

  it('when a state-changing call has no or a wrong CSRF token, then it answers 403 for every role', async () => {
    for (const role of STAFF_ROLES) {
      clock.advance(30_000);
      const session = await signIn(ctx.server, await seedStaff(ctx.server, role), clock);
      for (const operation of operations.filter(
        (candidate) => !candidate.public && candidate.method !== 'get',
      )) {
        for (const csrf of [undefined, 'not-the-token', session.csrfToken.toLowerCase()]) {
          if (csrf === session.csrfToken) continue;
          const res = await call(operation, session, csrf);
          expect({ operation: operation.id, role, status: res.status }).toEqual({
            operation: operation.id,
            role,
            status: 403,
          });
          expect(res.body.message).toBe('A valid CSRF token is required.');
        }
      }
    }
  });

  it('when a role may not call an operation, then it answers 403', async () => {
    for (const role of STAFF_ROLES) {
      clock.advance(30_000);
      const session = await signIn(ctx.server, await seedStaff(ctx.server, role), clock);
      for (const [id, allowed] of Object.entries(ROLES)) {
        if (allowed.includes(role)) continue;
        const operation = operations.find((candidate) => candidate.id === id)!;
        const res = await call(operation, session, session.csrfToken);
        expect({ operation: id, role, status: res.status }).toEqual({
          operation: id,
          role,
          status: 403,
        });
        expect(res.body.message).toBe('You do not have access to this.');
      }
    }
  });

  it('when the path is disguised, then it is still refused or unknown', async () => {
    for (const path of [
      '/API/v1/staff/accounts',
      '/api/v1/STAFF/accounts',
      '/api/v1/staff//accounts',
      '/api/v1/staff/accounts/',
      '/api/v1/claim/../staff/accounts',
      '/api/v1/%73taff/accounts',
    ]) {
      const res = await request(ctx.server.url).get(path);
      expect({ path, refused: [401, 404].includes(res.status) }).toEqual({ path, refused: true });
    }
  });

  it('when a session is sent to a public call, then the call still works without a CSRF token', async () => {
    const session = await signIn(ctx.server, await seedStaff(ctx.server, 'admin'), clock);
    const res = await request(ctx.server.url)
      .get(`/api/v1/staff/setup/${'B'.repeat(43)}`)
      .set('Cookie', session.cookie);
    expect(res.status).toBe(404);
  });
});
