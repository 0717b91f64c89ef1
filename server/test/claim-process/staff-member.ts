import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { StaffAccountSchema } from '../../src/modules/staff/accounts/staff-account.entity.ts';
import type { StaffRole } from '../../src/modules/staff/accounts/staff-role.ts';
import { openStaffSession } from '../../src/modules/staff/auth/staff-session.ts';
import { csrfTokenFor, staffKeys } from '../../src/modules/staff/auth/staff-secrets.ts';
import type { TestServer } from '../support/test-server.ts';

export interface StaffMember {
  id: string;
  name: string;
  role: StaffRole;
  /** The session cookie, for calls made without the helpers below. */
  cookie: string;
  /** The session's CSRF token, for state-changing calls made without the helpers below. */
  csrfToken: string;
  get(path: string): request.Test;
  post(path: string, body: object): request.Test;
}

/**
 * A member of staff with a live session, made in the database (signing in is the staff module's
 * own tests' business): calls carry the session cookie and, when state-changing, the CSRF token.
 */
export async function staffMember(server: TestServer, role: StaffRole): Promise<StaffMember> {
  const em = server.orm.em.fork();
  const id = randomUUID();
  const name = `Test ${role.replace('_', ' ')} ${id.slice(0, 6)}`;
  const account = em.create(StaffAccountSchema, {
    id,
    email: `${role}.${id.slice(0, 8)}@staff.example.co.uk`,
    name,
    roles: [role],
    totpSecretSealed: randomBytes(32),
    setupCompletedAt: new Date(),
  });
  const keys = staffKeys(server.config.staffSecretKey);
  const { token } = openStaffSession(
    em,
    account,
    new Date(),
    {
      idleMinutes: server.config.staffSessionIdleMinutes,
      maxHours: server.config.staffSessionMaxHours,
    },
    keys.id,
  );
  await em.flush();
  const cookie = `staff_session=${token}`;
  const csrf = csrfTokenFor(token, keys);
  return {
    id,
    name,
    role,
    cookie,
    csrfToken: csrf,
    get: (path) => request(server.url).get(path).set('Cookie', cookie),
    post: (path, body) =>
      request(server.url).post(path).set('Cookie', cookie).set('X-CSRF-Token', csrf).send(body),
  };
}
