import { totp } from './totp.ts';

/**
 * The first back-office admin, set up ONCE for the whole run by the global setup (real target).
 *
 * Its set-up link (e-mailed at start-up for STAFF_ADMIN_EMAIL) works once, and every scenario
 * file is its own worker: if one file used the link, no other file could sign an admin in. So
 * the global setup completes the set-up and signs in here, and hands every file the account, its
 * TOTP secret and its session through vitest's provide/inject (support/staff.ts, firstAdmin).
 * Requests go through Prism's contract-checking proxy like every scenario's; this runs outside
 * any test, so it checks the answers itself and throws with what it got.
 */
export interface SharedAdmin {
  id: string;
  email: string;
  name: string;
  roles: Array<'claims_advisor' | 'customer_care' | 'admin'>;
  password: string;
  secret: string;
  /** `staff_session=...`, as the Cookie header sends it. */
  cookie: string;
  csrfToken: string;
  /** The last TOTP step the server accepted for this secret: each code is accepted once. */
  lastStep: number;
}

interface Where {
  /** Prism's proxy in front of the real server. */
  baseUrl: string;
  /** PUBLIC_URL of the server: the base of the link in the set-up e-mail. */
  publicUrl: string;
  /** MailDev's REST API. */
  inboxUrl: string;
}

const STEP_MS = 30_000;
// One client address (TEST-NET-2) for all of it: the harness runs the server with TRUST_PROXY.
const CLIENT = '198.51.100.200';

async function call(
  where: Where,
  method: string,
  path: string,
  expected: number,
  init: { json?: unknown; cookie?: string } = {},
): Promise<{ body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': CLIENT };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const response = await fetch(new URL(path, where.baseUrl), {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  const violations = response.headers.get('sl-violations');
  if (response.status !== expected || violations)
    throw new Error(
      `first admin set-up: ${method} ${path} answered ${response.status} (expected ${expected})` +
        `${violations ? `, breaking the contract: ${violations}` : ''}: ${text.slice(0, 500)}`,
    );
  return {
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

async function setupToken(where: Where, email: string, timeoutMs = 60_000): Promise<string> {
  const escaped = where.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}/staff/setup/([A-Za-z0-9_-]{22,128})(?![A-Za-z0-9_-])`);
  const url = new URL('/api/email', where.inboxUrl);
  url.searchParams.set('to.address', email);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`MailDev answered ${response.status} to ${url}`);
    const emails = (await response.json()) as Array<{ text?: string; html?: string }>;
    for (const found of emails) {
      const match = link.exec(`${found.text ?? ''}\n${found.html ?? ''}`);
      if (match) return match[1]!;
    }
    if (Date.now() > deadline)
      throw new Error(`no set-up e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Completes the first admin's set-up from its e-mailed link and signs it in once. */
export async function setUpFirstAdmin(
  where: Where,
  email: string,
  password: string,
): Promise<SharedAdmin> {
  const token = await setupToken(where, email);
  await call(where, 'GET', `/api/v1/staff/setup/${token}`, 200);
  const enrolment = await call(where, 'POST', `/api/v1/staff/setup/${token}/authenticator`, 200);
  const secret = String(enrolment.body.totpSecret);
  const step = Math.floor(Date.now() / STEP_MS);
  await call(where, 'POST', `/api/v1/staff/setup/${token}`, 204, {
    json: { password, code: totp(secret, step) },
  });
  // The set-up used this step's code; the server accepts the next step's code already.
  const signedIn = await call(where, 'POST', '/api/v1/staff/session', 200, {
    json: { email, password, code: totp(secret, step + 1) },
  });
  const cookie = /(?:^|,\s*)(staff_session=[^;,\s]+)/.exec(
    signedIn.headers.get('set-cookie') ?? '',
  )?.[1];
  if (!cookie) throw new Error('first admin set-up: the sign-in set no staff_session cookie');
  const staff = signedIn.body.staff as Pick<SharedAdmin, 'id' | 'name' | 'roles'>;
  return {
    id: staff.id,
    email,
    name: staff.name,
    roles: staff.roles,
    password,
    secret,
    cookie,
    csrfToken: String(signedIn.body.csrfToken),
    lastStep: step + 1,
  };
}
