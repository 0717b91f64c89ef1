import { expect, inject } from 'vitest';
import { api, isMock, type RequestOptions, TOKEN, uniqueEmail } from './api.ts';
import { staffSetupLink, waitForLink } from './mail.ts';
import { freshCode, noteUsedStep } from './totp.ts';

/**
 * Staff members for the back-office scenarios. On the real target they are real accounts: the
 * first admin comes from STAFF_ADMIN_EMAIL (its set-up link e-mailed at start-up), the others
 * are created by that admin; each one completes its set-up link (password and authenticator
 * code) and signs in, and its session cookie and CSRF token are kept. On the mock every staff
 * member holds the contract's example session.
 */

/** The server's STAFF_ADMIN_EMAIL (support/global-setup.ts). */
export const STAFF_ADMIN_EMAIL = 'staff-admin@example.com';
export const STAFF_PASSWORD = 'correct horse battery staple';

/** The contract's example token and CSRF token (StaffSessionAdvisor). */
export const MOCK_SETUP_TOKEN = 'Hq3vN8xK2mPz7RtY5wB1cD9fG4jL6sA0eU2iO7kQ9Xw';
const MOCK_CSRF_TOKEN = 'Yq8Rk2Vn5Tx1Wb7Mz4Lc9Hp3Gs6Jd0Fa';
const MOCK_SECRET = 'JBSWY3DPEHPK3PXPKZQW4YLTMVZGK43U';

export type StaffRole = 'claims_advisor' | 'customer_care' | 'admin';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  roles: StaffRole[];
  password: string;
  /** The TOTP secret enrolled at set-up. */
  secret: string;
  /** `staff_session=...`, as the Cookie header sends it. */
  cookie: string;
  csrfToken: string;
}

/** The `staff_session` cookie of a Set-Cookie header, as a Cookie header sends it. */
export function sessionCookie(setCookie: string | null): string {
  const found = /(?:^|,\s*)(staff_session=[^;,\s]+)/.exec(setCookie ?? '');
  expect(found, `a staff_session cookie in Set-Cookie: ${setCookie}`).not.toBeNull();
  return found![1]!;
}

/**
 * Request options that act as `member`: its session cookie, and its CSRF token unless
 * `csrf: false` (a state-changing call without it must be refused).
 */
export function as(
  member: StaffMember,
  options: RequestOptions = {},
  { csrf = true }: { csrf?: boolean } = {},
): RequestOptions {
  return {
    ...options,
    headers: {
      ...options.headers,
      cookie: member.cookie,
      ...(csrf ? { 'x-csrf-token': member.csrfToken } : {}),
    },
  };
}

/** Signs in and returns the new session's cookie and CSRF token. */
export async function signIn(
  member: Pick<StaffMember, 'email' | 'password' | 'secret'>,
): Promise<{ cookie: string; csrfToken: string }> {
  const signedIn = await api('POST', '/api/v1/staff/session', {
    json: {
      email: member.email,
      password: member.password,
      code: isMock ? '492039' : await freshCode(member.secret),
    },
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  if (isMock) return { cookie: 'staff_session=mock-session', csrfToken: MOCK_CSRF_TOKEN };
  expect(signedIn.body.csrfToken).toMatch(TOKEN);
  return {
    cookie: sessionCookie(signedIn.headers.get('set-cookie')),
    csrfToken: signedIn.body.csrfToken,
  };
}

/** Opens a set-up link, enrols the authenticator, sets password and a current code, signs in. */
export async function completeSetup(setupToken: string, email: string): Promise<StaffMember> {
  const setup = await api('GET', `/api/v1/staff/setup/${setupToken}`);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enrolment = await api('POST', `/api/v1/staff/setup/${setupToken}/authenticator`);
  expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(200);
  const secret: string = isMock ? MOCK_SECRET : enrolment.body.totpSecret;
  const completed = await api('POST', `/api/v1/staff/setup/${setupToken}`, {
    json: { password: STAFF_PASSWORD, code: isMock ? '731904' : await freshCode(secret) },
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(204);
  const member = { email, password: STAFF_PASSWORD, secret };
  const session = await signIn(member);
  const current = await api('GET', '/api/v1/staff/session', {
    headers: { cookie: session.cookie },
  });
  expect(current.status, JSON.stringify(current.body)).toBe(200);
  const staff = current.body.staff;
  return { ...member, ...session, id: staff.id, name: staff.name, roles: staff.roles };
}

/**
 * The first admin (STAFF_ADMIN_EMAIL). Real target: set up and signed in once by the global
 * setup, shared by every scenario file with its session (its set-up link works once;
 * support/first-admin.ts). The mock: the contract's example set-up.
 */
export async function firstAdmin(): Promise<StaffMember> {
  if (isMock) return completeSetup(MOCK_SETUP_TOKEN, STAFF_ADMIN_EMAIL);
  const shared = inject('firstAdmin');
  expect(shared, 'the global setup signs the first admin in on the real target').not.toBeNull();
  const { lastStep, ...admin } = shared!;
  noteUsedStep(admin.secret, lastStep);
  expect(admin.email).toBe(STAFF_ADMIN_EMAIL);
  return admin;
}

/** A new account created by `admin`, its set-up link e-mailed to it; returns the token. */
export async function createAccount(
  admin: StaffMember,
  role: StaffRole,
  name: string,
): Promise<{ email: string; setupToken: string; id: string }> {
  const email = uniqueEmail(role.replace('_', '-'));
  const created = await api(
    'POST',
    '/api/v1/staff/accounts',
    as(admin, { json: { email, name, roles: [role] } }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (isMock) return { email, setupToken: MOCK_SETUP_TOKEN, id: created.body.id };
  const { token } = await waitForLink(email, staffSetupLink);
  return { email, setupToken: token, id: created.body.id };
}

/** A signed-in staff member of `role`, created by `admin`. */
export async function staffMember(
  admin: StaffMember,
  role: StaffRole,
  name: string,
): Promise<StaffMember> {
  const { email, setupToken } = await createAccount(admin, role, name);
  return completeSetup(setupToken, email);
}

/** Operations a signed-in admin needs on the real server. */
export const ADMIN = [
  'getStaffSetup',
  'enrolStaffAuthenticator',
  'completeStaffSetup',
  'signInStaff',
  'getStaffSession',
];
/** Operations any other signed-in staff member needs on the real server. */
export const STAFF = [...ADMIN, 'createStaff'];
