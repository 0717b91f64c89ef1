import { randomUUID } from 'node:crypto';
import { signInStaff } from '@prize/test-kit/staff-sign-in';
import { hashPassword } from '../../server/src/modules/staff/auth/passwords.ts';
import { newTotpSecret } from '../../server/src/modules/staff/auth/totp.ts';
import { sealTotpSecret, staffKeys } from '../../server/src/modules/staff/auth/staff-secrets.ts';
import { STAFF_SECRET_KEY } from '../harness/stack.ts';
import { sql } from './database.ts';
import { stack } from './env.ts';

export interface StaffApi {
  name: string;
  /** Moves a claim one step, as the claim page's buttons do. */
  step(hashid: string, from: string, to: string, reason?: string): Promise<void>;
}

/**
 * A claims advisor made straight in the database (set up, password and TOTP sealed as the server
 * does) and signed in through the API: the process specs drive staff steps through the API, the
 * back-office spec drives them through the screens.
 */
export async function claimsAdvisorApi(name: string, email: string): Promise<StaffApi> {
  const password = 'correct horse battery staple process';
  const secret = newTotpSecret();
  await sql(
    `insert into staff_account (id, email, name, roles, password_hash, totp_secret_sealed, setup_completed_at)
     values ($1, $2, $3, array['claims_advisor'], $4, $5, now())`,
    [
      randomUUID(),
      email.toLowerCase(),
      name,
      await hashPassword(password),
      sealTotpSecret(secret, staffKeys(STAFF_SECRET_KEY)),
    ],
  );
  const { cookie, csrfToken } = await signInStaff(stack().baseUrl, { email, password, secret });
  return {
    name,
    async step(hashid, from, to, reason) {
      const moved = await fetch(`${stack().baseUrl}/api/v1/staff/claims/${hashid}/step`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
        body: JSON.stringify({ from, to, ...(reason ? { reason } : {}) }),
      });
      if (!moved.ok)
        throw new Error(`step ${from} → ${to} answered ${moved.status}: ${await moved.text()}`);
    },
  };
}
