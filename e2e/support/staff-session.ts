import { staffKeys } from '../../server/src/modules/staff/auth/staff-secrets.ts';
import { STAFF_SECRET_KEY } from '../harness/stack.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { sql } from './database.ts';
import { stack } from './env.ts';

export interface StaffSession {
  id: string;
  name: string;
  token: string;
  csrfToken: string;
}

/**
 * A member of staff with a live session, written straight to the database (signing in and the
 * set-up link are issue 24's spec; the first admin's link can be used once per stack).
 */
export async function staffSession(
  role: 'claims_advisor' | 'customer_care' | 'admin',
  name: string,
): Promise<StaffSession> {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await sql(
    `insert into staff_account (id, email, name, roles, totp_secret_sealed, setup_completed_at)
     values ($1, $2, $3, array[$4::text], $5, now())`,
    [id, `${role}.${id.slice(0, 8)}@winner-services.example`, name, role, randomBytes(32)],
  );
  await sql(
    // Made under the stack's key (a session of another key has ended).
    `insert into staff_session (id, token_hash, staff_id, idle_expires_at, expires_at, key_id)
     values ($1, $2, $3, now() + interval '4 hours', now() + interval '8 hours', $4)`,
    [
      randomUUID(),
      createHash('sha256').update(token, 'utf8').digest(),
      id,
      staffKeys(STAFF_SECRET_KEY).id,
    ],
  );
  const res = await fetch(`${stack().baseUrl}/api/v1/staff/session`, {
    headers: { Cookie: `staff_session=${token}` },
  });
  if (!res.ok) throw new Error(`staff session answered ${res.status}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { id, name, token, csrfToken };
}

/** Puts the session's cookie in the browser, as signing in would. */
export async function useStaffSession(context: BrowserContext, session: StaffSession) {
  await context.addCookies([
    {
      name: 'staff_session',
      value: session.token,
      url: stack().baseUrl,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/** A staff API call with the session's cookie and CSRF token. */
export async function staffCall<T>(
  session: StaffSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stack().baseUrl}${path}`, {
    method,
    headers: {
      Cookie: `staff_session=${session.token}`,
      'X-CSRF-Token': session.csrfToken,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Moves a claim along the steps from `submitted` up to `to`, by the API. */
export async function moveClaim(session: StaffSession, hashid: string, to: string) {
  const path = [
    'submitted',
    'reviewed',
    'ticket_requested',
    'ticket_received',
    'payment_details_requested',
    'paid',
  ];
  let claim: { step: string; ticketCode?: string } = { step: 'submitted' };
  for (let i = 1; i <= path.indexOf(to); i++)
    claim = await staffCall(session, 'POST', `/api/v1/staff/claims/${hashid}/step`, {
      from: path[i - 1],
      to: path[i],
    });
  return claim;
}
