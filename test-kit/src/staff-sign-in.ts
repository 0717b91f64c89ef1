import { freshCode } from './totp.ts';

export interface StaffCredentials {
  email: string;
  password: string;
  /** The TOTP secret enrolled at set-up. */
  secret: string;
}

export interface SignedInStaff {
  /** `staff_session=...` (and any other cookie set), as a Cookie header sends it. */
  cookie: string;
  csrfToken: string;
}

/**
 * Signs a member of staff in through the API (POST /api/v1/staff/session) with a code the
 * server has not seen yet, and gives what later calls send: the session cookie and the CSRF token.
 */
export async function signInStaff(
  baseUrl: string,
  { email, password, secret }: StaffCredentials,
): Promise<SignedInStaff> {
  const res = await fetch(`${baseUrl}/api/v1/staff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, code: await freshCode(secret) }),
  });
  if (!res.ok) throw new Error(`staff sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}
